import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { useCart } from '../api/use-cart.ts';
import { CartLine } from './cart-line.tsx';
import styles from './cart-page.module.css';
import { CartSummary } from './cart-summary.tsx';
import { PendingSync } from './pending-sync.tsx';

export function CartPage({ express }: { express?: ExpressCheckoutOffer }) {
  const cart = useCart();
  const { user } = useCustomer();
  const data = cart.data;

  let content;
  if (cart.isPending) {
    content = (
      <div className={styles.state}>
        <Spinner label="Loading your cart" />
      </div>
    );
  } else if (!data) {
    content = (
      <div className={styles.state} role="alert">
        <p>Your cart could not be loaded.</p>
        <button
          type="button"
          className={buttonClassName({ variant: 'dark' })}
          onClick={() => void cart.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (data.items.length === 0) {
    content = <EmptyCart />;
  } else {
    content = (
      <div className={styles.layout}>
        <section aria-labelledby="cart-lines" className={styles.lines}>
          <h2 id="cart-lines" className="visually-hidden">
            Items
          </h2>
          <ul className={styles.lineList}>
            {data.items.map((item) => (
              <CartLine key={item.itemId} item={item} />
            ))}
          </ul>
        </section>
        <CartSummary cart={data} signedIn={Boolean(user)} express={express} />
      </div>
    );
  }

  const count = data?.totals?.itemCount ?? 0;
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Your cart</h1>
        {count > 0 ? (
          <p className={styles.count}>{count === 1 ? '1 item' : `${count} items`}</p>
        ) : null}
        <PendingSync className={styles.pendingSync} />
      </header>
      {content}
    </main>
  );
}

function EmptyCart() {
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>Your cart is empty</h2>
      <p>Fuel up: protein, creatine, pre-workout and more, with free shipping from $99.</p>
      <div className={styles.emptyActions}>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          Start shopping
        </Link>
        <Link
          to="/category/$categorySlug"
          params={{ categorySlug: 'protein-powder' }}
          className={buttonClassName({ variant: 'outline' })}
        >
          Shop protein
        </Link>
      </div>
    </div>
  );
}
