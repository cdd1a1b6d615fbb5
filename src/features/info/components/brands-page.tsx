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
  const sorted = brands
    .filter((brand) => brand.slug && brand.name)
    .sort((a, b) => compareFolded(a.name, b.name));
  return (
    <InfoPage
      eyebrow="Brands"
      title="The brands we carry"
      lede="Every brand on our shelf is vetted for licensed, clearly labelled products. Pick one to see its full range."
    >
      {sorted.length === 0 ? (
        <p>No brands to show right now.</p>
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
