import { msg } from '@lingui/core/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { taxonomyQueryOptions } from '../../lib/catalog/get-taxonomy.ts';
import { BrandsPage } from '../../features/info/components/brands-page.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/brands')({
  head: titled(msg`Brands`),
  loader: ({ context }) => context.queryClient.ensureQueryData(taxonomyQueryOptions('brands')),
  component: Brands,
});

function Brands() {
  const { data: brands } = useSuspenseQuery(taxonomyQueryOptions('brands'));
  return <BrandsPage brands={brands} />;
}
