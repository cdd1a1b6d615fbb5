import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchHome } from '../../features/catalog/api/prefetch-home.ts';
import { HomePage } from '../../features/catalog/components/home-page.tsx';
import { WithQuickAdd } from '../../layout/components/quick-add.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/')({
  head: titled(msg`Home`),
  loader: ({ context }) => prefetchHome(context.queryClient),
  component: Home,
});

function Home() {
  return (
    <WithQuickAdd>
      <HomePage />
    </WithQuickAdd>
  );
}
