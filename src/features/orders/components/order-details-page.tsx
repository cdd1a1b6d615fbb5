/**
 * One order: its status timeline, lines, totals with each tax, shipping and billing addresses, the
 * payment (card, refunds), "Download invoice", "Pay now" while it waits for payment, "Cancel order"
 * (after a confirmation dialog) when the shopper may, and "Buy again". Readable offline once seen
 * (the order query is persisted).
 *
 * LinkedOrderPage is the same order opened by an e-mailed link without signing in: read-only
 * (status, lines, totals, addresses, payment, the invoice), nothing that acts on the order; while
 * the order's owner is a guest, "Create an account" (at `#create-account`).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Order, OrderLink } from '../../../../contract/orders.ts';
import { cardBrandName } from '../../../../contract/payment-method-rules.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessageLater, useFailureMessage } from '../../../hooks/use-failure-message.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { toast } from '../../../stores/toasts.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { isNotFound, useOrder } from '../api/get-order.ts';
import { isLinkGone, orderLinkInvoicePath, useOrderLink } from '../api/get-order-link.ts';
import { reorderMessages, useReorder } from '../api/reorder.ts';
import { formatOrderDate, itemCountText, ORDER_STATUS_TEXT } from '../../../lib/order-format.ts';
import { AddressBlock } from '../../../components/orders/address-block.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import styles from './orders.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import frame from '../../../components/ui/page-frame.module.css';

export function OrderDetailsPage({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const order = useOrder(orderId);
  let content;
  if (order.isPending) {
    content = <Spinner label={i18n._(msg`Loading your order`)} />;
  } else if (!order.data) {
    content = isNotFound(order.error) ? (
      <div className={styles.stack}>
        <p role="alert">
          <Trans>We could not find this order.</Trans>
        </p>
        <p>
          <Link to="/my-orders">
            <Trans>See your orders</Trans>
          </Link>
        </p>
      </div>
    ) : (
      <OrderLoadFailure error={order.error} onRetry={() => void order.refetch()} />
    );
  } else {
    content = (
      <Details
        order={order.data}
        invoicePath={`/orders/${encodeURIComponent(order.data.id)}/invoice`}
        actions={(invoice) => <OrderActions order={order.data} invoice={invoice} />}
      />
    );
  }
  return (
    <main id="main" className={frame.page}>
      <p className={frame.eyebrow}>
        <Link to="/my-orders">
          <Trans>My orders</Trans>
        </Link>
      </p>
      <h1 className={frame.title}>
        <OrderTitle number={order.data?.number} />
      </h1>
      {content}
    </main>
  );
}

/** What the link in an order e-mail opens: the order, read-only, for whoever holds the link. */
/** `accountOffer` renders under the order (the route gives "Create an account"). */
export function LinkedOrderPage({
  token,
  accountOffer,
}: {
  token: string;
  accountOffer?: (order: OrderLink) => ReactNode;
}) {
  const { i18n } = useLingui();
  const order = useOrderLink(token);
  let content;
  if (order.isPending) {
    content = <Spinner label={i18n._(msg`Loading your order`)} />;
  } else if (!order.data) {
    content = isLinkGone(order.error) ? (
      <p role="alert">{i18n._(ORDER_LINK_GONE_TEXT)}</p>
    ) : (
      <OrderLoadFailure error={order.error} onRetry={() => void order.refetch()} />
    );
  } else {
    content = (
      <>
        <Details order={order.data} invoicePath={orderLinkInvoicePath(token)} />
        {accountOffer?.(order.data)}
      </>
    );
  }
  return (
    <main id="main" className={frame.page}>
      <h1 className={frame.title}>
        <OrderTitle number={order.data?.number} />
      </h1>
      {content}
    </main>
  );
}

/** Why the order could not be loaded, and "Try again". */
function OrderLoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  const message = useFailureMessage(error, i18n._(msg`Your order could not be loaded.`));
  return message === null ? null : <LoadFailure message={message} onRetry={onRetry} />;
}

/** "Order FN-10001", or "Order details" until the order is known. */
function OrderTitle({ number }: { number: string | undefined }) {
  return number !== undefined ? <Trans>Order {number}</Trans> : <Trans>Order details</Trans>;
}

/** A link that no longer opens its order (revoked, expired, mistyped). */
export const ORDER_LINK_GONE_TEXT = msg`This order link no longer works. Sign in to see your orders, or use the link in a newer e-mail.`;

/** What the order's owner can do with it: pay, buy again, (the invoice), cancel. */
function OrderActions({ order, invoice }: { order: Order; invoice: ReactNode }) {
  const { i18n } = useLingui();
  const online = useOnline();
  const reorder = useReorder(order.id);

  function buyAgain() {
    reorder.mutate(undefined, {
      onSuccess: (result) => {
        const { added, skipped } = reorderMessages(result, i18n);
        if (added) toast.success(added);
        if (skipped) toast(skipped);
        if (!added && !skipped) toast(i18n._(msg`Nothing could be added to your cart.`));
      },
      onError: (error) =>
        void failureMessageLater(error, i18n._(msg`Your cart could not be updated.`)).then(
          toast.error,
        ),
    });
  }

  return (
    <>
      {order.status === 'pending_payment' ? (
        <Link
          to="/checkout"
          search={{ orderId: order.id }}
          className={buttonClassName({ variant: 'primary' })}
        >
          <Trans>Pay now</Trans>
        </Link>
      ) : null}
      <Button variant="dark" loading={reorder.isPending} disabled={!online} onClick={buyAgain}>
        <Trans>Buy again</Trans>
      </Button>
      {invoice}
      {order.canCancel ? <CancelOrder order={order} /> : null}
    </>
  );
}

function Details({
  order,
  invoicePath,
  actions,
}: {
  order: Order;
  /** Where its invoice downloads from (API path). */
  invoicePath: string;
  /** The owner's controls around the invoice link (none on a read-only link). */
  actions?: (invoice: ReactNode) => ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const payment = order.payment;
  const date = formatOrderDate(order.createdAt, locale);
  const brand = payment?.card ? cardBrandName(payment.card.brand) : '';
  const last4 = payment?.card?.last4;
  const refunded = payment ? formatMoney(payment.refunded, locale) : '';
  // An invoice is issued once the order has been paid.
  const invoice = order.events.some((event) => event.status === 'paid') ? (
    <a
      href={apiUrl(invoicePath)}
      download={`invoice-${order.number}.pdf`}
      className={buttonClassName({ variant: 'outline' })}
    >
      <Trans>Download invoice</Trans>
    </a>
  ) : null;
  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <p>
          <span className={styles.badge}>{i18n._(ORDER_STATUS_TEXT[order.status])}</span>{' '}
          <Trans>
            Placed <time dateTime={order.createdAt}>{date}</time>
          </Trans>{' '}
          · {itemCountText(order.totals.itemCount, locale)}
        </p>
        <div className={styles.actions}>{actions ? actions(invoice) : invoice}</div>
        <section className={styles.section} aria-labelledby="order-status">
          <h2 id="order-status">
            <Trans>Status</Trans>
          </h2>
          <OrderTimeline order={order} />
        </section>
        <section className={styles.section} aria-labelledby="order-items">
          <h2 id="order-items">
            <Trans>Items</Trans>
          </h2>
          <OrderLines lines={order.lines} />
        </section>
        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="shipping-address">
            <h2 id="shipping-address">
              <Trans>Shipping address</Trans>
            </h2>
            <AddressBlock address={order.shippingAddress} />
          </section>
          <section className={styles.section} aria-labelledby="billing-address">
            <h2 id="billing-address">
              <Trans>Billing address</Trans>
            </h2>
            <AddressBlock address={order.billingAddress} />
          </section>
        </div>
      </div>
      <aside className={styles.summary} aria-labelledby="order-totals">
        <h2 id="order-totals" className={styles.summaryTitle}>
          <Trans>Totals</Trans>
        </h2>
        <TotalsList totals={order.totals} discount={order.discount} />
        <section aria-labelledby="order-payment">
          <h3 id="order-payment">
            <Trans>Payment</Trans>
          </h3>
          {payment?.card ? (
            <p>
              <Trans>
                Paid with {brand} ending in {last4}
              </Trans>
            </p>
          ) : (
            <p className={styles.muted}>
              {payment?.status === 'succeeded' ? (
                <Trans>Paid.</Trans>
              ) : (
                <Trans>Not paid yet.</Trans>
              )}
            </p>
          )}
          {payment && payment.refunded > 0 ? (
            <p>
              <Trans>Refunded {refunded}</Trans>
            </p>
          ) : null}
        </section>
      </aside>
    </div>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const online = useOnline();
  const cancel = useCancelOrder(order.id);
  const failure = useFailureMessage(
    cancel.isError ? cancel.error : null,
    i18n._(msg`The order could not be cancelled.`),
  );
  const number = order.number;
  const total = formatMoney(order.totals.total, locale);

  return (
    <ConfirmButton
      label={i18n._(msg`Cancel order`)}
      disabled={!online}
      title={i18n._(msg`Cancel order ${number}?`)}
      text={
        order.status === 'paid'
          ? i18n._(msg`Your payment of ${total} is refunded to your card.`)
          : i18n._(msg`Nothing has been charged; the order is simply closed.`)
      }
      keepLabel={i18n._(msg`Keep order`)}
      confirmLabel={i18n._(msg`Yes, cancel order`)}
      pending={cancel.isPending}
      failure={failure}
      onOpen={() => cancel.reset()}
      onConfirm={(close) =>
        cancel.mutate(undefined, {
          onSuccess: () => {
            close();
            toast.success(i18n._(msg`Order ${number} has been cancelled.`));
          },
        })
      }
    />
  );
}
