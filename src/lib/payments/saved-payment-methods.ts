/**
 * `GET /user/payment-methods` — the signed-in shopper's saved cards (brand, last four, expiry),
 * shared by the profile (which adds and removes them) and the checkout (which offers them).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '../../../contract/payment-methods.ts';
import { api } from '../api-client.ts';
import { SAVED_PAYMENT_METHODS_KEY } from '../query-keys.ts';

export type { SavedPaymentMethod };

export async function getSavedPaymentMethods(signal?: AbortSignal): Promise<SavedPaymentMethod[]> {
  const response = await api.get<{ success: true; data: SavedPaymentMethod[] }>(
    '/user/payment-methods',
    { signal },
  );
  return response.data ?? [];
}

export function savedPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: SAVED_PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) => getSavedPaymentMethods(signal),
    // Cards are nobody's business offline: kept in memory only, never in the persisted cache.
    meta: { persist: false },
  });
}

export function useSavedPaymentMethods(enabled = true) {
  return useQuery({ ...savedPaymentMethodsQueryOptions(), enabled });
}
