/**
 * Stripe's Payment Element for an order's PaymentIntent (cards, and the wallets and pay-later
 * methods the Dashboard enables). Loaded only by the checkout page's
 * payment step, through a lazy import (payment-step.tsx), so Stripe's code never ships with any
 * other page. After `confirmPayment({ redirect: 'if_required' })` the order's payment is read
 * again until it has succeeded or failed; the answer goes in the payment query, which the payment
 * step follows.
 *
 * Default export: StripePaymentForm({ orderId, clientSecret, amount, publishableKey }).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { useOnline } from '../../../hooks/use-online.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { stripeFor } from '../../../lib/payments/load-stripe.ts';
import { ordersKeys } from '../api/keys.ts';
import { getPayment, isPaymentSettled } from '../api/get-payment.ts';
import styles from './orders.module.css';

const POLL_MS = 1500;
const POLL_TRIES = 20;

export default function StripePaymentForm(props: {
  orderId: string;
  clientSecret: string;
  amount: number;
  publishableKey: string;
}) {
  const locale = useLocale();
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret, locale }}
    >
      <StripeForm orderId={props.orderId} amount={props.amount} />
    </Elements>
  );
}

function StripeForm({ orderId, amount: cents }: { orderId: string; amount: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const amount = formatMoney(cents, locale);
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const returnUrl = new URL('/checkout', window.location.origin);
      returnUrl.searchParams.set('orderId', orderId);
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl.href },
      });
      if (result.error) {
        setFailure(result.error.message ?? i18n._(msg`Your payment could not be completed.`));
        return;
      }
      // Stripe has it; the shop hears of it from Stripe: follow the order's payment until settled.
      for (let tries = 0; tries < POLL_TRIES; tries++) {
        const payment = await getPayment(orderId);
        queryClient.setQueryData(ordersKeys.payment(orderId), payment);
        if (isPaymentSettled(payment)) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch {
      setFailure(
        i18n._(msg`We could not confirm your payment. Check your connection and try again.`),
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label={i18n._(msg`Payment`)}>
      <PaymentElement />
      <FormFailure message={failure} />
      <Button type="submit" block loading={sending} disabled={!stripe || !elements || !online}>
        {sending ? <Trans>Paying…</Trans> : <Trans>Pay {amount}</Trans>}
      </Button>
    </form>
  );
}
