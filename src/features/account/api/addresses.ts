/**
 * The shopper's saved addresses, which the checkout offers:
 * - savedAddressesQueryOptions() / useSavedAddresses()             GET    /user/addresses
 * - createAddress(body) / useCreateAddress()                       POST   /user/addresses
 * - updateAddress({ addressId, ...body }) / useUpdateAddress()     PATCH  /user/addresses/:addressId
 * - deleteAddress(addressId) / useDeleteAddress()                  DELETE /user/addresses/:addressId
 *
 * The list lives under SAVED_ADDRESSES_QUERY_KEY, the entry the checkout reads too, so every
 * change here is what the checkout offers next. Failures reject with ApiError.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedAddressBody,
  SavedAddress,
  UpdateSavedAddressBody,
} from '../../../../contract/orders.ts';
import { SAVED_ADDRESSES_QUERY_KEY } from '../../../lib/query-keys.ts';
import { api } from '../../../lib/api-client.ts';

export type { SavedAddress };

interface AddressAnswer {
  success: true;
  data: SavedAddress;
}
interface AddressesAnswer {
  success: true;
  data: SavedAddress[];
}

export async function getSavedAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return (await api.get<AddressesAnswer>('/user/addresses', { signal })).data ?? [];
}

export function savedAddressesQueryOptions() {
  return queryOptions({
    queryKey: SAVED_ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => getSavedAddresses(signal),
    // Also offered at checkout: a copy restored from the device may predate the last change.
    refetchOnMount: 'always',
  });
}

export const useSavedAddresses = () => useQuery(savedAddressesQueryOptions());

export async function createAddress(body: CreateSavedAddressBody): Promise<SavedAddress> {
  return (await api.post<AddressAnswer>('/user/addresses', { body })).data;
}

export async function updateAddress({
  addressId,
  ...body
}: UpdateSavedAddressBody & { addressId: string }): Promise<SavedAddress> {
  const path = `/user/addresses/${encodeURIComponent(addressId)}`;
  return (await api.patch<AddressAnswer>(path, { body })).data;
}

export async function deleteAddress(addressId: string): Promise<SavedAddress[]> {
  const path = `/user/addresses/${encodeURIComponent(addressId)}`;
  return (await api.delete<AddressesAnswer>(path)).data ?? [];
}

/** A change moves the default or the order of the list: read it again whatever was sent. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SAVED_ADDRESSES_QUERY_KEY });
}

export function useCreateAddress() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: createAddress, onSuccess: refresh });
}

export function useUpdateAddress() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: updateAddress, onSuccess: refresh });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (left) => {
      // The answer is the list left: shown at once, and read again for any other change.
      queryClient.setQueryData(SAVED_ADDRESSES_QUERY_KEY, left);
      void refresh();
    },
  });
}
