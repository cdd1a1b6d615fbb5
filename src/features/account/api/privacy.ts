/**
 * The shopper's own data:
 * - exportData() / useExportData()      GET  /user/profile/me/export — everything the shop keeps
 *   about the account; the mutation saves it as forge-nutrition-data.json (downloadJson).
 * - deleteAccount({ password }) / useDeleteAccount()  POST /user/profile/me/delete — on success the
 *   session is over, as after a logout: the shopper goes to '/', is told, and everything private
 *   held here is forgotten (afterSignOut). A wrong password rejects with ApiError naming `password`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type {
  DeleteAccountBody,
  MessageResponse,
  ProfileExport,
} from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../stores/toasts.ts';
import { afterSignOut } from './session-effects.ts';

export const EXPORT_FILE_NAME = 'forge-nutrition-data.json';

export function exportData(): Promise<ProfileExport> {
  return api.get<ProfileExport>('/user/profile/me/export');
}

/**
 * Saves `data` as a file through a link to a Blob. A plain link to the export would download too
 * (the cookie goes along), but then the page could neither show that it is working nor say why it
 * failed: the answer is read here first, and the file made from it.
 */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: let go of the Blob a bit later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: (data) => downloadJson(data, EXPORT_FILE_NAME),
  });
}

export function deleteAccount(input: DeleteAccountBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/profile/me/delete', { body: input });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (response) => {
      // Leave first: the login-only profile would otherwise send the shopper to /login.
      await navigate({ to: '/' });
      toast.success(response.message);
      await afterSignOut(queryClient);
    },
  });
}
