import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnsPage } from '../../features/info/components/returns-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/returns')({
  head: titled(msg`Returns`),
  component: ReturnsPage,
});
