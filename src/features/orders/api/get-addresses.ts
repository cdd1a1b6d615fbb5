/**
 * `GET /user/addresses` — the shopper's saved addresses to ship to (may be empty).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

export async function getAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  const response = await api.get<{ success: true; data: SavedAddress[] }>('/user/addresses', {
    signal,
  });
  return response.data ?? [];
}

export function addressesQueryOptions() {
  return queryOptions({
    queryKey: ordersKeys.addresses(),
    queryFn: ({ signal }) => getAddresses(signal),
    // Edited on the profile: a copy restored from the device may predate the last change.
    refetchOnMount: 'always',
  });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
