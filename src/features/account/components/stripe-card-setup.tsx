/**
 * Stripe's Payment Element in setup mode, for adding a card to the shopper's saved cards. Loaded
 * only through a lazy import (saved-payment-methods.tsx), so Stripe's code never ships with a
 * first page. The card goes from the browser to Stripe; the shop is then told only the
 * SetupIntent's id and reads the card's brand, last four and expiry from Stripe itself.
 *
 * Default export: StripeCardSetup({ clientSecret, publishableKey, onDone }).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import type { SavedPaymentMethod } from '../../../../contract/payment-methods.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { stripeFor } from '../../../lib/payments/load-stripe.ts';
import { useSaveCard } from '../api/payment-methods.ts';
import styles from './saved-payment-methods.module.css';

export default function StripeCardSetup(props: {
  clientSecret: string;
  publishableKey: string;
  onDone: (saved: SavedPaymentMethod | null) => void;
}) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret }}
    >
      <SetupForm onDone={props.onDone} />
    </Elements>
  );
}

function SetupForm({ onDone }: { onDone: (saved: SavedPaymentMethod | null) => void }) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const save = useSaveCard();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || sending) return;
    setSending(true);
    setFailure(null);
    try {
      // The SetupIntent allows no redirecting methods, so the answer comes back here.
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) {
        setFailure(result.error.message ?? t`Your card could not be saved.`);
        return;
      }
      onDone(await save.mutateAsync({ setupIntentId: result.setupIntent.id }));
    } catch (err) {
      setFailure(failureMessage(err, t`Your card could not be saved. Please try again.`));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={t`Add a card`}>
      <PaymentElement />
      <FormFailure message={failure} />
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="dark"
          loading={sending}
          disabled={!stripe || !elements || !online}
        >
          <Trans>Save card</Trans>
        </Button>
        <Button variant="ghost" disabled={sending} onClick={() => onDone(null)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
