import type { ReactNode } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { HeartButton } from '../../components/products/heart-button.tsx';
import { QuickAddContext } from '../../components/products/quick-add-slot.ts';
import { HeartContext } from '../../components/products/wishlist-slot.ts';
import { QuickAdd } from '../../features/product/components/quick-add.tsx';
import { useHeart } from '../../features/wishlist/api/index.ts';

const quickAdd = (product: ProductSummary, flavor?: string) => (
  <QuickAdd product={product} flavor={flavor} />
);

function CardHeart({ product }: { product: ProductSummary }) {
  const [hearted, toggle] = useHeart(product._id);
  return <HeartButton name={product.name} pressed={hearted} onToggle={toggle} />;
}

const heart = (product: ProductSummary) => <CardHeart product={product} />;

/**
 * Gives a page's product cards their "Add" button and their heart. The routes that show cards wrap
 * their page in it rather than the shop layout, whose code ships with every first page.
 */
export function WithQuickAdd({ children }: { children: ReactNode }) {
  return (
    <QuickAddContext value={quickAdd}>
      <HeartContext value={heart}>{children}</HeartContext>
    </QuickAddContext>
  );
}
