import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ConsultancyPage } from '../../features/consultancy/components/consultancy-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/consultancy')({
  head: titled(msg`Consultancy`),
  component: ConsultancyPage,
});
