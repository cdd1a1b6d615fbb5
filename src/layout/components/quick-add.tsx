import { lazy, type ReactNode } from 'react';
import {
  QuickAddDialogContext,
  type QuickAddDialogProps,
} from '../../components/products/quick-add-slot.ts';

/** The product page's flavor and size choice, fetched the first time a shopper needs it. */
const QuickAddDialog = lazy(() => import('../../features/product/components/quick-add-dialog.tsx'));
const quickAddDialog = (props: QuickAddDialogProps) => <QuickAddDialog {...props} />;

/**
 * Gives a page's product cards their quick-add dialog. The routes that show cards wrap their page
 * in it rather than the shop layout, whose code ships with every first page.
 */
export function WithQuickAdd({ children }: { children: ReactNode }) {
  return <QuickAddDialogContext value={quickAddDialog}>{children}</QuickAddDialogContext>;
}
