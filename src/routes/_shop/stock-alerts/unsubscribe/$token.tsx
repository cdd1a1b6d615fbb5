import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PrivatePageFrame } from '../../../../components/ui/private-page-frame.tsx';
import { StockAlertUnsubscribePage } from '../../../../features/product/components/stock-alert-unsubscribe-page.tsx';
import { titled } from '../../../../lib/document-title.ts';

/**
 * The unsubscribe link of a back-in-stock alert. Rendered in the browser only (`ssr: false`): the
 * server's HTML is the same frame for every token, so neither caches nor crawlers find anything
 * of it.
 */
export const Route = createFileRoute('/_shop/stock-alerts/unsubscribe/$token')({
  ssr: false,
  pendingComponent: PrivatePageFrame,
  head: titled(msg`Stop a Stock Alert`),
  component: StockAlertUnsubscribe,
});

function StockAlertUnsubscribe() {
  return <StockAlertUnsubscribePage token={Route.useParams().token} />;
}
