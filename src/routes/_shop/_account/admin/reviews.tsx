import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../../features/account/api/require-user.ts';
import { ReviewDeskPage } from '../../../../features/admin/components/review-desk-page.tsx';
import { reviewDeskSearchSchema } from '../../../../features/admin/lib/desk-search.ts';
import { titled } from '../../../../lib/document-title.ts';
import { afterMessages } from '../../../../lib/i18n/catalogs.ts';

// The loader imports the desk's code on demand: a route's loader ships with every first page,
// and staff code has no place there.
export const Route = createFileRoute('/_shop/_account/admin/reviews')({
  head: titled(msg`Reviews`),
  validateSearch: reviewDeskSearchSchema,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    (
      await afterMessages(() => import('../../../../features/admin/api/desk-reviews.ts'))
    ).loadDeskReviews(context.queryClient, deps),
  component: ReviewDesk,
});

function ReviewDesk() {
  return <ReviewDeskPage search={Route.useSearch()} />;
}
