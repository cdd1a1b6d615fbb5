import { createFileRoute } from '@tanstack/react-router';
import { ReturnsPage } from '../../features/info/components/returns-page.tsx';

export const Route = createFileRoute('/_shop/returns')({
  head: () => ({ meta: [{ title: 'Returns' }] }),
  component: ReturnsPage,
});
