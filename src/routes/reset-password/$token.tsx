import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form.tsx';

export const Route = createFileRoute('/reset-password/$token')({
  head: () => ({ meta: [{ title: 'Reset Password' }] }),
  component: ResetPassword,
});

function ResetPassword() {
  return <ResetPasswordForm token={Route.useParams().token} />;
}
