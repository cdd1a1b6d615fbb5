/**
 * One order at the desk and what staff do to it:
 * - `GET /admin/orders/:orderId`: the order with its customer, refunds, what is still refundable
 *   and the whole timeline with who did each step.
 * - `POST /admin/orders/:orderId/status`: processing, shipped (carrier, tracking number),
 *   delivered or cancelled; 409 with the reason when the order cannot move so.
 * - `POST /admin/orders/:orderId/refunds`: part or all of what is left, under an Idempotency-Key
 *   so a retried click refunds once; 409 names what is left.
 *
 * Every answer is the whole order, put straight into its query; a refusal reads the order again
 * (someone else may have moved it) and the lists refresh either way. The route's loader gives the
 * order number for the title, null when there is no such order; a 403 is the not-found page.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminOrder, AdminRefundBody, AdminStatusBody } from '../../../../contract/admin.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { DESK_QUERY_META, deskKeys } from './keys.ts';
import { notFoundUnlessStaff } from './desk-orders.ts';

type OrderAnswer = { success: true; data: AdminOrder };
const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

export function deskOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: deskKeys.order(orderId),
    queryFn: async ({ signal }) =>
      (await api.get<OrderAnswer>(orderPath(orderId), { signal })).data,
    staleTime: 0,
    meta: DESK_QUERY_META,
  });
}

export function useDeskOrder(orderId: string) {
  return useQuery(deskOrderQueryOptions(orderId));
}

export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.is('not_found');
}

export async function loadDeskOrder(
  queryClient: QueryClient,
  orderId: string,
): Promise<{ number: string } | null> {
  try {
    const order = await queryClient.ensureQueryData(deskOrderQueryOptions(orderId));
    return { number: order.number };
  } catch (error) {
    if (isMissing(error)) return null;
    return notFoundUnlessStaff(error);
  }
}

function useOrderMutation<B>(orderId: string, send: (body: B) => Promise<AdminOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (order) => {
      queryClient.setQueryData(deskKeys.order(orderId), order);
      await queryClient.invalidateQueries({ queryKey: deskKeys.lists() });
    },
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.status === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deskKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: deskKeys.lists() }),
      ]);
    },
  });
}

export type StatusChange = AdminStatusBody;

export function useChangeStatus(orderId: string) {
  return useOrderMutation(
    orderId,
    async (body: StatusChange) =>
      (await api.post<OrderAnswer>(`${orderPath(orderId)}/status`, { body })).data,
  );
}

export interface RefundRequest {
  body: AdminRefundBody;
  /** One key per refund the staff member means: the same key on a retry refunds once. */
  idempotencyKey: string;
}

export function useRefund(orderId: string) {
  return useOrderMutation(
    orderId,
    async ({ body, idempotencyKey }: RefundRequest) =>
      (await api.post<OrderAnswer>(`${orderPath(orderId)}/refunds`, { body, idempotencyKey })).data,
  );
}
