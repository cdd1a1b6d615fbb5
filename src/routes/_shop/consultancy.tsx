import { createFileRoute } from '@tanstack/react-router';
import { ConsultancyPage } from '../../features/consultancy/components/consultancy-page.tsx';

export const Route = createFileRoute('/_shop/consultancy')({
  head: () => ({ meta: [{ title: 'Consultancy' }] }),
  component: ConsultancyPage,
});
