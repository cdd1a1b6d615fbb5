import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form.tsx';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: 'Forgot Password' }] }),
  component: ForgotPasswordForm,
});
