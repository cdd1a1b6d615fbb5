import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/info/components/privacy-page.tsx';

export const Route = createFileRoute('/_shop/privacy')({
  head: () => ({ meta: [{ title: 'Privacy Policy' }] }),
  component: PrivacyPage,
});
