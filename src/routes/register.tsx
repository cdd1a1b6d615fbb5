import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { safeRedirect } from '../features/auth/api/session-effects.ts';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import { customerState } from '../stores/customer.ts';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: 'Register' }] }),
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: ({ search }) => {
    if (customerState.auth.user)
      throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: Register,
});

function Register() {
  return <RegisterForm redirect={Route.useSearch().redirect} />;
}
