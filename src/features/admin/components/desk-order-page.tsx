/**
 * One order at the staff's desk: status and what may be done now (OrderActions), the lines with
 * each variant's stock (StockControl), the customer, both addresses, the totals, the payment with
 * every refund, and the whole timeline with who did each step (shopper, staff, the shop itself or
 * the payment provider) and their notes.
 */
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS } from '../../../../contract/order-status-rules.ts';
import type { AdminOrder } from '../../../../contract/admin.ts';
import { cardBrandName } from '../../../../contract/payment-method-rules.ts';
import { AddressBlock } from '../../../components/orders/address-block.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { formatOrderDateTime, itemCountText } from '../../../lib/order-format.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { isMissing, useDeskOrder } from '../api/desk-order.ts';
import { actorLabel, eventLabel } from '../lib/desk-rules.ts';
import { OrderActions } from './order-actions.tsx';
import { StockControl } from './stock-control.tsx';
import styles from './admin.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import frame from '../../../components/ui/page-frame.module.css';

export function DeskOrderPage({ orderId }: { orderId: string }) {
  const order = useDeskOrder(orderId);
  let content;
  if (order.isPending) {
    content = <Spinner label="Loading the order" />;
  } else if (!order.data) {
    content = isMissing(order.error) ? (
      <p role="alert">There is no order {orderId}.</p>
    ) : (
      <LoadFailure
        message={failureMessage(order.error, 'The order could not be loaded.')}
        onRetry={() => void order.refetch()}
      />
    );
  } else {
    content = <Details order={order.data} />;
  }
  return (
    <main id="main" className={frame.page}>
      <p className={frame.eyebrow}>
        <Link to="/admin/orders">Order desk</Link>
      </p>
      <h1 className={frame.title}>{order.data ? `Order ${order.data.number}` : 'Order'}</h1>
      {content}
    </main>
  );
}

function Details({ order }: { order: AdminOrder }) {
  const { user } = useCustomer();
  const payment = order.payment;
  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <p>
          <span className={styles.badge} data-testid="order-status">
            {ORDER_STATUS_LABELS[order.status]}
          </span>{' '}
          Placed <time dateTime={order.createdAt}>{formatOrderDateTime(order.createdAt)}</time> ·{' '}
          {itemCountText(order.totals.itemCount)}
          {order.shipment
            ? ` · ${order.shipment.carrier}, tracking number ${order.shipment.trackingNumber}`
            : ''}
        </p>
        <section className={styles.section} aria-labelledby="desk-actions">
          <h2 id="desk-actions">Actions</h2>
          <OrderActions order={order} />
        </section>
        <section className={styles.section} aria-labelledby="desk-items">
          <h2 id="desk-items">Items</h2>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className={styles.numeric}>
                    Qty
                  </th>
                  <th scope="col" className={styles.numeric}>
                    Price
                  </th>
                  <th scope="col" className={styles.numeric}>
                    Total
                  </th>
                  <th scope="col">Stock</th>
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
                      <td className={styles.numeric}>{formatMoney(line.unitPrice)}</td>
                      <td className={styles.numeric}>{formatMoney(line.lineTotal)}</td>
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
          <h2 id="desk-customer">Customer</h2>
          {order.customer ? (
            <p>
              {order.customer.name}
              <span className={styles.muted}>
                <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a> · account{' '}
                {order.customer.id}
              </span>
            </p>
          ) : (
            <p>No account (deleted): the order's e-mail is {order.email}.</p>
          )}
        </section>
        <div className={styles.columns}>
          <section className={styles.section} aria-labelledby="desk-shipping">
            <h2 id="desk-shipping">Shipping address</h2>
            <AddressBlock address={order.shippingAddress} />
          </section>
          <section className={styles.section} aria-labelledby="desk-billing">
            <h2 id="desk-billing">Billing address</h2>
            <AddressBlock address={order.billingAddress} />
          </section>
        </div>
        <section className={styles.section} aria-labelledby="desk-timeline">
          <h2 id="desk-timeline">Timeline</h2>
          <ol className={styles.timeline} aria-label="Timeline">
            {order.timeline.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <strong>{eventLabel(event.type)}</strong>
                <span className={styles.muted}>
                  <time dateTime={event.at}>{formatOrderDateTime(event.at)}</time> · by{' '}
                  {actorLabel(event, user?._id)}
                </span>
                {event.note ? <span>{event.note}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <aside className={styles.summary} aria-labelledby="desk-totals">
        <h2 id="desk-totals">Totals</h2>
        <TotalsList totals={order.totals} discount={order.discount} />
        <section aria-labelledby="desk-payment">
          <h3 id="desk-payment">Payment</h3>
          {payment ? (
            <>
              <p>
                {payment.provider === 'test' ? 'Test provider' : 'Stripe'} ·{' '}
                {payment.status === 'succeeded' ? 'paid' : payment.status.replaceAll('_', ' ')}{' '}
                {formatMoney(payment.amount)}
              </p>
              {payment.card ? (
                <p className={styles.muted}>
                  {cardBrandName(payment.card.brand)} ending in {payment.card.last4}
                </p>
              ) : null}
            </>
          ) : (
            <p className={styles.muted}>No payment yet.</p>
          )}
        </section>
        <section aria-labelledby="desk-refunds">
          <h3 id="desk-refunds">Refunds</h3>
          {order.refunds.length > 0 ? (
            <ul className={styles.refunds}>
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  {formatMoney(refund.amount)} ·{' '}
                  <time dateTime={refund.at}>{formatOrderDateTime(refund.at)}</time>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>None.</p>
          )}
          <p data-testid="refundable">Left to refund: {formatMoney(order.refundable)}</p>
        </section>
      </aside>
    </div>
  );
}
