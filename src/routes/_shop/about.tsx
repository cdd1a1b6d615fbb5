import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/info/components/about-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/about')({
  head: titled(msg`About Us`),
  component: AboutPage,
});
