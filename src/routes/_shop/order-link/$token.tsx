import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivatePageFrame } from '../../../components/ui/private-page-frame.tsx';
import { OrderLinkAccountOffer } from '../../../features/account/components/create-account-offer.tsx';
import { LinkedOrderPage } from '../../../features/orders/components/order-details-page.tsx';
import { titled } from '../../../lib/document-title.ts';

/**
 * An order opened by the link in its e-mails, without signing in. Rendered in the browser only
 * (`ssr: false`): the order is the link holder's, so the server's HTML — which any cache may keep —
 * holds the frame and nothing of it.
 */
export const Route = createFileRoute('/_shop/order-link/$token')({
  ssr: false,
  pendingComponent: PrivatePageFrame,
  head: titled(msg`Order Details`),
  component: LinkedOrder,
});

function LinkedOrder() {
  const { token } = Route.useParams();
  // While the order's owner is a guest, whoever holds the link may make it an account.
  return (
    <LinkedOrderPage
      token={token}
      accountOffer={(order) => <OrderLinkAccountOffer token={token} offered={order.accountOffer} />}
    />
  );
}
