/**
 * `POST /contact` — a message to the shop; the shopper gets a confirmation e-mail.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactBody, CreatedResponse } from '../../../../contract/engagement.ts';
import { api } from '../../../lib/api-client.ts';

export function sendContactMessage(body: ContactBody): Promise<CreatedResponse> {
  return api.post<CreatedResponse>('/contact', { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
