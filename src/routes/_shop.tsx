import { createFileRoute, Outlet } from '@tanstack/react-router';
import { lazy } from 'react';
import {
  QuickAddDialogContext,
  type QuickAddDialogProps,
} from '../components/products/quick-add-slot.ts';
import { CouponPopup } from '../features/coupon/components/coupon-popup.tsx';
import { Footer } from '../layout/components/footer.tsx';
import { Header } from '../layout/components/header.tsx';
import styles from '../layout/components/shop-layout.module.css';

/** A product card's flavor and size choice, fetched the first time a shopper needs it. */
const QuickAddDialog = lazy(() => import('../features/product/components/quick-add-dialog.tsx'));
const quickAddDialog = (props: QuickAddDialogProps) => <QuickAddDialog {...props} />;

/** The main layout of spec §2: header, the page, footer, and the coupon offer. */
export const Route = createFileRoute('/_shop')({
  component: ShopLayout,
});

function ShopLayout() {
  return (
    <QuickAddDialogContext value={quickAddDialog}>
      <div className={styles.shell}>
        <Header />
        <div className={styles.content}>
          <Outlet />
        </div>
        <Footer />
        <CouponPopup />
      </div>
    </QuickAddDialogContext>
  );
}
