import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirect } from '../features/account/redirect-search.ts';
import { LoginForm } from '../features/account/components/login-form.tsx';
import { redirectSearchSchema } from '../features/account/redirect-search.ts';
import { customerState } from '../stores/customer.ts';
import { titled } from '../lib/document-title.ts';

export const Route = createFileRoute('/login')({
  head: titled(msg`Login`),
  validateSearch: redirectSearchSchema,
  // Someone already signed in has nothing to do here: send them on.
  beforeLoad: ({ search }) => {
    if (customerState.auth.user)
      throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: Login,
});

function Login() {
  const { redirect, guest } = Route.useSearch();
  return <LoginForm redirect={redirect} guest={guest} />;
}
