import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * Any address no other route matches: not found, so the root's not-found screen shows (outside the
 * shop's layout, titled 'Page Not Found') and the server answers 404.
 */
export const Route = createFileRoute('/$')({
  loader: () => {
    throw notFound();
  },
});
