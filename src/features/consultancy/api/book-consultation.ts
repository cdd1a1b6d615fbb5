/**
 * `POST /consultations` — a consultation request; the shopper gets a confirmation e-mail.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConsultationBody, CreatedResponse } from '../../../../contract/engagement.ts';
import { api } from '../../../lib/api-client.ts';

export function bookConsultation(body: ConsultationBody): Promise<CreatedResponse> {
  return api.post<CreatedResponse>('/consultations', { body });
}

export function useBookConsultation() {
  return useMutation({ mutationFn: bookConsultation });
}
