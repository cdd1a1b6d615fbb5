/**
 * The shopper's saved cards: `GET /user/payment-methods` (shared query, tagged
 * SavedPaymentMethods), `POST /user/payment-methods/setup` (what adding a card needs: Stripe's
 * SetupIntent client secret, or the test provider's cards), `POST /user/payment-methods` (keep the
 * card just set up) and `DELETE /user/payment-methods/:id`. Every change invalidates the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentMethodSetup,
  SavePaymentMethodBody,
  SavedPaymentMethod,
} from '../../../../contract/payment-methods.ts';
import { api } from '../../../lib/api-client.ts';
import { useSavedPaymentMethods } from '../../../lib/payments/saved-payment-methods.ts';
import { SAVED_PAYMENT_METHODS_KEY } from '../../../lib/query-keys.ts';

export { useSavedPaymentMethods };

export async function startCardSetup(): Promise<PaymentMethodSetup> {
  const response = await api.post<{ success: true; data: PaymentMethodSetup }>(
    '/user/payment-methods/setup',
    { body: {} },
  );
  return response.data;
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: startCardSetup });
}

export async function saveCard(body: SavePaymentMethodBody): Promise<SavedPaymentMethod> {
  const response = await api.post<{ success: true; data: SavedPaymentMethod }>(
    '/user/payment-methods',
    { body },
  );
  return response.data;
}

export async function removeCard(id: string): Promise<SavedPaymentMethod[]> {
  const response = await api.delete<{ success: true; data: SavedPaymentMethod[] }>(
    `/user/payment-methods/${encodeURIComponent(id)}`,
  );
  return response.data;
}

function useInvalidateCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SAVED_PAYMENT_METHODS_KEY });
}

export function useSaveCard() {
  const invalidate = useInvalidateCards();
  return useMutation({ mutationFn: saveCard, onSuccess: invalidate });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: async (cards) => {
      queryClient.setQueryData(SAVED_PAYMENT_METHODS_KEY, cards);
      await queryClient.invalidateQueries({ queryKey: SAVED_PAYMENT_METHODS_KEY });
    },
  });
}
