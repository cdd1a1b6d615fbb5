import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/info/components/about-page.tsx';

export const Route = createFileRoute('/_shop/about')({
  head: () => ({ meta: [{ title: 'About Us' }] }),
  component: AboutPage,
});
