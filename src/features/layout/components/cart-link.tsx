/**
 * Exports: CartLink — the header's cart icon linking to /cart, with the red badge showing the
 * cart's total quantity when it is above zero (spec §2).
 */
import { Link } from '@tanstack/react-router';
import { cartTotalQuantity, useCart } from '../../cart/api/get-cart.ts';
import styles from './cart-link.module.css';
import { CartIcon } from './icons.tsx';

export function CartLink({ className }: { className?: string }) {
  const { data } = useCart();
  const count = cartTotalQuantity(data);
  return (
    <Link
      to="/cart"
      className={className}
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      data-testid="cart-link"
    >
      <CartIcon />
      {count > 0 ? (
        <span className={styles.badge} data-testid="cart-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
