/**
 * The login-only guard: a signed-out shopper is sent to /login with the page they wanted in the
 * `redirect` search param, replacing the history entry. The login screen reads `redirect` and,
 * after sign-in, goes back there through `safeRedirect` (redirect-search.ts).
 *
 * The staff pages' guard (requireAdmin) sits below the account area, so a guest has already gone to
 * sign in: anyone but staff gets the shop's not-found page, as for a page that does not exist. The
 * server checks the role on every staff request too (403), which the pages also turn into
 * not-found.
 */
import { notFound, redirect } from '@tanstack/react-router';
import { customerState } from '../../../stores/customer.ts';

export function loginHref(origin: string): string {
  return `/login?${new URLSearchParams({ redirect: origin }).toString()}`;
}

export function requireUser({ location }: { location: { href: string } }): void {
  if (customerState.auth.user) return;
  throw redirect({ href: loginHref(location.href), replace: true });
}

export function requireAdmin(): void {
  if (customerState.auth.user?.role !== 'admin') throw notFound();
}
