/**
 * Stripe's Express Checkout Element: Apple Pay, Google Pay and Link in one tap, on the product
 * page (that one line: `buyNow`) and the cart (the whole cart). Loaded lazily by
 * ExpressCheckoutSlot, and only when the shop has a Stripe publishable key.
 *
 * The sheet runs on the shop's rules, never on its own sums:
 * 1. click: the sheet opens with the goods and the shipping choices (no region yet, so no taxes).
 * 2. shippingaddresschange: the sheet shares only a region, so POST /checkout/quote prices each
 *    shipping method for that province; the sheet's amount becomes the chosen method's total.
 * 3. shippingratechange: the amount follows the chosen method's quote.
 * 4. confirm: signed out, a guest session starts with the payer's e-mail (the guest cart joins
 *    it, as at sign-in); POST /orders places the order with this attempt's Idempotency-Key and the
 *    full address; if its total is not what the sheet shows, nothing is charged. Otherwise Stripe
 *    confirms the payment with the order's client secret and the shopper lands on Order
 *    Successful, where the order shows paid once Stripe's webhook has told the shop.
 *
 * Default export: ExpressCheckout({ publishableKey, discountedSubtotal, buyNow? }).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementReadyEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { AddCartItemBody } from '../../../../contract/cart.ts';
import {
  SHIPPING_COUNTRY,
  SHIPPING_METHODS,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import type { Quote } from '../../../../contract/orders.ts';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { stripeFor } from '../../../lib/payments/load-stripe.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { customerState } from '../../../stores/customer.ts';
import { afterSignIn, startGuestCheckout } from '../../account/api/index.ts';
import { getQuote } from '../api/get-quote.ts';
import { placeOrder } from '../api/place-order.ts';
import {
  estimateFor,
  walletLineItems,
  walletProvince,
  walletShippingAddress,
  walletShippingRates,
} from '../lib/wallet.ts';
import styles from './orders.module.css';

/** The smallest amount Stripe takes in CAD (50 ¢): the sheet cannot open for less. */
const STRIPE_MINIMUM_AMOUNT = 50;

export const EXPRESS_CHECKOUT_TITLE = msg`Express checkout`;
export const EXPRESS_CHECKOUT_NOTE = msg`Your wallet shares your address to price shipping and taxes; you see the total before you pay.`;
export const WALLET_FAILED = msg`The payment could not be completed. Nothing was charged.`;
export const WALLET_ADDRESS_REFUSED = msg`We ship to Canadian addresses only.`;
export const walletTotalChanged = (number: string, i18n: I18n) =>
  i18n._(
    msg`The total of order ${number} changed while you paid, so nothing was charged. Pay it from the order's page.`,
  );

interface Props {
  publishableKey: string;
  /** What the sheet shows before a region is known: the goods after any discount, in cents. */
  discountedSubtotal: number;
  /** The product page's line, bought on its own; the cart's button leaves it out. */
  buyNow?: AddCartItemBody;
}

export default function ExpressCheckout(props: Props) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const amount = Math.max(
    estimateFor(props.discountedSubtotal, i18n).amount,
    STRIPE_MINIMUM_AMOUNT,
  );
  // Stripe.js blocked or unreachable: no wallet buttons, and the page's own buttons stay.
  const [stripe] = useState(() => stripeFor(props.publishableKey).catch(() => null));
  return (
    <Elements stripe={stripe} options={{ mode: 'payment', amount, currency: 'cad', locale }}>
      <ExpressButtons {...props} />
    </Elements>
  );
}

/** One press of a wallet button: its key, the region's quotes, and what the sheet shows. */
interface Attempt {
  key: string;
  method: ShippingMethod;
  quotes: Partial<Record<ShippingMethod, Quote>>;
}

function ExpressButtons({ discountedSubtotal, buyNow }: Props) {
  const { i18n } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [available, setAvailable] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const source = buyNow ? { buyNow } : {};
  const shown = () => {
    const current = attempt.current;
    return current?.quotes[current.method] ?? null;
  };

  function onReady(event: StripeExpressCheckoutElementReadyEvent) {
    setAvailable(event.availablePaymentMethods !== undefined);
  }

  function onClick(event: StripeExpressCheckoutElementClickEvent) {
    setFailure(null);
    attempt.current = { key: newIdempotencyKey(), method: 'standard', quotes: {} };
    const { lineItems, shippingRates } = estimateFor(discountedSubtotal, i18n);
    event.resolve({ lineItems, shippingRates });
  }

  async function onShippingAddressChange(
    event: StripeExpressCheckoutElementShippingAddressChangeEvent,
  ) {
    const current = attempt.current;
    const province = walletProvince(event.address);
    if (!current || !province || !elements) {
      event.reject();
      return;
    }
    try {
      const guestCartId = customerState.auth.user ? null : customerState.guestCart.guestCartId;
      const quotes = await Promise.all(
        SHIPPING_METHODS.map((shippingMethod) =>
          getQuote({ ...source, shippingProvince: province, shippingMethod }, { guestCartId }),
        ),
      );
      current.quotes = Object.fromEntries(quotes.map((quote) => [quote.shippingMethod, quote]));
      const quote = shown()!;
      elements.update({ amount: quote.totals.total });
      event.resolve({
        lineItems: walletLineItems(quote, i18n),
        shippingRates: walletShippingRates(
          (method) => current.quotes[method]!.totals.shipping,
          current.method,
          i18n,
        ),
      });
    } catch (error) {
      setFailure(failureMessage(error, i18n._(WALLET_FAILED)));
      event.reject();
    }
  }

  function onShippingRateChange(event: StripeExpressCheckoutElementShippingRateChangeEvent) {
    const current = attempt.current;
    const quote = current?.quotes[event.shippingRate.id as ShippingMethod];
    if (!current || !quote || !elements) {
      event.reject();
      return;
    }
    current.method = quote.shippingMethod;
    elements.update({ amount: quote.totals.total });
    event.resolve({ lineItems: walletLineItems(quote, i18n) });
  }

  async function onConfirm(event: StripeExpressCheckoutElementConfirmEvent) {
    const current = attempt.current;
    const quote = shown();
    const fail = (message: string) => {
      setFailure(message);
      event.paymentFailed({ reason: 'fail', message });
    };
    if (!stripe || !elements || !current || !quote || !event.shippingAddress) {
      fail(i18n._(WALLET_FAILED));
      return;
    }
    const shippingAddress = walletShippingAddress(
      event.shippingAddress,
      event.billingDetails?.phone,
    );
    if (!shippingAddress) {
      const refused = i18n._(WALLET_ADDRESS_REFUSED);
      setFailure(refused);
      event.paymentFailed({ reason: 'invalid_shipping_address', message: refused });
      return;
    }
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        fail(submitted.error.message ?? i18n._(WALLET_FAILED));
        return;
      }
      if (!customerState.auth.user) {
        const email = event.billingDetails?.email ?? '';
        const name = event.billingDetails?.name || event.shippingAddress.name;
        const session = await startGuestCheckout({ email, ...(name ? { name } : {}) });
        await afterSignIn(queryClient, session.user);
      }
      const placed = await placeOrder(
        { ...source, shippingAddress, shippingMethod: current.method },
        current.key,
      );
      const { order, payment } = placed;
      if (payment.amount !== quote.totals.total || !payment.clientSecret) {
        fail(walletTotalChanged(order.number, i18n));
        return;
      }
      const returnUrl = new URL('/order-success', window.location.origin);
      returnUrl.searchParams.set('orderId', order.id);
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: payment.clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl.href },
      });
      if (result.error) {
        fail(result.error.message ?? i18n._(WALLET_FAILED));
        return;
      }
      void navigate({ to: '/order-success', search: { orderId: order.id } });
    } catch (error) {
      fail(failureMessage(error, i18n._(WALLET_FAILED)));
    }
  }

  return (
    <section
      className={styles.express}
      aria-labelledby="express-checkout-title"
      hidden={!available}
    >
      <h2 id="express-checkout-title" className={styles.expressTitle}>
        {i18n._(EXPRESS_CHECKOUT_TITLE)}
      </h2>
      <ExpressCheckoutElement
        options={{
          emailRequired: true,
          phoneNumberRequired: true,
          shippingAddressRequired: true,
          allowedShippingCountries: [SHIPPING_COUNTRY],
          buttonType: { applePay: 'buy', googlePay: 'buy' },
        }}
        onReady={onReady}
        onClick={onClick}
        onShippingAddressChange={(event) => void onShippingAddressChange(event)}
        onShippingRateChange={onShippingRateChange}
        onConfirm={(event) => void onConfirm(event)}
        onCancel={() => {
          attempt.current = null;
        }}
      />
      <FormFailure message={failure} />
      <p className={styles.smallNote}>{i18n._(EXPRESS_CHECKOUT_NOTE)}</p>
    </section>
  );
}
