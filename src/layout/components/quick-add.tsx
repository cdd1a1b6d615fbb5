import type { ReactNode } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { QuickAddContext } from '../../components/products/quick-add-slot.ts';
import { QuickAdd } from '../../features/product/components/quick-add.tsx';

const quickAdd = (product: ProductSummary, flavor?: string) => (
  <QuickAdd product={product} flavor={flavor} />
);

/**
 * Gives a page's product cards their "Add" button. The routes that show cards wrap their page in
 * it rather than the shop layout, whose code ships with every first page.
 */
export function WithQuickAdd({ children }: { children: ReactNode }) {
  return <QuickAddContext value={quickAdd}>{children}</QuickAddContext>;
}
