import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/components/contact-page.tsx';

export const Route = createFileRoute('/_shop/contact')({
  head: () => ({ meta: [{ title: 'Contact Us' }] }),
  component: ContactPage,
});
