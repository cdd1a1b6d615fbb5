import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { compareFolded } from '../../../../contract/search-rules.ts';
import { InfoPage } from './info-page';
import styles from './info-page.module.css';

export interface BrandSummary {
  _id: string;
  slug: string;
  name: string;
  description?: string;
  color?: string;
}

export function BrandsPage({ brands }: { brands: BrandSummary[] }) {
  const { t } = useLingui();
  const sorted = brands
    .filter((brand) => brand.slug && brand.name)
    .sort((a, b) => compareFolded(a.name, b.name));
  return (
    <InfoPage
      eyebrow={t`Brands`}
      title={t`The brands we carry`}
      lede={
        <Trans>
          Every brand on our shelf is vetted for licensed, clearly labelled products. Pick one to
          see its full range.
        </Trans>
      }
    >
      {sorted.length === 0 ? (
        <p>
          <Trans>No brands to show right now.</Trans>
        </p>
      ) : (
        <ul className={styles.brandGrid}>
          {sorted.map((brand) => (
            <li key={brand._id}>
              <Link
                to="/brand/$brandSlug"
                params={{ brandSlug: brand.slug }}
                className={styles.brandCard}
                style={
                  brand.color ? ({ '--brand-color': brand.color } as CSSProperties) : undefined
                }
              >
                <span className={styles.brandMark} aria-hidden="true">
                  {brand.name.slice(0, 1)}
                </span>
                <span className={styles.brandName}>{brand.name}</span>
                {brand.description ? (
                  <span className={styles.brandDescription}>{brand.description}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </InfoPage>
  );
}
