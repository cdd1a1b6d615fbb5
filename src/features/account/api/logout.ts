/**
 * `GET /user/auth/logout`. On success it forgets the user, clears every cached answer, toasts
 * 'Logged out successfully.' and goes to '/'; on failure it toasts 'Failed to log out.'.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../stores/toasts.ts';
import { afterSignOut } from './session-effects.ts';

export function logout(): Promise<unknown> {
  return api.get('/user/auth/logout');
}

export function useLogout() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Leave first: a login-only page still on screen would otherwise bounce to /login.
      await navigate({ to: '/' });
      toast.success(t`Logged out successfully.`);
      await afterSignOut(queryClient);
    },
    onError: () => {
      toast.error(t`Failed to log out.`);
    },
  });
}
