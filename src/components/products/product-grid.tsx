import type { CSSProperties } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

export function ProductGrid({
  products,
  eagerCount = 0,
  label,
  className,
  style,
  flavor,
}: {
  products: ProductSummary[];
  /** How many leading cards are likely above the fold and should not wait to load. */
  eagerCount?: number;
  label?: string;
  /** Another column layout (a row sized to its items), replacing the fill-the-width grid's. */
  className?: string;
  style?: CSSProperties;
  /** The flavor every card stands for (ProductCard's `flavor`). */
  flavor?: string | undefined;
}) {
  return (
    <ul className={className ?? styles.grid} style={style} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id} className={styles.item}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
            flavor={flavor}
          />
        </li>
      ))}
    </ul>
  );
}
