/**
 * The shopper's saved addresses (`GET /user/addresses`), read by the profile, which edits them,
 * and by the checkout, which offers them: one query under SAVED_ADDRESSES_QUERY_KEY, so a change
 * made on one is what the other shows next.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddress } from '../../contract/orders.ts';
import { api } from './api-client.ts';
import { SAVED_ADDRESSES_QUERY_KEY } from './query-keys.ts';

export async function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  const answer = await api.get<{ success: true; data: SavedAddress[] }>('/user/addresses', {
    signal,
  });
  return answer.data ?? [];
}

export function savedAddressesQueryOptions() {
  return queryOptions({
    queryKey: SAVED_ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => getSavedAddresses(signal),
  });
}

/** `enabled` false for a guest checkout, which keeps no addresses (the server answers 403). */
export const useSavedAddresses = (enabled = true) =>
  useQuery({ ...savedAddressesQueryOptions(), enabled });
