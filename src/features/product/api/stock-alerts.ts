/**
 * `POST /products/{id}/stock-alerts`: asks for one e-mail when a sold-out variant is back. The
 * answer is the same whether or not the address was already waiting.
 */
import { useMutation } from '@tanstack/react-query';
import type { StockAlertResponse } from '../../../../contract/stock-alerts.ts';
import { api } from '../../../lib/api-client.ts';

export function requestStockAlert(
  productId: string,
  body: { variantId: string; email: string },
): Promise<StockAlertResponse> {
  return api.post<StockAlertResponse>(`/products/${encodeURIComponent(productId)}/stock-alerts`, {
    body,
  });
}

export const useStockAlert = (productId: string) =>
  useMutation({
    mutationFn: (body: { variantId: string; email: string }) => requestStockAlert(productId, body),
  });

/** `POST /stock-alerts/unsubscribe/{token}`: ends the alert of an e-mailed link. */
export function stopStockAlert(token: string): Promise<StockAlertResponse> {
  return api.post<StockAlertResponse>(`/stock-alerts/unsubscribe/${encodeURIComponent(token)}`);
}

export const useStopStockAlert = (token: string) =>
  useMutation({ mutationFn: () => stopStockAlert(token) });
