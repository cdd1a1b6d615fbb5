import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/components/contact-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/contact')({
  head: titled(msg`Contact Us`),
  component: ContactPage,
});
