import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { useCart } from '../api/use-cart.ts';
import { CartLine } from './cart-line.tsx';
import styles from './cart-page.module.css';
import { CartSummary } from './cart-summary.tsx';
import { PendingSync } from './pending-sync.tsx';

export function CartPage({ express }: { express?: ExpressCheckoutOffer }) {
  const { t } = useLingui();
  const cart = useCart();
  const { user, guestCartId } = useCustomer();
  const hydrated = useHydrated();
  const data = cart.data;

  let content;
  if (cart.isPending) {
    // Before the app runs, the server's HTML holds both the loading state and the empty cart, and
    // the start script's mark on a device without a cart (CART_EMPTY_MARK) chooses which shows.
    // The app then keeps the empty cart on screen for such a device until the cart is read.
    const maybeEmpty = !hydrated || (!user && !guestCartId);
    content = (
      <>
        <div key="loading" className={`${styles.state} ${styles.loading}`}>
          <Spinner label={t`Loading your cart`} />
        </div>
        {maybeEmpty ? <EmptyCart key="empty" preview /> : null}
      </>
    );
  } else if (!data) {
    content = (
      <div className={styles.state} role="alert">
        <p>
          <Trans>Your cart could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className={buttonClassName({ variant: 'dark' })}
          onClick={() => void cart.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else if (data.items.length === 0) {
    // Keyed as in the loading state, so the empty cart shown from the HTML stays the same element.
    content = (
      <>
        <EmptyCart key="empty" />
      </>
    );
  } else {
    content = (
      <div className={styles.layout}>
        <section aria-labelledby="cart-lines" className={styles.lines}>
          <h2 id="cart-lines" className="visually-hidden">
            <Trans>Items</Trans>
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
        <h1 className={styles.title}>
          <Trans>Your cart</Trans>
        </h1>
        {count > 0 ? (
          <p className={styles.count}>
            <Plural value={count} one="# item" other="# items" />
          </p>
        ) : null}
        <PendingSync className={styles.pendingSync} />
      </header>
      {content}
    </main>
  );
}

/** `preview`: shown only on a device the start script marked as holding no cart. */
function EmptyCart({ preview = false }: { preview?: boolean }) {
  return (
    <div className={preview ? `${styles.empty} ${styles.emptyPreview}` : styles.empty}>
      <h2 className={styles.emptyTitle}>
        <Trans>Your cart is empty</Trans>
      </h2>
      <p>
        <Trans>
          Fuel up: protein, creatine, pre-workout and more, with free shipping from $99.
        </Trans>
      </p>
      <div className={styles.emptyActions}>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          <Trans>Start shopping</Trans>
        </Link>
        <Link
          to="/category/$categorySlug"
          params={{ categorySlug: 'protein-powder' }}
          className={buttonClassName({ variant: 'outline' })}
        >
          <Trans>Shop protein</Trans>
        </Link>
      </div>
    </div>
  );
}
