/**
 * Changing the account's e-mail, in two steps: the request mails a link to the new address, and the
 * change happens only when that link (`/profile/me?confirmEmail=<token>`) is opened. The request is
 * `POST /user/profile/email`, the confirmation `POST /user/profile/email/confirm`; failures reject
 * with ApiError. A confirmation that succeeds reads the profile again, so the stored user and the
 * cached profile show the new e-mail, and resolves with the server's message and that user (null
 * when signed out meanwhile).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody, MessageResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { setUser } from '../../../stores/customer.ts';
import { getProfile, profileQueryOptions, type ProfileUser } from './profile.ts';

export function requestEmailChange(input: ChangeEmailBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/profile/email', { body: input });
}

export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });

export async function confirmEmailChange(
  token: string,
): Promise<{ message: string; user: ProfileUser | null }> {
  const { message } = await api.post<MessageResponse>('/user/profile/email/confirm', {
    body: { token },
  });
  return { message, user: await getProfile() };
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: ({ user }) => {
      if (!user) return;
      setUser(user);
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
    },
  });
}
