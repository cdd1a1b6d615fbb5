import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/info/components/privacy-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/privacy')({
  head: titled(msg`Privacy Policy`),
  component: PrivacyPage,
});
