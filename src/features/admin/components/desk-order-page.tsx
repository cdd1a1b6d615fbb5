/**
 * One order at the staff's desk: status and what may be done now (OrderActions), the lines with
 * each variant's stock (StockControl), the customer, both addresses, the totals, the payment with
 * every refund, and the whole timeline with who did each step (shopper, staff, the shop itself or
 * the payment provider) and their notes.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS } from '../../../../contract/order-status-rules.ts';
import type { AdminOrder } from '../../../../contract/admin.ts';
import { cardBrandName } from '../../../../contract/payment-method-rules.ts';
import { AddressBlock } from '../../../components/orders/address-block.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { isMissing, useDeskOrder } from '../api/desk-order.ts';
import { actorLabel, eventLabel } from '../lib/desk-rules.ts';
import { OrderActions } from './order-actions.tsx';
import { StockControl } from './stock-control.tsx';
import styles from './admin.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import frame from '../../../components/ui/page-frame.module.css';

export function DeskOrderPage({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const order = useDeskOrder(orderId);
  let content;
  if (order.isPending) {
    content = <Spinner label={t`Loading the order`} />;
  } else if (!order.data) {
    content = isMissing(order.error) ? (
      <p role="alert">
        <Trans>There is no order {orderId}.</Trans>
      </p>
    ) : (
      <LoadFailure
        message={failureMessage(order.error, t`The order could not be loaded.`)}
        onRetry={() => void order.refetch()}
      />
    );
  } else {
    content = <Details order={order.data} />;
  }
  const number = order.data?.number;
  return (
    <main id="main" className={frame.page}>
      <p className={frame.eyebrow}>
        <Link to="/admin/orders">
          <Trans>Order desk</Trans>
        </Link>
      </p>
      <h1 className={frame.title}>{number ? t`Order ${number}` : t`Order`}</h1>
      {content}
    </main>
  );
}

function Details({ order }: { order: AdminOrder }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { user } = useCustomer();
  const payment = order.payment;
  const customerId = order.customer?.id;
  const brand = payment?.card ? cardBrandName(payment.card.brand) : '';
  const last4 = payment?.card?.last4;
  const refundable = formatMoney(order.refundable, locale);
  const email = order.email;
  const placed = formatOrderDateTime(order.createdAt);
  const count = order.totals.itemCount;
  const carrier = order.shipment?.carrier;
  const trackingNumber = order.shipment?.trackingNumber;
  const shipment = order.shipment ? t`${carrier}, tracking number ${trackingNumber}` : null;
  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <p>
          <span className={styles.badge} data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </span>{' '}
          <Trans>
            Placed <time dateTime={order.createdAt}>{placed}</time>
          </Trans>{' '}
          · <Plural value={count} one="# item" other="# items" />
          {shipment ? ` · ${shipment}` : ''}
        </p>
        <section className={styles.section} aria-labelledby="desk-actions">
          <h2 id="desk-actions">
            <Trans>Actions</Trans>
          </h2>
          <OrderActions order={order} />
        </section>
        <section className={styles.section} aria-labelledby="desk-items">
          <h2 id="desk-items">
            <Trans>Items</Trans>
          </h2>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Product</Trans>
                  </th>
                  <th scope="col">
                    <Trans>SKU</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Qty</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Price</Trans>
                  </th>
                  <th scope="col" className={styles.numeric}>
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Stock</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => {
                  const label = [line.name, line.flavor, line.size].filter(Boolean).join(', ');
                  return (
                    <tr key={line.variantId}>
                      <td>
                        {line.name}
                        <span className={styles.muted}>
                          {[line.brand, line.flavor, line.size].filter(Boolean).join(' · ')}
                        </span>
                      </td>
                      <td>{line.sku}</td>
                      <td className={styles.numeric}>{line.quantity}</td>
                      <td className={styles.numeric}>{formatMoney(line.unitPrice, locale)}</td>
                      <td className={styles.numeric}>{formatMoney(line.lineTotal, locale)}</td>
                      <td>
                        <StockControl variantId={line.variantId} label={label} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="desk-customer">
          <h2 id="desk-customer">
            <Trans>Customer</Trans>
          </h2>
          {order.customer ? (
            <p>
              {order.customer.name}
              <span className={styles.muted}>
                <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a> ·{' '}
                <Trans>account {customerId}</Trans>
              </span>
            </p>
          ) : (
            <p>
              <Trans>No account (deleted): the order's e-mail is {email}.</Trans>
            </p>
          )}
        </section>
        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="desk-shipping">
            <h2 id="desk-shipping">
              <Trans>Shipping address</Trans>
            </h2>
            <AddressBlock address={order.shippingAddress} />
          </section>
          <section className={styles.section} aria-labelledby="desk-billing">
            <h2 id="desk-billing">
              <Trans>Billing address</Trans>
            </h2>
            <AddressBlock address={order.billingAddress} />
          </section>
        </div>
        <section className={styles.section} aria-labelledby="desk-timeline">
          <h2 id="desk-timeline">
            <Trans>Timeline</Trans>
          </h2>
          <ol className={styles.timeline} aria-label={t`Timeline`}>
            {order.timeline.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <strong>{eventLabel(event.type, i18n)}</strong>
                <span className={styles.muted}>
                  <TimelineWhen at={event.at} who={actorLabel(event, i18n, user?._id)} />
                </span>
                {event.note ? <span>{event.note}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <aside className={styles.summary} aria-labelledby="desk-totals">
        <h2 id="desk-totals">
          <Trans>Totals</Trans>
        </h2>
        <TotalsList totals={order.totals} discount={order.discount} />
        <section aria-labelledby="desk-payment">
          <h3 id="desk-payment">
            <Trans>Payment</Trans>
          </h3>
          {payment ? (
            <>
              <p>
                {payment.provider === 'test' ? t`Test provider` : 'Stripe'} ·{' '}
                {payment.status === 'succeeded' ? t`paid` : payment.status.replaceAll('_', ' ')}{' '}
                {formatMoney(payment.amount, locale)}
              </p>
              {payment.card ? (
                <p className={styles.muted}>
                  <Trans>
                    {brand} ending in {last4}
                  </Trans>
                </p>
              ) : null}
            </>
          ) : (
            <p className={styles.muted}>
              <Trans>No payment yet.</Trans>
            </p>
          )}
        </section>
        <section aria-labelledby="desk-refunds">
          <h3 id="desk-refunds">
            <Trans>Refunds</Trans>
          </h3>
          {order.refunds.length > 0 ? (
            <ul className={styles.refunds}>
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  {formatMoney(refund.amount, locale)} ·{' '}
                  <time dateTime={refund.at}>{formatOrderDateTime(refund.at)}</time>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>
              <Trans>None.</Trans>
            </p>
          )}
          <p data-testid="refundable">
            <Trans>Left to refund: {refundable}</Trans>
          </p>
        </section>
      </aside>
    </div>
  );
}

/** "<date> · by <who>" under a timeline step. */
function TimelineWhen({ at, who }: { at: string; who: string }) {
  const when = formatOrderDateTime(at);
  return (
    <Trans>
      <time dateTime={at}>{when}</time> · by {who}
    </Trans>
  );
}
