/**
 * The payment of an order that exists: "Your order FN-… is waiting for payment", the shopper's
 * saved cards with "Use a new card" when they have some, the card form of its provider (the test
 * provider's, or Stripe's Payment Element loaded lazily in a space reserved for it), the payment's
 * state in a live region, and the order's summary. Calls `onPaid` once the payment has succeeded
 * and `onClosed` when the order was cancelled before it was paid.
 *
 * The step replaces the checkout form where the shopper pressed "Place order", far down the page on
 * a phone: once its form shows, the step is scrolled to the top of the screen and its first field
 * (a saved card, or the card number) takes the focus.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { PAID_ORDER_STATUSES } from '../../../../contract/checkout-rules.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { orderQueryOptions } from '../api/get-order.ts';
import { paymentQueryOptions } from '../api/get-payment.ts';
import { useSavedPaymentMethods } from '../api/pay-with-saved-method.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { formatOrderDateTime, PAYMENT_STATUS_TEXT } from '../../../lib/order-format.ts';
import { AddressBlock } from '../../../components/orders/address-block.tsx';
import { OrderLines } from './order-lines.tsx';
import { SavedCardChoice } from './saved-card-choice.tsx';
import { TestPaymentForm } from './test-payment-form.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import styles from './orders.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const StripePaymentForm = lazy(() => afterMessages(() => import('./stripe-payment-form.tsx')));

const PROCESSING_POLL_MS = 1500;

export function PaymentStep({
  orderId,
  orderNumber,
  onPaid,
  onClosed,
}: {
  orderId: string;
  orderNumber: string | null;
  onPaid: (orderId: string) => void;
  onClosed: (orderId: string) => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const order = useQuery(orderQueryOptions(orderId));
  const payment = useQuery({
    ...paymentQueryOptions(orderId),
    staleTime: 5000,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false,
  });
  // A guest checkout keeps no cards (the server answers 403): none to offer.
  const savedCards = useSavedPaymentMethods(!useCustomer().user?.guest);
  const status = order.data?.status;
  const paid =
    payment.data?.status === 'succeeded' ||
    (status !== undefined && PAID_ORDER_STATUSES.includes(status));
  const closed = status === 'cancelled' || status === 'refunded';

  const onPaidRef = useRef(onPaid);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onPaidRef.current = onPaid;
    onClosedRef.current = onClosed;
  });
  useEffect(() => {
    if (paid) onPaidRef.current(orderId);
  }, [paid, orderId]);
  useEffect(() => {
    if (closed && !paid) onClosedRef.current(orderId);
  }, [closed, paid, orderId]);

  const sectionRef = useRef<HTMLElement>(null);
  // Saved cards change which form shows: wait while they are asked for, so the focus lands on a
  // field that stays (offline they are not asked for: the card form stays).
  const cardsKnown = savedCards.data !== undefined || savedCards.fetchStatus !== 'fetching';
  useBroughtIntoView(
    sectionRef,
    order.data !== undefined && payment.data !== undefined && !closed && cardsKnown,
  );

  const number = order.data?.number ?? orderNumber;
  if (order.isPending || (payment.isPending && !closed)) {
    return (
      <div className={styles.stack}>
        <Spinner label={i18n._(msg`Loading your order`)} />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <LoadFailure
        message={failureMessage(order.error, i18n._(msg`Your order could not be loaded.`))}
        onRetry={() => void Promise.all([order.refetch(), payment.refetch()])}
      />
    );
  }
  if (closed) {
    return (
      <div className={styles.stack}>
        <p className={styles.alert} role="alert">
          <Trans>Order {number} was cancelled before it was paid. Nothing was charged.</Trans>
        </p>
        <div className={styles.actions}>
          <Link to="/cart" className={buttonClassName({ variant: 'primary' })}>
            <Trans>Back to your cart</Trans>
          </Link>
          <Link
            to="/order/$orderId"
            params={{ orderId }}
            className={buttonClassName({ variant: 'outline' })}
          >
            <Trans>View the order</Trans>
          </Link>
        </div>
      </div>
    );
  }

  const current = payment.data;
  const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
  let form;
  if (!current) {
    form = (
      <LoadFailure
        message={failureMessage(payment.error, i18n._(msg`The payment could not be loaded.`))}
        onRetry={() => void payment.refetch()}
      />
    );
  } else if (paid || current.status === 'processing') {
    form = <Spinner label={i18n._(msg`Confirming your payment`)} />;
  } else if (current.provider === 'test') {
    form = <TestPaymentForm orderId={orderId} payment={current} />;
  } else if (current.clientSecret && publishableKey) {
    form = (
      <Suspense fallback={<Spinner label={i18n._(msg`Loading the secure payment form`)} />}>
        <StripePaymentForm
          orderId={orderId}
          clientSecret={current.clientSecret}
          amount={current.amount}
          publishableKey={publishableKey}
        />
      </Suspense>
    );
  } else {
    form = (
      <p className={styles.alert} role="alert">
        <Trans>
          Payments are not available right now. Your order is kept for you; please try again later.
        </Trans>
      </p>
    );
  }

  // A saved card of the provider in use pays without the card form; a failed saved card is
  // offered again beside the others. The test provider's authentication step keeps its own form.
  const cards = (savedCards.data ?? []).filter((card) => card.provider === current?.provider);
  if (current && current.status === 'requires_payment_method' && cards.length > 0 && !paid) {
    form = (
      <SavedCardChoice orderId={orderId} payment={current} cards={cards}>
        {form}
      </SavedCardChoice>
    );
  }

  const payBy = order.data.payBy ? formatOrderDateTime(order.data.payBy, locale) : null;
  return (
    <div className={styles.layout}>
      <section ref={sectionRef} className={styles.stack} aria-labelledby="payment-title">
        <h2 id="payment-title" className={styles.summaryTitle}>
          <Trans>Payment</Trans>
        </h2>
        <p className={styles.notice}>
          <Trans>Your order {number} is waiting for payment.</Trans>
          {payBy
            ? ` ${i18n._(msg`Pay by ${payBy}, or it is cancelled and nothing is charged.`)}`
            : ''}
        </p>
        <p role="status" className={styles.muted} data-testid="payment-status">
          {current ? i18n._(PAYMENT_STATUS_TEXT[current.status]) : ''}
        </p>
        <div className={styles.paymentArea}>{form}</div>
      </section>
      <aside className={styles.summary} aria-labelledby="payment-summary">
        <h2 id="payment-summary" className={styles.summaryTitle}>
          <Trans>Order {number}</Trans>
        </h2>
        <OrderLines lines={order.data.lines} />
        <TotalsList totals={order.data.totals} discount={order.data.discount} />
        <div>
          <h3>
            <Trans>Ships to</Trans>
          </h3>
          <AddressBlock address={order.data.shippingAddress} />
        </div>
      </aside>
    </div>
  );
}

const FIRST_FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea';

/**
 * Once `ready`, scrolls `section` to the top of the screen (below the header) and focuses its first
 * field, if it has one; once per mount, so a declined card or a poll never moves the page again.
 */
function useBroughtIntoView(section: RefObject<HTMLElement | null>, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    const element = section.current;
    if (!ready || done.current || !element) return;
    done.current = true;
    element.scrollIntoView({ block: 'start' });
    element.querySelector<HTMLElement>(FIRST_FIELD)?.focus({ preventScroll: true });
  }, [section, ready]);
}
