import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../../../features/account/api/require-user.ts';
import { DeskOrderPage } from '../../../../../features/admin/components/desk-order-page.tsx';
import { afterMessages } from '../../../../../lib/i18n/catalogs.ts';

// The loader imports the desk's code on demand: a route's loader ships with every first page,
// and staff code has no place there.
export const Route = createFileRoute('/_shop/_account/admin/orders/$orderId')({
  beforeLoad: requireAdmin,
  loader: async ({ context, params }) =>
    (
      await afterMessages(() => import('../../../../../features/admin/api/desk-order.ts'))
    ).loadDeskOrder(context.queryClient, params.orderId),
  // After the loader: its answer types `loaderData`.
  head: ({ loaderData, match }) => {
    const number = loaderData?.number;
    return {
      meta: [{ title: match.context.i18n._(number ? msg`Order ${number}` : msg`Order desk`) }],
    };
  },
  component: DeskOrder,
});

function DeskOrder() {
  const { orderId } = Route.useParams();
  return <DeskOrderPage orderId={orderId} />;
}
