/**
 * At the payment step, the shopper's saved cards as a radio list with "Use a new card" last. A
 * saved card pays with one press (the server checks it is the shopper's); "Use a new card" shows
 * the provider's card form, given as `children`.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { cardBrandName } from '../../../../contract/payment-method-rules.ts';
import type { Payment } from '../../../../contract/orders.ts';
import type { SavedPaymentMethod } from '../../../../contract/payment-methods.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { usePayWithSavedMethod } from '../api/pay-with-saved-method.ts';
import { PAY_OFFLINE_TEXT } from './test-payment-form.tsx';
import styles from './orders.module.css';

export const NEW_CARD = 'new';
export const USE_NEW_CARD_TEXT = msg`Use a new card`;

export function SavedCardChoice({
  orderId,
  payment,
  cards,
  children,
}: {
  orderId: string;
  payment: Payment;
  cards: SavedPaymentMethod[];
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const amount = formatMoney(payment.amount, locale);
  const [choice, setChoice] = useState<string>(cards[0]?.id ?? NEW_CARD);
  const pay = usePayWithSavedMethod(orderId);
  const online = useOnline();
  const chosen = cards.find((card) => card.id === choice) ?? null;
  const declined =
    payment.status === 'requires_payment_method' && payment.lastError && !pay.isPending
      ? payment.lastError
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (chosen) pay.mutate(chosen.id);
  }

  return (
    <div className={styles.stack}>
      <fieldset className={styles.fieldset} disabled={pay.isPending}>
        <legend className={styles.legend}>
          <Trans>Pay with</Trans>
        </legend>
        {cards.map((card) => (
          <label key={card.id} className={styles.choice}>
            <input
              type="radio"
              name="paymentChoice"
              value={card.id}
              checked={choice === card.id}
              onChange={() => setChoice(card.id)}
            />
            <span className={styles.choiceText}>
              <SavedCardText card={card} />
            </span>
          </label>
        ))}
        <label className={styles.choice}>
          <input
            type="radio"
            name="paymentChoice"
            value={NEW_CARD}
            checked={choice === NEW_CARD}
            onChange={() => setChoice(NEW_CARD)}
          />
          <span className={styles.choiceText}>{i18n._(USE_NEW_CARD_TEXT)}</span>
        </label>
      </fieldset>
      {chosen ? (
        <form
          onSubmit={onSubmit}
          className={styles.form}
          aria-label={i18n._(msg`Pay with a saved card`)}
        >
          {declined ? (
            <p className={styles.alert} role="alert">
              {declined} <Trans>Choose another card or use a new one.</Trans>
            </p>
          ) : null}
          <FormFailure
            message={
              pay.isError
                ? failureMessage(
                    pay.error,
                    i18n._(msg`Your payment could not be sent. Please try again.`),
                  )
                : null
            }
          />
          <Button type="submit" block loading={pay.isPending} disabled={!online}>
            {pay.isPending ? <Trans>Paying…</Trans> : <Trans>Pay {amount}</Trans>}
          </Button>
          {!online ? (
            <p className={styles.notice} role="status">
              {i18n._(PAY_OFFLINE_TEXT)}
            </p>
          ) : null}
        </form>
      ) : (
        children
      )}
    </div>
  );
}

/** "Visa •••• 4242, expires 04/28": the contract's describeSavedCard, through the catalogs. */
function SavedCardText({ card }: { card: SavedPaymentMethod }) {
  const brand = cardBrandName(card.brand);
  const last4 = card.last4;
  const month = String(card.expMonth).padStart(2, '0');
  const year = String(card.expYear % 100).padStart(2, '0');
  return (
    <Trans>
      {brand} •••• {last4}, expires {month}/{year}
    </Trans>
  );
}
