/**
 * The shopper's orders, newest first: number, date, status, item count, total and pictures, a page
 * at a time (`page` in the URL). Seen pages stay readable offline.
 */
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS } from '../../../../contract/order-status-rules.ts';
import type { OrderSummary } from '../../../../contract/orders.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { formatOrderDate, itemCountText } from '../../../lib/order-format.ts';
import styles from './orders.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import frame from '../../../components/ui/page-frame.module.css';

export const NO_ORDERS_TEXT = 'You have not placed any orders yet.';

export function MyOrdersPage({ page }: { page: number }) {
  const orders = useMyOrders(page);
  let content;
  if (orders.isPending) {
    content = <Spinner label="Loading your orders" />;
  } else if (!orders.data) {
    content = (
      <LoadFailure
        message={failureMessage(orders.error, 'Your orders could not be loaded.')}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data.total === 0) {
    content = (
      <div className={styles.stack}>
        <p>{NO_ORDERS_TEXT}</p>
        <p>
          <Link to="/" className={buttonClassName({ variant: 'primary' })}>
            Start shopping
          </Link>
        </p>
      </div>
    );
  } else {
    const { items, totalPages } = orders.data;
    const current = orders.data.page;
    content = (
      <>
        <ol className={styles.orderList} aria-busy={orders.isPlaceholderData}>
          {items.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ol>
        {totalPages > 1 ? (
          <nav className={styles.pager} aria-label="Pages">
            {current > 1 ? (
              <Link
                to="/my-orders"
                search={{ page: current - 1 > 1 ? current - 1 : undefined }}
                rel="prev"
              >
                ‹ Newer orders
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {current} of {totalPages}
            </span>
            {current < totalPages ? (
              <Link to="/my-orders" search={{ page: current + 1 }} rel="next">
                Older orders ›
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </>
    );
  }
  return (
    <main id="main" className={frame.page}>
      <p className={frame.eyebrow}>Your account</p>
      <h1 className={frame.title}>My orders</h1>
      {content}
    </main>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <li className={styles.orderCard}>
      <div className={styles.orderHead}>
        <h2>
          <Link to="/order/$orderId" params={{ orderId: order.id }}>
            Order {order.number}
          </Link>
        </h2>
        <span className={styles.badge}>{ORDER_STATUS_LABELS[order.status]}</span>
      </div>
      <p className={styles.muted}>
        Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> ·{' '}
        {itemCountText(order.itemCount)} · {formatMoney(order.total)}
      </p>
      {order.images.length > 0 ? (
        <div className={styles.images}>
          {order.images.slice(0, 4).map((src) => (
            <img
              key={src}
              src={src}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              className={styles.thumb}
            />
          ))}
        </div>
      ) : null}
    </li>
  );
}
