/**
 * The discount-code offer. On a first visit (no `hasSeenCouponPopup` in local storage) it opens
 * after 3000 ms; closing it sets the flag and shows the round floating button titled 'Get discount
 * offer', which reopens it. The form validates Full Name and Email, disables itself while sending,
 * and on success shows 'Success!' / 'Check your email for your discount code', closing by itself
 * after 30000 ms. Mounted once by the layout.
 *
 * The floating button steps aside while it would cover something of the page (useStepAside), and
 * is gone while the shopper's cart carries a discount code: there is nothing left to offer.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  COUPON_POPUP_DELAY_MS,
  COUPON_SUCCESS_AUTO_CLOSE_MS,
  STORAGE_KEYS,
} from '../../../lib/constants.ts';
import { useChunk } from '../../../hooks/use-chunk.ts';
import { useStepAside } from '../../../hooks/use-step-aside.ts';
import { useCart } from '../../cart/api/index.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import styles from './coupon-popup.module.css';

/**
 * The dialog and its form are a chunk of their own: every first page mounts the popup, few open
 * it. The chunk is fetched as the page mounts, well before a first visit's popup opens.
 */
const loadDialog = () => import('./coupon-dialog.tsx');

type View = 'closed' | 'form' | 'success';

export function CouponPopup() {
  const [seen, setSeen] = useState(() => readStorage(STORAGE_KEYS.hasSeenCouponPopup) !== null);
  const [view, setView] = useState<View>('closed');

  const loaded = useChunk(loadDialog);
  const codeInCart = useCart().data?.discount != null;
  // Whether the offer was seen is known only in the browser, after the server's HTML is hydrated.
  const floating = useHydrated() && seen && view === 'closed' && !codeInCart;
  const { ref, aside } = useStepAside<HTMLButtonElement>(floating);

  useEffect(() => {
    if (seen) return;
    const timer = setTimeout(() => setView('form'), COUPON_POPUP_DELAY_MS);
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
      {floating ? (
        <button
          ref={ref}
          type="button"
          className={styles.floating}
          data-aside={aside || undefined}
          title="Get discount offer"
          aria-label="Get discount offer"
          onClick={() => setView('form')}
          data-testid="coupon-button"
        >
          <span aria-hidden="true" className={styles.floatingText}>
            10%
          </span>
        </button>
      ) : null}
      {view !== 'closed' && loaded ? (
        <loaded.CouponDialog view={view} onSuccess={() => setView('success')} onClose={close} />
      ) : null}
    </>
  );
}
