/**
 * The round floating button titled 'Get discount offer', which reopens the offer once it has been
 * seen. It steps aside while it would cover something of the page (useStepAside). A chunk of its
 * own, fetched as the offer mounts: it shows only after hydration, for a shopper who has seen the
 * offer, so no first page waits for it.
 */
import { useStepAside } from '../../../hooks/use-step-aside.ts';
import styles from './coupon-popup.module.css';

export function CouponButton({ onOpen }: { onOpen: () => void }) {
  const { ref, aside } = useStepAside<HTMLButtonElement>(true);
  return (
    <button
      ref={ref}
      type="button"
      className={styles.floating}
      data-aside={aside || undefined}
      title="Get discount offer"
      aria-label="Get discount offer"
      onClick={onOpen}
      data-testid="coupon-button"
    >
      <span aria-hidden="true" className={styles.floatingText}>
        10%
      </span>
    </button>
  );
}
