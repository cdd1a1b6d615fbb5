/**
 * A variant's stock at the desk: `GET /admin/variants/:variantId/stock` (the count and its latest
 * adjustments) and `POST` of the same path (add or take `delta`, with a reason, under an
 * Idempotency-Key; 409 below 0). The
 * stock is read only while its control is open; an adjustment's answer goes into the query.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAdjustBody, VariantStock } from '../../../../contract/admin.ts';
import { api } from '../../../lib/api-client.ts';
import { DESK_QUERY_META, deskKeys } from './keys.ts';

type StockAnswer = { success: true; data: VariantStock };
const stockPath = (variantId: string) => `/admin/variants/${encodeURIComponent(variantId)}/stock`;

export function useVariantStock(variantId: string, enabled: boolean) {
  return useQuery({
    queryKey: deskKeys.stock(variantId),
    queryFn: async ({ signal }) =>
      (await api.get<StockAnswer>(stockPath(variantId), { signal })).data,
    enabled,
    staleTime: 0,
    meta: DESK_QUERY_META,
  });
}

export interface StockRequest {
  body: StockAdjustBody;
  /** One per adjustment, kept while the same one is retried: the server applies it once. */
  idempotencyKey: string;
}

export function useAdjustStock(variantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: StockRequest) =>
      (await api.post<StockAnswer>(stockPath(variantId), { body, idempotencyKey })).data,
    onSuccess: (stock) => queryClient.setQueryData(deskKeys.stock(variantId), stock),
  });
}
