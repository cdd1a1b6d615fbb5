import { createFileRoute } from '@tanstack/react-router';
import { prefetchHome } from '../../features/home/api/prefetch-home.ts';
import { HomePage } from '../../features/home/components/home-page.tsx';

export const Route = createFileRoute('/_shop/')({
  head: () => ({ meta: [{ title: 'Home' }] }),
  loader: ({ context }) => prefetchHome(context.queryClient),
  component: HomePage,
});
