import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/reset-password/$token')({
  head: titled(msg`Reset Password`),
  component: ResetPassword,
});

function ResetPassword() {
  return <ResetPasswordForm token={Route.useParams().token} />;
}
