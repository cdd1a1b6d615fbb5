import { createFileRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loginHref, requireUser } from '../../features/account/api/require-user.ts';
import { useCustomer } from '../../stores/customer.ts';

export const Route = createFileRoute('/_shop/_account')({
  beforeLoad: requireUser,
  component: AccountArea,
});

/** Also leaves when the session ends while the page is open (logout elsewhere, expiry). */
function AccountArea() {
  const { user } = useCustomer();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  useEffect(() => {
    if (!user) void navigate({ href: loginHref(href), replace: true });
  }, [user, href, navigate]);
  return user ? <Outlet /> : null;
}
