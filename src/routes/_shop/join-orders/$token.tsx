import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivatePageFrame } from '../../../components/ui/private-page-frame.tsx';
import { JoinOrdersPage } from '../../../features/account/components/join-orders-page.tsx';
import { titled } from '../../../lib/document-title.ts';

/**
 * The e-mailed link that adds a guest's orders to the account of its address. Rendered in the
 * browser only (`ssr: false`), like an order link: the server's HTML is the same frame for every
 * token, so neither caches nor crawlers find anything of it.
 */
export const Route = createFileRoute('/_shop/join-orders/$token')({
  ssr: false,
  pendingComponent: PrivatePageFrame,
  head: titled(msg`Add Your Orders`),
  component: JoinOrders,
});

function JoinOrders() {
  return <JoinOrdersPage token={Route.useParams().token} />;
}
