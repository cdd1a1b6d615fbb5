import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PrivatePageFrame } from '../../components/ui/private-page-frame.tsx';
import { loginHref, requireUser } from '../../features/account/api/require-user.ts';
import { useCustomer } from '../../stores/customer.ts';

/**
 * Rendered in the browser only (`ssr: false`): the server has no session, so it renders the frame
 * (PrivatePageFrame) and neither guards nor loads anything below.
 */
export const Route = createFileRoute('/_shop/_account')({
  ssr: false,
  pendingComponent: PrivatePageFrame,
  beforeLoad: requireUser,
  component: AccountArea,
});

/**
 * Also leaves when the session ends while the page is open (logout in another tab, expiry), once:
 * the location changes while the redirect is under way, and following it would send the shopper to
 * a login page whose return address is the login page, and so on.
 */
function AccountArea() {
  const { user } = useCustomer();
  const router = useRouter();
  useEffect(() => {
    if (!user) void router.navigate({ href: loginHref(router.state.location.href), replace: true });
  }, [user, router]);
  return user ? <Outlet /> : null;
}
