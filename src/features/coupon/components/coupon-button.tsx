/**
 * The round floating button titled 'Get discount offer', which reopens the offer once it has been
 * seen. It steps aside while it would cover something of the page (useStepAside). A chunk of its
 * own, fetched as the offer mounts: it shows only after hydration, for a shopper who has seen the
 * offer, so no first page waits for it.
 */
import { useLingui } from '@lingui/react/macro';
import { formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useStepAside } from '../../../hooks/use-step-aside.ts';
import styles from './coupon-popup.module.css';

export function CouponButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { ref, aside } = useStepAside<HTMLButtonElement>(true);
  return (
    <button
      ref={ref}
      type="button"
      className={styles.floating}
      data-aside={aside || undefined}
      title={t`Get discount offer`}
      aria-label={t`Get discount offer`}
      onClick={onOpen}
      data-testid="coupon-button"
    >
      <span aria-hidden="true" className={styles.floatingText}>
        {formatPercent(10, locale)}
      </span>
    </button>
  );
}
