import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClassName } from '../../../components/ui/button.tsx';
import styles from './admin.module.css';

/** A desk list's "‹ Previous · Page N of M · Next ›", shown only when there is more than one page. */
export function DeskPager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button
        type="button"
        className={buttonClassName({ variant: 'outline', size: 'sm' })}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <Trans>‹ Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {totalPages}
        </Trans>
      </span>
      <button
        type="button"
        className={buttonClassName({ variant: 'outline', size: 'sm' })}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <Trans>Next ›</Trans>
      </button>
    </nav>
  );
}
