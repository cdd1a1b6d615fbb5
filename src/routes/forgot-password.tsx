import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/account/components/forgot-password-form.tsx';
import { titled } from '../lib/document-title.ts';

export const Route = createFileRoute('/forgot-password')({
  head: titled(msg`Forgot Password`),
  component: ForgotPasswordForm,
});
