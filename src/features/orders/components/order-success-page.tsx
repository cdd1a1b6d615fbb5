/**
 * After payment: the order number, what was bought, the totals with each tax, where it ships, "A
 * confirmation e-mail is on its way.", and links to the order and the shop. A payment not yet
 * succeeded (still being confirmed) is shown as such, asked again a few times. A guest is offered
 * "Create an account" (one password), which keeps the order in the new account.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { isNotFound, orderQueryOptions } from '../api/get-order.ts';
import { paymentQueryOptions } from '../api/get-payment.ts';
import { PAYMENT_STATUS_TEXT } from '../../../lib/order-format.ts';
import { AddressBlock } from '../../../components/orders/address-block.tsx';
import { OrderLines } from './order-lines.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import styles from './orders.module.css';
import frame from '../../../components/ui/page-frame.module.css';

export const CONFIRMATION_MAIL_TEXT = msg`A confirmation e-mail is on its way.`;
const PAYMENT_POLLS = 5;
const PAYMENT_POLL_MS = 2000;

/** `accountOffer`: shown under the order's actions (the route gives "Create an account"). */
export function OrderSuccessPage({
  orderId,
  accountOffer,
}: {
  orderId: string | undefined;
  accountOffer?: ReactNode;
}) {
  return (
    <main id="main" className={frame.page}>
      <p className={frame.eyebrow}>
        <Trans>Thank you</Trans>
      </p>
      <h1 className={frame.title}>
        <Trans>Order successful</Trans>
      </h1>
      {orderId ? (
        <Success orderId={orderId} accountOffer={accountOffer} />
      ) : (
        <p>
          <Trans>
            No order to show. <Link to="/my-orders">See your orders</Link>.
          </Trans>
        </p>
      )}
    </main>
  );
}

function Success({ orderId, accountOffer }: { orderId: string; accountOffer: ReactNode }) {
  const { i18n } = useLingui();
  const order = useQuery(orderQueryOptions(orderId));
  const unpaid = order.data ? order.data.payment?.status !== 'succeeded' : false;
  const payment = useQuery({
    ...paymentQueryOptions(orderId),
    enabled: unpaid,
    refetchInterval: (query) =>
      query.state.data?.status !== 'succeeded' && query.state.dataUpdateCount < PAYMENT_POLLS
        ? PAYMENT_POLL_MS
        : false,
  });

  if (order.isPending) return <Spinner label={i18n._(msg`Loading your order`)} />;
  if (!order.data) {
    return (
      <p className={styles.alert} role="alert">
        {isNotFound(order.error)
          ? i18n._(msg`We could not find this order.`)
          : failureMessage(order.error, i18n._(msg`Your order could not be loaded.`))}
      </p>
    );
  }
  const data = order.data;
  const paymentStatus = payment.data?.status ?? data.payment?.status ?? null;
  const number = data.number;
  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <p>
          <Trans>
            Your order number is <strong data-testid="order-number">{number}</strong>.
          </Trans>
        </p>
        <p>{i18n._(CONFIRMATION_MAIL_TEXT)}</p>
        {paymentStatus && paymentStatus !== 'succeeded' ? (
          <p className={styles.notice} role="status">
            {i18n._(PAYMENT_STATUS_TEXT[paymentStatus])}
          </p>
        ) : null}
        <section className={styles.section} aria-labelledby="ships-to">
          <h2 id="ships-to">
            <Trans>Ships to</Trans>
          </h2>
          <AddressBlock address={data.shippingAddress} />
        </section>
        <div className={styles.actions}>
          <Link
            to="/order/$orderId"
            params={{ orderId }}
            className={buttonClassName({ variant: 'primary' })}
          >
            <Trans>View your order</Trans>
          </Link>
          <Link to="/" className={buttonClassName({ variant: 'outline' })}>
            <Trans>Continue shopping</Trans>
          </Link>
        </div>
        {accountOffer}
      </div>
      <section className={styles.summary} aria-labelledby="bought">
        <h2 id="bought" className={styles.summaryTitle}>
          <Trans>What you bought</Trans>
        </h2>
        <OrderLines lines={data.lines} />
        <TotalsList totals={data.totals} discount={data.discount} />
      </section>
    </div>
  );
}
