import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ShippingPage } from '../../features/info/components/shipping-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/shipping')({
  head: titled(msg`Shipping`),
  component: ShippingPage,
});
