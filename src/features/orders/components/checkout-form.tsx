/**
 * Where to ship (a saved address or a new one, validated beside each field with the contract's own
 * Address rules), how (standard or express), the live summary and "Place order". Offline the form
 * stays but nothing is sent, and the button says why. A server refusal puts its field errors beside
 * the fields (or its message above the button) and moves focus there. A lost answer offers "Try
 * again", which resends the same attempt. The total to pay, with shipping and each tax, stands just
 * above "Place order" (and describes it) once the server has priced the current address and method:
 * on a phone the summary only follows the form.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  SHIPPING_COUNTRY_NAME,
  SHIPPING_METHODS,
  shippingPrice,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import type { OrderTotals, PlaceOrderBody, SavedAddress } from '../../../../contract/orders.ts';
import { AddressFields } from '../../../components/address/address-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { apiErrorText, failureMessage } from '../../../lib/failure-message.ts';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useCart } from '../../cart/api/index.ts';
import { addressLines, addressValuesOf, type AddressValues } from '../../../lib/address.ts';
import { asSentence, formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { taxLabel } from '../../../lib/order-format.ts';
import { isLocale } from '../../../../contract/locale.ts';
import { useSavedAddresses } from '../../../lib/saved-addresses.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { useQuote } from '../api/get-quote.ts';
import { NEW_ADDRESS, quoteBodyFor } from '../lib/checkout-body.ts';
import {
  STILL_WORKING_TEXT,
  shortLineText,
  type CheckoutPhase,
  type CheckoutRefusal,
} from '../lib/use-checkout-attempt.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import styles from './orders.module.css';

export const PLACE_ORDER_OFFLINE_TEXT = msg`You are offline. Reconnect to place your order.`;

/** The contract's SHIPPING_METHOD_LABELS, through the catalogs. */
const SHIPPING_METHOD_TEXT: Record<ShippingMethod, MessageDescriptor> = {
  standard: msg`Standard shipping (3–7 business days)`,
  express: msg`Express shipping (1–2 business days)`,
};
export const QUOTE_DEBOUNCE_MS = 400;

const loadAddress = () => import('../../../../contract/orders.ts').then((rules) => rules.Address);

export function CheckoutForm({
  phase,
  refusal,
  resumedBody = null,
  onPlace,
  onRetry,
}: {
  phase: CheckoutPhase;
  refusal: CheckoutRefusal | null;
  /** A resumed attempt's body: the form starts with what it sends. */
  resumedBody?: PlaceOrderBody | null;
  onPlace: (body: PlaceOrderBody) => void;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const country = SHIPPING_COUNTRY_NAME;
  const online = useOnline();
  // The checkout's guard read the cart as the page opened: the form shows that one.
  const cart = useCart({ readOnMount: false });
  // A guest checkout keeps no addresses: nothing to offer, nothing to save.
  const account = !useCustomer().user?.guest;
  const addresses = useSavedAddresses(account);
  const saved = addresses.data ?? [];
  const [picked, setPicked] = useState<string | null>(
    resumedBody ? (resumedBody.addressId ?? NEW_ADDRESS) : null,
  );
  const chosen =
    picked ?? (saved.find((address) => address.isDefault) ?? saved[0])?.id ?? NEW_ADDRESS;
  const [method, setMethod] = useState<ShippingMethod>(resumedBody?.shippingMethod ?? 'standard');
  const [saveAddress, setSaveAddress] = useState(resumedBody?.saveAddress ?? true);
  const form = useSchemaForm<AddressValues, Awaited<ReturnType<typeof loadAddress>>>(
    loadAddress,
    addressValuesOf(resumedBody?.shippingAddress),
  );
  const submission = useFormSubmit(
    form,
    i18n._(msg`Your order could not be placed. Please try again.`),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  const { province, postalCode } = form.values;
  const quoteBody = useMemo(
    () => quoteBodyFor({ addressId: chosen, province, postalCode, shippingMethod: method }),
    [chosen, province, postalCode, method],
  );
  const debounced = useDebouncedValue(quoteBody, QUOTE_DEBOUNCE_MS);
  const quote = useQuote(online ? debounced : null);
  const quoteOutdated = quoteBody !== null && debounced !== quoteBody;

  // A refusal: its field errors beside the fields, then (once they are drawn) focus on the first
  // invalid field, or on the refusal's message when it names none.
  const [shownRefusal, setShownRefusal] = useState(0);
  if (refusal && refusal.id !== shownRefusal) {
    setShownRefusal(refusal.id);
    form.setErrors(refusal.fieldErrors);
  }
  useEffect(() => {
    if (!shownRefusal) return;
    const invalid = formRef.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"]',
    );
    (invalid ?? refusalRef.current)?.focus();
  }, [shownRefusal]);

  const placing = phase.name === 'placing';
  const blocked = !online ? i18n._(PLACE_ORDER_OFFLINE_TEXT) : null;
  const priced = quoteBody !== null && !quoteOutdated && !quote.isFetching ? quote.data : undefined;
  const placeDescription =
    [priced ? 'place-order-total' : '', blocked ? 'place-order-blocked' : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const submitNew = submission.onSubmit((address) =>
    onPlace({
      shippingAddress: address,
      shippingMethod: method,
      saveAddress: account && saveAddress,
    }),
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!online || placing) {
      event.preventDefault();
      return;
    }
    if (chosen === NEW_ADDRESS) {
      void submitNew(event);
      return;
    }
    event.preventDefault();
    onPlace({ addressId: chosen, shippingMethod: method });
  }

  const subtotalForShipping = quote.data
    ? quote.data.totals.subtotal - quote.data.totals.discount
    : (cart.data?.totals.subtotal ?? 0) - (cart.data?.totals.discount ?? 0);
  const methodError = refusal?.fieldErrors.shippingMethod ?? null;

  return (
    <div className={styles.layout}>
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={i18n._(msg`Checkout`)}
      >
        {saved.length > 0 ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Ship to</Trans>
            </legend>
            {saved.map((address) => (
              <SavedAddressChoice
                key={address.id}
                address={address}
                checked={chosen === address.id}
                onChange={() => setPicked(address.id)}
              />
            ))}
            <label className={styles.choice}>
              <input
                type="radio"
                name="addressId"
                value={NEW_ADDRESS}
                checked={chosen === NEW_ADDRESS}
                onChange={() => setPicked(NEW_ADDRESS)}
              />
              <span className={styles.choiceText}>
                <Trans>Use a new address</Trans>
              </span>
            </label>
          </fieldset>
        ) : null}

        {chosen === NEW_ADDRESS ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <Trans>Shipping address</Trans>
            </legend>
            <AddressFields field={form.field} />
            <p className={styles.muted}>
              <Trans>Country: {country} (we only ship within Canada)</Trans>
            </p>
            {account ? (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={saveAddress}
                  onChange={(event) => setSaveAddress(event.target.checked)}
                />
                <Trans>Save this address</Trans>
              </label>
            ) : null}
          </fieldset>
        ) : null}

        <fieldset
          className={styles.fieldset}
          aria-describedby={methodError ? 'shipping-method-error' : undefined}
        >
          <legend className={styles.legend}>
            <Trans>Shipping method</Trans>
          </legend>
          {SHIPPING_METHODS.map((value) => {
            const price = shippingPrice(value, subtotalForShipping);
            return (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name="shippingMethod"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                <span className={styles.choiceText}>
                  {i18n._(SHIPPING_METHOD_TEXT[value])}
                  <span className={styles.muted}>
                    {price === 0 ? <Trans>Free</Trans> : formatMoney(price, locale)}
                  </span>
                </span>
              </label>
            );
          })}
          {methodError ? (
            <p id="shipping-method-error" className={styles.alert} role="alert">
              {asSentence(methodError)}
            </p>
          ) : null}
        </fieldset>

        {refusal ? (
          <div ref={refusalRef} tabIndex={-1} className={styles.alert} role="alert">
            <p>
              {apiErrorText(refusal.error, i18n) ||
                i18n._(msg`Your order could not be placed. Please try again.`)}
            </p>
            {refusal.lines.length > 0 ? (
              <ul>
                {refusal.lines.map((line, index) => (
                  <li key={index}>{shortLineText(line, i18n)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <FormFailure message={submission.failure} />

        {phase.name === 'placing' && phase.waiting ? (
          <p className={styles.notice} role="status">
            {i18n._(STILL_WORKING_TEXT)}
          </p>
        ) : null}

        {phase.name === 'lost' ? (
          <div className={styles.alert} role="alert">
            <p>{i18n._(phase.message)}</p>
            <Button
              variant="dark"
              disabled={!online}
              aria-describedby={blocked ? 'place-order-blocked' : undefined}
              onClick={onRetry}
            >
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : null}

        {priced ? (
          <p id="place-order-total" className={styles.placeTotal}>
            <span>{totalToPayText(priced.totals, i18n)}</span>{' '}
            <strong>{formatMoney(priced.totals.total, locale)}</strong>
          </p>
        ) : null}
        <Button
          type="submit"
          block
          loading={placing}
          disabled={blocked !== null}
          aria-describedby={placeDescription}
        >
          {placing ? <Trans>Placing order…</Trans> : <Trans>Place order</Trans>}
        </Button>
        {blocked ? (
          <p id="place-order-blocked" className={styles.notice} role="status">
            {blocked}
          </p>
        ) : null}
      </form>
      <CheckoutSummary
        quote={quoteBody === null ? undefined : quote.data}
        updating={quoteOutdated || quote.isFetching}
        failed={
          quote.isError
            ? failureMessage(quote.error, i18n._(msg`Your total could not be updated.`))
            : null
        }
        cart={cart.data}
      />
    </div>
  );
}

/**
 * "Total with shipping $9.99 and HST (13%) $7.15:": what the total to pay holds (in French "Total
 * avec livraison 9,99 $ et TVH (13 %) 7,15 $ :").
 */
function totalToPayText(totals: OrderTotals, i18n: I18n): string {
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en-CA';
  const cost = formatMoney(totals.shipping, locale);
  const parts = [
    totals.shipping === 0 ? i18n._(msg`shipping free`) : i18n._(msg`shipping ${cost}`),
    ...totals.taxes.map((tax) => `${taxLabel(tax, locale)} ${formatMoney(tax.amount, locale)}`),
  ];
  const last = parts.at(-1) ?? '';
  const list = parts.slice(0, -1).join(', ');
  return parts.length > 1
    ? i18n._(msg`Total with ${list} and ${last}:`)
    : i18n._(msg`Total with ${last}:`);
}

function SavedAddressChoice({
  address,
  checked,
  onChange,
}: {
  address: SavedAddress;
  checked: boolean;
  onChange: () => void;
}) {
  const { i18n } = useLingui();
  const [name, ...rest] = addressLines(address);
  return (
    <label className={styles.choice}>
      <input
        type="radio"
        name="addressId"
        value={address.id}
        checked={checked}
        onChange={onChange}
      />
      <span className={styles.choiceText}>
        <strong>
          {name}
          {address.isDefault ? ` ${i18n._(msg`(default)`)}` : ''}
        </strong>
        <span className={styles.muted}>{rest.join(', ')}</span>
      </span>
    </label>
  );
}
