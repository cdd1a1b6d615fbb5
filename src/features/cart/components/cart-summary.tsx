import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  amountToFreeShipping,
  checkDiscountCode,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_REQUIRED,
  DISCOUNT_CODE_TOO_LONG,
} from '../../../../contract/cart-rules.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/failure-message.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { createCartCommand } from '../api/cart-commands.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { enqueueCartCommand } from '../api/cart-outbox.ts';
import { RefusedInOtherTab } from '../../../lib/outbox/outbox.ts';
import { useCartCommand } from '../api/use-cart.ts';
import { usePendingSyncCount } from './pending-sync.tsx';
import type { Cart } from '../api/get-cart.ts';
import styles from './cart-page.module.css';

export const CHECKOUT_OFFLINE_TEXT = msg`You are offline. Checkout and payment need a connection; your cart is saved and syncs when you are back online.`;

export const ESTIMATE_TEXT = msg`Estimated from the prices you have seen; the final totals show once your changes sync.`;

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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { totals } = cart;
  const estimated = cart.estimated === true;
  const toFreeShipping = amountToFreeShipping(totals.subtotal - totals.discount);
  const missing = formatMoney(toFreeShipping, locale);
  const percentOff = cart.discount?.percentOff;
  const online = useOnline();
  const waiting = usePendingSyncCount() > 0;
  // Checkout prices the server's cart: it waits for a connection and for every change to land.
  // A guest's way there is signing in, which needs the connection too (the cart merges after it).
  const checkoutBlocked = !online
    ? i18n._(CHECKOUT_OFFLINE_TEXT)
    : waiting && signedIn
      ? t`Checkout opens once your changes have synced.`
      : null;
  const blockedNote = checkoutBlocked ? (
    <p id="checkout-blocked" className={styles.note} role="status">
      {checkoutBlocked}
    </p>
  ) : null;
  return (
    <aside className={styles.summary} aria-labelledby="cart-summary">
      <h2 id="cart-summary" className={styles.summaryTitle}>
        <Trans>Order summary</Trans>
      </h2>
      <DiscountCode cart={cart} />
      <dl className={styles.totals} aria-describedby={estimated ? 'cart-estimate' : undefined}>
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{formatMoney(totals.subtotal, locale)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div className={styles.discountRow}>
            <dt>{percentOff === undefined ? t`Discount` : t`Discount (${percentOff} %)`}</dt>
            <dd>−{formatMoney(totals.discount, locale)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>{totals.shipping === 0 ? t`Free` : formatMoney(totals.shipping, locale)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>{estimated ? t`Estimated total` : t`Total`}</dt>
          <dd>{formatMoney(totals.total, locale)}</dd>
        </div>
      </dl>
      {estimated ? (
        <p id="cart-estimate" className={styles.note} data-testid="cart-estimate">
          {i18n._(ESTIMATE_TEXT)}
        </p>
      ) : null}
      <p className={styles.note}>
        {toFreeShipping > 0
          ? t`Add ${missing} more for free standard shipping.`
          : t`You get free standard shipping.`}{' '}
        <Trans>Taxes are calculated at checkout.</Trans>
      </p>
      {signedIn ? (
        <>
          <Link
            to="/checkout"
            className={buttonClassName({ variant: 'primary', block: true })}
            disabled={checkoutBlocked !== null}
            aria-describedby={checkoutBlocked ? 'checkout-blocked' : undefined}
          >
            <Trans>Checkout</Trans>
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
            <Trans>Sign in to check out</Trans>
          </Link>
          <Link
            to="/login"
            search={{ redirect: '/checkout', guest: true }}
            className={buttonClassName({ variant: 'outline', block: true })}
            disabled={checkoutBlocked !== null}
            aria-describedby={checkoutBlocked ? 'checkout-blocked' : undefined}
          >
            <Trans>Check out as a guest</Trans>
          </Link>
          {blockedNote}
          <p className={styles.note}>
            <Trans>
              New to Forge?{' '}
              <Link to="/register" search={{ redirect: '/checkout' }}>
                Create an account
              </Link>{' '}
              — your cart comes with you.
            </Trans>
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

/** The discount-code field's own checks (contract/cart-rules.ts), in the page's language. */
function useDiscountCodeError(): (error: string) => string {
  const { t } = useLingui();
  return (error) => {
    if (error === DISCOUNT_CODE_REQUIRED) return t`Enter a discount code`;
    const max = DISCOUNT_CODE_MAX_LENGTH;
    if (error === DISCOUNT_CODE_TOO_LONG) return t`must be at most ${max} characters`;
    return error;
  };
}

function DiscountCode({ cart }: { cart: Cart }) {
  const { t, i18n } = useLingui();
  const discountCodeError = useDiscountCodeError();
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
      setError(discountCodeError(checked.error));
      return;
    }
    setError(null);
    apply.mutate(checked.code, {
      onSuccess: () => setCode(''),
      onError: (err) =>
        setError(
          err instanceof ApiError
            ? apiErrorText(err, i18n, err.fieldErrors.code ?? err.message)
            : err instanceof RefusedInOtherTab && err.message
              ? err.message
              : t`The code could not be applied. Please try again.`,
        ),
    });
  }

  if (cart.discount) {
    const { code: appliedCode, percentOff } = cart.discount;
    return (
      <div className={styles.applied}>
        <p>
          <Trans>
            Code <strong>{appliedCode}</strong> applied: {percentOff} % off.
          </Trans>
        </p>
        <Button
          size="sm"
          variant="ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate({ type: 'removeDiscount' })}
        >
          <Trans>Remove code</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.discount} onSubmit={onSubmit} noValidate>
      <TextField
        label={t`Discount code`}
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
        <Trans>Apply</Trans>
      </Button>
    </form>
  );
}
