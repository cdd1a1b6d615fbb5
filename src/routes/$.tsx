import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../layout/components/not-found-screen.tsx';

/** Any address no other route matches: the not-found screen, outside the shop's layout. */
export const Route = createFileRoute('/$')({
  head: () => ({ meta: [{ title: 'Page Not Found' }] }),
  component: NotFoundScreen,
});
