import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/info/components/terms-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/terms')({
  head: titled(msg`Terms of Sale`),
  component: TermsPage,
});
