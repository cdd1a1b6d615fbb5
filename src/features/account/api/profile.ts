/**
 * The signed-in shopper's profile: `GET /user/profile/me` and `PATCH /user/profile/me` (name and
 * phone). A saved change updates the stored user and the cached profile too.
 *
 * The root route checks the session with it (useSessionCheck): a 401 from the profile means the
 * session ended elsewhere, and the stored user is forgotten.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileUser, UpdateProfileBody } from '../../../../contract/auth.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { clearUser, setUser, useCustomer } from '../../../stores/customer.ts';
import { PROFILE_QUERY_KEY } from '../../../lib/query-keys.ts';

export type { ProfileUser };

function userOf(response: ProfileResponse): ProfileUser | null {
  return response.data ?? null;
}

export async function getProfile(signal?: AbortSignal): Promise<ProfileUser | null> {
  try {
    const response = await api.get<ProfileResponse>('/user/profile/me', { signal });
    return userOf(response);
  } catch (err) {
    if (err instanceof ApiError && err.is('sign_in_required')) {
      clearUser();
      return null;
    }
    throw err;
  }
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, 'me'],
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export async function updateProfile(input: UpdateProfileBody): Promise<ProfileUser | null> {
  return userOf(await api.patch<ProfileResponse>('/user/profile/me', { body: input }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      if (user) {
        setUser(user);
        queryClient.setQueryData(profileQueryOptions().queryKey, user);
      }
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}

/**
 * Confirms once per visit that a remembered user still has a session: a 401 forgets them, so the
 * header and the guards never act on a stale sign-in. The profile restored from the saved cache
 * says nothing about the session, so the check asks the server whatever the cache holds.
 */
export function useSessionCheck(): void {
  const { user } = useCustomer();
  useQuery({
    ...profileQueryOptions(),
    enabled: Boolean(user),
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
}
