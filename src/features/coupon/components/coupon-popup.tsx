/**
 * The discount-code offer. On a first visit (no `hasSeenCouponPopup` in local storage) it opens
 * after 3000 ms; closing it sets the flag and shows the round floating button titled 'Get discount
 * offer', which reopens it. The form validates Full Name and Email, disables itself while sending,
 * and on success shows 'Success!' / 'Check your email for your discount code', closing by itself
 * after 30000 ms. Mounted once by the layout.
 *
 * A modal takes the focus as it opens: a shopper typing at that moment (a search, a sign-in, an
 * address) would go on typing into the offer's Full Name, and lose their place. So when the 3000 ms
 * are up while the focus is in a field, the offer waits, looking again every 3000 ms, until the
 * shopper has left the field.
 *
 * The floating button (coupon-button.tsx) is gone while the shopper's cart carries a discount code:
 * there is nothing left to offer.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  COUPON_POPUP_DELAY_MS,
  COUPON_SUCCESS_AUTO_CLOSE_MS,
  STORAGE_KEYS,
} from '../../../lib/constants.ts';
import { useChunk } from '../../../hooks/use-chunk.ts';
import { useCart } from '../../cart/api/index.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

/**
 * The dialog and its form are a chunk of their own: every first page mounts the popup, few open
 * it. The chunk is fetched as the page mounts, well before a first visit's popup opens.
 */
const loadDialog = () => afterMessages(() => import('./coupon-dialog.tsx'));

/**
 * So is the floating button, fetched alongside: a shopper who has seen the offer gets it a moment
 * after the page starts, and a first visit long before the offer is closed.
 */
const loadButton = () => afterMessages(() => import('./coupon-button.tsx'));

type View = 'closed' | 'form' | 'success';

/** Input types that take no typing: the offer opening over one interrupts nothing. */
const UNTYPED_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Whether the focus is in a field the shopper types or chooses in. */
function focusInField(): boolean {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement) return !UNTYPED_INPUTS.has(active.type);
  return (
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

export function CouponPopup() {
  const [seen, setSeen] = useState(() => readStorage(STORAGE_KEYS.hasSeenCouponPopup) !== null);
  const [view, setView] = useState<View>('closed');

  const loaded = useChunk(loadDialog);
  const button = useChunk(loadButton);
  const codeInCart = useCart().data?.discount != null;
  // Whether the offer was seen is known only in the browser, after the server's HTML is hydrated.
  const floating = useHydrated() && seen && view === 'closed' && !codeInCart;

  useEffect(() => {
    if (seen) return;
    let timer: ReturnType<typeof setTimeout>;
    const open = () => {
      if (focusInField()) timer = setTimeout(open, COUPON_POPUP_DELAY_MS);
      else setView('form');
    };
    timer = setTimeout(open, COUPON_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [seen]);

  const close = useCallback(() => {
    writeStorage(STORAGE_KEYS.hasSeenCouponPopup, 'true');
    setSeen(true);
    setView('closed');
  }, []);

  useEffect(() => {
    if (view !== 'success') return;
    const timer = setTimeout(close, COUPON_SUCCESS_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [view, close]);

  return (
    <>
      {floating && button ? <button.CouponButton onOpen={() => setView('form')} /> : null}
      {view !== 'closed' && loaded ? (
        <loaded.CouponDialog view={view} onSuccess={() => setView('success')} onClose={close} />
      ) : null}
    </>
  );
}
