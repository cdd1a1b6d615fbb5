import { createFileRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { loginHref, requireUser } from '../../features/account/api/require-user.ts';
import { useCustomer } from '../../stores/customer.ts';

export const Route = createFileRoute('/_shop/_account')({
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
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const hrefRef = useRef(href);
  useEffect(() => {
    hrefRef.current = href;
  });
  useEffect(() => {
    if (!user) void navigate({ href: loginHref(hrefRef.current), replace: true });
  }, [user, navigate]);
  return user ? <Outlet /> : null;
}
