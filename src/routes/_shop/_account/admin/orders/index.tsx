import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../../../features/account/api/require-user.ts';
import { OrderDeskPage } from '../../../../../features/admin/components/order-desk-page.tsx';
import { deskSearchSchema } from '../../../../../features/admin/lib/desk-search.ts';
import { titled } from '../../../../../lib/document-title.ts';
import { afterMessages } from '../../../../../lib/i18n/catalogs.ts';

// The loader imports the desk's code on demand: a route's loader ships with every first page,
// and staff code has no place there.
export const Route = createFileRoute('/_shop/_account/admin/orders/')({
  head: titled(msg`Order desk`),
  validateSearch: deskSearchSchema,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    (
      await afterMessages(() => import('../../../../../features/admin/api/desk-orders.ts'))
    ).loadDeskOrders(context.queryClient, deps),
  component: OrderDesk,
});

function OrderDesk() {
  return <OrderDeskPage search={Route.useSearch()} />;
}
