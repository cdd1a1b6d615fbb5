import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DiscountsPage } from '../../features/info/components/discounts-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/discounts')({
  head: titled(msg`Discounts`),
  component: DiscountsPage,
});
