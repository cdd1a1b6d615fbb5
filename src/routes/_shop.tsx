import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CouponPopup } from '../features/coupon/components/coupon-popup.tsx';
import { Footer } from '../layout/components/footer.tsx';
import { Header } from '../layout/components/header.tsx';
import styles from '../layout/components/shop-layout.module.css';

/** The main layout: header, the page, footer, and the coupon offer. */
export const Route = createFileRoute('/_shop')({
  component: ShopLayout,
});

function ShopLayout() {
  return (
    <div className={styles.shell}>
      <Header />
      <div className={styles.content}>
        <Outlet />
      </div>
      <Footer />
      <CouponPopup />
    </div>
  );
}
