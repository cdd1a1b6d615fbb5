import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { amountToFreeShipping, checkDiscountCode } from '../../../../contract/cart-rules.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { createCartCommand } from '../api/cart-commands.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { enqueueCartCommand } from '../api/cart-outbox.ts';
import { RefusedInOtherTab } from '../../../lib/outbox/outbox.ts';
import { useCartCommand } from '../api/use-cart.ts';
import { usePendingSyncCount } from './pending-sync.tsx';
import type { Cart } from '../api/get-cart.ts';
import styles from './cart-page.module.css';

export const CHECKOUT_OFFLINE_TEXT =
  'You are offline. Checkout and payment need a connection; your cart is saved and syncs when you are back online.';

export const ESTIMATE_TEXT =
  'Estimated from the prices you have seen; the final totals show once your changes sync.';

export function CartSummary({
  cart,
  signedIn,
  express: Express,
}: {
  cart: Cart;
  signedIn: boolean;
  /** The wallets' express checkout, when the shop offers it. */
  express?: ExpressCheckoutOffer | undefined;
}) {
  const { totals } = cart;
  const estimated = cart.estimated === true;
  const toFreeShipping = amountToFreeShipping(totals.subtotal - totals.discount);
  const online = useOnline();
  const waiting = usePendingSyncCount() > 0;
  // Checkout prices the server's cart: it waits for a connection and for every change to land.
  // A guest's way there is signing in, which needs the connection too (the cart merges after it).
  const checkoutBlocked = !online
    ? CHECKOUT_OFFLINE_TEXT
    : waiting && signedIn
      ? 'Checkout opens once your changes have synced.'
      : null;
  const blockedNote = checkoutBlocked ? (
    <p id="checkout-blocked" className={styles.note} role="status">
      {checkoutBlocked}
    </p>
  ) : null;
  return (
    <aside className={styles.summary} aria-labelledby="cart-summary">
      <h2 id="cart-summary" className={styles.summaryTitle}>
        Order summary
      </h2>
      <DiscountCode cart={cart} />
      <dl className={styles.totals} aria-describedby={estimated ? 'cart-estimate' : undefined}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div className={styles.discountRow}>
            <dt>Discount{cart.discount ? ` (${cart.discount.percentOff} %)` : ''}</dt>
            <dd>−{formatMoney(totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>{estimated ? 'Estimated total' : 'Total'}</dt>
          <dd>{formatMoney(totals.total)}</dd>
        </div>
      </dl>
      {estimated ? (
        <p id="cart-estimate" className={styles.note} data-testid="cart-estimate">
          {ESTIMATE_TEXT}
        </p>
      ) : null}
      <p className={styles.note}>
        {toFreeShipping > 0
          ? `Add ${formatMoney(toFreeShipping)} more for free standard shipping.`
          : 'You get free standard shipping.'}{' '}
        Taxes are calculated at checkout.
      </p>
      {signedIn ? (
        <>
          <Link
            to="/checkout"
            className={buttonClassName({ variant: 'primary', block: true })}
            disabled={checkoutBlocked !== null}
            aria-describedby={checkoutBlocked ? 'checkout-blocked' : undefined}
          >
            Checkout
          </Link>
          {blockedNote}
        </>
      ) : (
        <>
          <Link
            to="/login"
            search={{ redirect: '/checkout' }}
            className={buttonClassName({ variant: 'primary', block: true })}
            disabled={checkoutBlocked !== null}
            aria-describedby={checkoutBlocked ? 'checkout-blocked' : undefined}
          >
            Sign in to check out
          </Link>
          <Link
            to="/login"
            search={{ redirect: '/checkout', guest: true }}
            className={buttonClassName({ variant: 'outline', block: true })}
            disabled={checkoutBlocked !== null}
            aria-describedby={checkoutBlocked ? 'checkout-blocked' : undefined}
          >
            Check out as a guest
          </Link>
          {blockedNote}
          <p className={styles.note}>
            New to Forge?{' '}
            <Link to="/register" search={{ redirect: '/checkout' }}>
              Create an account
            </Link>{' '}
            — your cart comes with you.
          </p>
        </>
      )}
      {/* A wallet prices the server's cart: only once every change has landed there. */}
      {Express && checkoutBlocked === null && !waiting && !estimated ? (
        <Express discountedSubtotal={totals.subtotal - totals.discount} />
      ) : null}
    </aside>
  );
}

function DiscountCode({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useCartCommand();
  // The error belongs beside the field, so this call does not toast.
  const apply = useMutation({
    networkMode: 'always',
    mutationFn: async (value: string) =>
      (
        await enqueueCartCommand(createCartCommand({ type: 'applyDiscount', code: value }), {
          silent: true,
        })
      ).settled,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDiscountCode(code);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    apply.mutate(checked.code, {
      onSuccess: () => setCode(''),
      onError: (err) =>
        setError(
          err instanceof ApiError
            ? (err.fieldErrors.code ?? err.message)
            : err instanceof RefusedInOtherTab && err.message
              ? err.message
              : 'The code could not be applied. Please try again.',
        ),
    });
  }

  if (cart.discount) {
    return (
      <div className={styles.applied}>
        <p>
          Code <strong>{cart.discount.code}</strong> applied: {cart.discount.percentOff} % off.
        </p>
        <Button
          size="sm"
          variant="ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate({ type: 'removeDiscount' })}
        >
          Remove code
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.discount} onSubmit={onSubmit} noValidate>
      <TextField
        label="Discount code"
        name="code"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error}
        disabled={apply.isPending}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
      />
      <Button type="submit" variant="dark" loading={apply.isPending} className={styles.applyButton}>
        Apply
      </Button>
    </form>
  );
}
