import { createFileRoute } from '@tanstack/react-router';
import { DiscountsPage } from '../../features/info/components/discounts-page.tsx';

export const Route = createFileRoute('/_shop/discounts')({
  head: () => ({ meta: [{ title: 'Discounts' }] }),
  component: DiscountsPage,
});
