import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { findBySlug, taxonomyQueryOptions } from '../../lib/catalog/get-taxonomy.ts';
import { POPULAR_CATEGORY_SLUGS } from '../../../contract/catalog-rules.ts';
import styles from './product-listing.module.css';

/** Where to go when a listing comes up empty: the popular categories, by name. */
export function PopularCategories() {
  const { t } = useLingui();
  const categories = useQuery(taxonomyQueryOptions('categories')).data ?? [];
  const popular = POPULAR_CATEGORY_SLUGS.map((slug) => findBySlug(categories, slug)).filter(
    (category) => category !== undefined,
  );
  if (popular.length === 0) return null;
  return (
    <nav aria-label={t`Popular categories`} className={styles.suggestions}>
      <h4 className={styles.suggestionsTitle}>
        <Trans>Popular categories</Trans>
      </h4>
      <ul className={styles.suggestionList}>
        {popular.map((category) => (
          <li key={category.slug}>
            <Link
              to="/category/$categorySlug"
              params={{ categorySlug: category.slug }}
              className={styles.suggestion}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
