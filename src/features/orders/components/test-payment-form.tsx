/**
 * The built-in test provider's card form (labelled TEST_PAYMENT_LABEL: no card is charged). The
 * reason of a failed attempt ("Your card was declined.") sits beside the card fields and the
 * shopper tries again in place. When the provider asks for authentication, AuthenticationChallenge
 * shows instead.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { TEST_CARDS, groupCardNumber } from '../../../../contract/checkout-rules.ts';
import type { Payment } from '../../../../contract/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useConfirmTestPayment } from '../api/confirm-test-payment.ts';
import styles from './orders.module.css';

const loadCardBody = () =>
  import('../../../../contract/orders.ts').then((rules) => rules.TestPaymentConfirmBody);

export const PAY_OFFLINE_TEXT = msg`You are offline. Reconnect to pay.`;
/** The built-in provider has no wallets: they come with Stripe (the shop then offers them). */
export const TEST_PROVIDER_CARDS_ONLY = msg`The test provider takes cards only. Apple Pay, Google Pay and Link appear when the shop takes payments through Stripe.`;

/** The contract's TEST_PAYMENT_LABEL, through the catalogs. */
export const TEST_PAYMENT_TEXT = msg`Test payment — no card is charged`;

/** The contract's TEST_CARD_OUTCOMES, through the catalogs. */
export const TEST_CARD_OUTCOME_TEXT: Record<keyof typeof TEST_CARDS, MessageDescriptor> = {
  succeeds: msg`pays`,
  declined: msg`is declined`,
  insufficientFunds: msg`is declined for insufficient funds`,
  requiresAuthentication: msg`asks for an authentication step`,
};

export function TestPaymentForm({ orderId, payment }: { orderId: string; payment: Payment }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const confirm = useConfirmTestPayment(orderId);
  const form = useSchemaForm(loadCardBody, { cardNumber: '', expiry: '', cvc: '' });
  const submission = useFormSubmit(
    form,
    i18n._(msg`Your payment could not be sent. Please try again.`),
  );
  const declined =
    payment.status === 'requires_payment_method' && payment.lastError && !confirm.isPending
      ? payment.lastError
      : null;

  const onSubmit = submission.onSubmit((body) =>
    confirm.mutate(
      { cardNumber: body.cardNumber, expiry: body.expiry, cvc: body.cvc },
      { onError: submission.fail },
    ),
  );

  if (payment.status === 'requires_action') {
    return <AuthenticationChallenge orderId={orderId} />;
  }

  const sending = confirm.isPending;
  const amount = formatMoney(payment.amount, locale);
  const label = i18n._(TEST_PAYMENT_TEXT);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className={styles.form}>
      <fieldset
        className={styles.fieldset}
        aria-describedby={declined ? 'payment-declined' : undefined}
      >
        <legend className={styles.legend}>{label}</legend>
        <TestCardList />
        {declined ? (
          <p id="payment-declined" className={styles.alert} role="alert">
            {declined} <Trans>Check the card details or use another card.</Trans>
          </p>
        ) : null}
        <TextField
          label={i18n._(msg`Card number`)}
          inputMode="numeric"
          autoComplete="cc-number"
          disabled={sending}
          {...form.field('cardNumber')}
        />
        <div className={styles.grid2}>
          <TextField
            label={i18n._(msg`Expiry (MM/YY)`)}
            autoComplete="cc-exp"
            disabled={sending}
            {...form.field('expiry')}
          />
          <TextField
            label={i18n._(msg`CVC`)}
            inputMode="numeric"
            autoComplete="cc-csc"
            disabled={sending}
            {...form.field('cvc')}
          />
        </div>
      </fieldset>
      <FormFailure message={submission.failure} />
      <Button
        type="submit"
        block
        loading={sending}
        disabled={!online}
        aria-describedby={online ? undefined : 'pay-offline'}
      >
        {sending ? <Trans>Paying…</Trans> : <Trans>Pay {amount}</Trans>}
      </Button>
      {!online ? (
        <p id="pay-offline" className={styles.notice} role="status">
          {i18n._(PAY_OFFLINE_TEXT)}
        </p>
      ) : null}
      {/* Under the button: the card fields stay where a phone's screen shows them at once. */}
      <p className={styles.smallNote}>{i18n._(TEST_PROVIDER_CARDS_ONLY)}</p>
    </form>
  );
}

/** The test cards and what each does: the shopper needs no document to try a payment. */
function TestCardList() {
  const { i18n } = useLingui();
  const cards = Object.keys(TEST_CARDS) as (keyof typeof TEST_CARDS)[];
  return (
    <div className={styles.notice}>
      <p id="test-cards-title">
        <Trans>Test cards, with any expiry date and security code:</Trans>
      </p>
      <ul aria-labelledby="test-cards-title">
        {cards.map((card) => (
          <li key={card}>
            <span translate="no">{groupCardNumber(TEST_CARDS[card])}</span>{' '}
            {i18n._(TEST_CARD_OUTCOME_TEXT[card])}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The test provider's stand-in for a bank's 3-D Secure step. */
export function AuthenticationChallenge({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const confirm = useConfirmTestPayment(orderId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const answer = (authenticate: boolean) => confirm.mutate({ authenticate });
  return (
    <section className={styles.challenge} aria-labelledby="authenticate-title">
      <h3 id="authenticate-title" ref={headingRef} tabIndex={-1}>
        <Trans>Authenticate this payment</Trans>
      </h3>
      <p>
        <Trans>
          Your bank asks you to confirm this payment. (Test payment: choose the outcome.)
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button loading={confirm.isPending} onClick={() => answer(true)}>
          <Trans>Complete authentication</Trans>
        </Button>
        <Button variant="outline" disabled={confirm.isPending} onClick={() => answer(false)}>
          <Trans>Fail authentication</Trans>
        </Button>
      </div>
      {confirm.isError ? (
        <p className={styles.alert} role="alert">
          {failureMessage(
            confirm.error,
            i18n._(msg`The answer could not be sent. Please try again.`),
            i18n,
          )}
        </p>
      ) : null}
    </section>
  );
}
