import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirect } from '../features/account/redirect-search.ts';
import { RegisterForm } from '../features/account/components/register-form.tsx';
import { redirectSearchSchema } from '../features/account/redirect-search.ts';
import { customerState } from '../stores/customer.ts';
import { titled } from '../lib/document-title.ts';

export const Route = createFileRoute('/register')({
  head: titled(msg`Register`),
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ search }) => {
    if (customerState.auth.user)
      throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: Register,
});

function Register() {
  return <RegisterForm redirect={Route.useSearch().redirect} />;
}
