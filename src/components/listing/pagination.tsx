import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ListingSearch } from '../../lib/catalog/listing-search.ts';
import styles from './pagination.module.css';

/**
 * Page numbers to show: the first, the last, and two either side of the current one. A gap that
 * would hide a single page shows that page instead: an ellipsis should save space, not cost it.
 */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let n = 1; n <= totalPages; n++) {
    if (n === 1 || n === totalPages || Math.abs(n - page) <= 2) {
      const previous = pages[pages.length - 1];
      const beforeGap = pages[pages.length - 2];
      if (previous === 'gap' && typeof beforeGap === 'number' && n - beforeGap === 2) {
        pages[pages.length - 1] = n - 1;
      }
      pages.push(n);
    } else if (pages[pages.length - 1] !== 'gap') {
      pages.push('gap');
    }
  }
  return pages;
}

/** Real links (shareable, crawlable); each moves the view back to the top of the results. */
export function Pagination({
  page,
  totalPages,
  onNavigate,
}: {
  page: number;
  totalPages: number;
  onNavigate: () => void;
}) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  const link = (target: number) => ({
    to: '.' as const,
    search: ((previous: ListingSearch) => ({
      ...previous,
      page: target > 1 ? target : undefined,
    })) as never,
    onClick: () => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      onNavigate();
    },
  });
  return (
    <nav className={styles.pagination} aria-label={t`Pages`}>
      {page > 1 ? (
        <Link {...link(page - 1)} className={styles.step} rel="prev">
          <span aria-hidden="true">‹</span> <Trans>Previous</Trans>
        </Link>
      ) : null}
      <ol className={styles.pages}>
        {pageWindow(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                {...link(item)}
                className={styles.page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link {...link(page + 1)} className={styles.step} rel="next">
          <Trans>Next</Trans> <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}
