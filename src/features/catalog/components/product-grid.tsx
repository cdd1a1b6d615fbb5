import type { ProductSummary } from '../../../../contract/catalog.ts';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

export function ProductGrid({
  products,
  eagerCount = 0,
  label,
}: {
  products: ProductSummary[];
  /** How many leading cards are likely above the fold and should not wait to load. */
  eagerCount?: number;
  label?: string;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id} className={styles.item}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
