/**
 * The profile's "Saved payment methods" section: the shopper's cards ("Visa •••• 4242, expires
 * 12/30"), each removable after a confirmation, and "Add a card". With the built-in test provider
 * the shopper picks one of its test cards; with Stripe the card is entered in Stripe's Payment
 * Element (setup mode), loaded lazily so Stripe.js never ships with a first page. The card number
 * never reaches the shop.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  describeSavedCard,
  type TestCardChoice,
} from '../../../../contract/payment-method-rules.ts';
import type { PaymentMethodSetup, TestCardOption } from '../../../../contract/payment-methods.ts';
import { TEST_PAYMENT_LABEL } from '../../../../contract/checkout-rules.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import type { SavedPaymentMethod } from '../../../lib/payments/saved-payment-methods.ts';
import { toast } from '../../../stores/toasts.ts';
import {
  useRemoveCard,
  useSaveCard,
  useSavedPaymentMethods,
  useStartCardSetup,
} from '../api/payment-methods.ts';
import styles from './saved-payment-methods.module.css';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const StripeCardSetup = lazy(() => afterMessages(() => import('./stripe-card-setup.tsx')));

export const NO_SAVED_CARDS_TEXT = msg`You have no saved cards yet.`;

export function SavedPaymentMethods() {
  const { t, i18n } = useLingui();
  const cards = useSavedPaymentMethods();
  const start = useStartCardSetup();
  const online = useOnline();
  const [setup, setSetup] = useState<PaymentMethodSetup | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const finish = (saved: SavedPaymentMethod | null) => {
    setSetup(null);
    if (saved) {
      const card = describeSavedCard(saved);
      toast.success(t`${card} is saved.`);
    }
    // The "Add a card" button is back after the render this causes.
    setTimeout(() => addRef.current?.focus(), 0);
  };

  let list;
  if (cards.isPending) {
    list = <Spinner label={t`Loading your saved cards`} />;
  } else if (cards.isError) {
    list = (
      <div className={styles.failure} role="alert">
        <p>{failureMessage(cards.error, t`Your saved cards could not be loaded.`)}</p>
        <Button variant="outline" size="sm" onClick={() => void cards.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (cards.data.length === 0) {
    list = <p className={styles.muted}>{i18n._(NO_SAVED_CARDS_TEXT)}</p>;
  } else {
    list = (
      <ul className={styles.list}>
        {cards.data.map((card) => (
          <SavedCardRow key={card.id} card={card} />
        ))}
      </ul>
    );
  }

  let adding = null;
  if (setup?.provider === 'test') {
    adding = <TestCardPicker cards={setup.testCards} onDone={finish} />;
  } else if (setup?.provider === 'stripe') {
    const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
    adding = publishableKey ? (
      <Suspense fallback={<Spinner label={t`Loading the secure card form`} />}>
        <StripeCardSetup
          clientSecret={setup.clientSecret}
          publishableKey={publishableKey}
          onDone={finish}
        />
      </Suspense>
    ) : (
      <div className={styles.failure} role="alert">
        <p>
          <Trans>Cards cannot be added right now. Please try again later.</Trans>
        </p>
        <Button variant="outline" size="sm" onClick={() => finish(null)}>
          <Trans>Close</Trans>
        </Button>
      </div>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title" className={styles.title}>
        <Trans>Saved payment methods</Trans>
      </h2>
      {list}
      {adding ?? (
        <div className={styles.actions}>
          <button
            ref={addRef}
            type="button"
            className={buttonClassName({ variant: 'dark' })}
            disabled={!online || start.isPending}
            aria-busy={start.isPending || undefined}
            onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
          >
            {start.isPending ? t`Starting…` : t`Add a card`}
          </button>
          {!online ? (
            <p className={styles.muted} role="status">
              <Trans>You are offline. Reconnect to add a card.</Trans>
            </p>
          ) : null}
        </div>
      )}
      <FormFailure
        message={
          start.isError && !setup
            ? failureMessage(start.error, t`Adding a card could not start. Please try again.`)
            : null
        }
      />
    </section>
  );
}

function SavedCardRow({ card }: { card: SavedPaymentMethod }) {
  const { t } = useLingui();
  const remove = useRemoveCard();
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const description = describeSavedCard(card);

  const cancel = () => {
    setConfirming(false);
    remove.reset();
    setTimeout(() => removeRef.current?.focus(), 0);
  };

  return (
    <li className={styles.card}>
      <span className={styles.cardText}>{description}</span>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label={t`Remove ${description}?`}>
          <p className={styles.confirmText}>
            <Trans>Remove this card?</Trans>
          </p>
          <Button
            autoFocus
            size="sm"
            variant="dark"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(card.id, { onSuccess: () => toast.success(t`${description} removed.`) })
            }
          >
            <Trans>Yes, remove</Trans>
          </Button>
          <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={cancel}>
            <Trans>Keep it</Trans>
          </Button>
          <FormFailure
            message={
              remove.isError
                ? failureMessage(remove.error, t`The card could not be removed. Please try again.`)
                : null
            }
          />
        </div>
      ) : (
        <button
          ref={removeRef}
          type="button"
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
          aria-label={t`Remove ${description}`}
          onClick={() => setConfirming(true)}
        >
          <Trans>Remove</Trans>
        </button>
      )}
    </li>
  );
}

/** The built-in test provider's cards, picked by name: no number is typed or sent. */
function TestCardPicker({
  cards,
  onDone,
}: {
  cards: TestCardOption[];
  onDone: (saved: SavedPaymentMethod | null) => void;
}) {
  const { t } = useLingui();
  const save = useSaveCard();
  const [choice, setChoice] = useState<TestCardChoice>(cards[0]?.id ?? 'succeeds');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ testCard: choice }, { onSuccess: (saved) => onDone(saved) });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={t`Add a test card`}>
      <fieldset className={styles.fieldset} disabled={save.isPending}>
        <legend className={styles.legend}>
          <Trans>Choose a test card</Trans>
        </legend>
        <p className={styles.muted}>{TEST_PAYMENT_LABEL}</p>
        {cards.map((card) => (
          <label key={card.id} className={styles.choice}>
            <input
              type="radio"
              name="testCard"
              value={card.id}
              checked={choice === card.id}
              onChange={() => setChoice(card.id)}
            />
            <span>
              {card.label} — {describeSavedCard(card)}
            </span>
          </label>
        ))}
      </fieldset>
      <FormFailure
        message={save.isError ? failureMessage(save.error, t`The card could not be saved.`) : null}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="dark" loading={save.isPending}>
          <Trans>Save card</Trans>
        </Button>
        <Button variant="ghost" disabled={save.isPending} onClick={() => onDone(null)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
