/**
 * The shopper's orders, newest first: number, date, status, item count, total and pictures, a page
 * at a time (`page` in the URL). Seen pages stay readable offline.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { OrderSummary } from '../../../../contract/orders.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { formatOrderDate, itemCountText, ORDER_STATUS_TEXT } from '../../../lib/order-format.ts';
import styles from './orders.module.css';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import frame from '../../../components/ui/page-frame.module.css';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';

export const NO_ORDERS_TEXT = msg`You have not placed any orders yet.`;

export function MyOrdersPage({ page }: { page: number }) {
  const { i18n } = useLingui();
  const orders = useMyOrders(page);
  let content;
  if (orders.isPending) {
    content = <Spinner label={i18n._(msg`Loading your orders`)} />;
  } else if (!orders.data) {
    content = (
      <LoadFailure
        message={failureMessage(orders.error, i18n._(msg`Your orders could not be loaded.`))}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (orders.data.total === 0) {
    content = (
      <div className={styles.stack}>
        <p>{i18n._(NO_ORDERS_TEXT)}</p>
        <p>
          <Link to="/" className={buttonClassName({ variant: 'primary' })}>
            <Trans>Start shopping</Trans>
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
          <nav className={styles.pager} aria-label={i18n._(msg`Pages`)}>
            {current > 1 ? (
              <Link
                to="/my-orders"
                search={{ page: current - 1 > 1 ? current - 1 : undefined }}
                rel="prev"
              >
                <Trans>‹ Newer orders</Trans>
              </Link>
            ) : (
              <span />
            )}
            <span>
              <Trans>
                Page {current} of {totalPages}
              </Trans>
            </span>
            {current < totalPages ? (
              <Link to="/my-orders" search={{ page: current + 1 }} rel="next">
                <Trans>Older orders ›</Trans>
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
      <p className={frame.eyebrow}>
        <Trans>Your account</Trans>
      </p>
      <h1 className={frame.title}>
        <Trans>My orders</Trans>
      </h1>
      {content}
    </main>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const number = order.number;
  const date = formatOrderDate(order.createdAt, locale);
  return (
    <li className={styles.orderCard}>
      <div className={styles.orderHead}>
        <h2>
          <Link to="/order/$orderId" params={{ orderId: order.id }}>
            <Trans>Order {number}</Trans>
          </Link>
        </h2>
        <span className={styles.badge}>{i18n._(ORDER_STATUS_TEXT[order.status])}</span>
      </div>
      <p className={styles.muted}>
        <Trans>
          Placed <time dateTime={order.createdAt}>{date}</time>
        </Trans>{' '}
        · {itemCountText(order.itemCount, locale)} · {formatMoney(order.total, locale)}
      </p>
      {order.images.length > 0 ? (
        <div className={styles.images}>
          {order.images.slice(0, 4).map((src) => (
            <Thumbnail key={src} src={src} size={56} className={styles.thumb} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
