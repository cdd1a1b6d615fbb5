import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { taxonomyQueryOptions } from '../../lib/catalog/get-taxonomy.ts';
import { BrandsPage } from '../../features/info/components/brands-page.tsx';

export const Route = createFileRoute('/_shop/brands')({
  head: () => ({ meta: [{ title: 'Brands' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(taxonomyQueryOptions('brands')),
  component: Brands,
});

function Brands() {
  const { data: brands } = useSuspenseQuery(taxonomyQueryOptions('brands'));
  return <BrandsPage brands={brands} />;
}
