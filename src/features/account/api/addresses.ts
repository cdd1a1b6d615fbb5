/**
 * Changes to the shopper's saved addresses (the list itself: src/lib/saved-addresses.ts):
 * - createAddress(body) / useCreateAddress()                       POST   /user/addresses
 * - updateAddress({ addressId, ...body }) / useUpdateAddress()     PATCH  /user/addresses/:addressId
 * - deleteAddress(addressId) / useDeleteAddress()                  DELETE /user/addresses/:addressId
 *
 * The list lives under SAVED_ADDRESSES_QUERY_KEY, the entry the checkout reads too, so every
 * change here is what the checkout offers next. Failures reject with ApiError.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  return (await api.delete<{ success: true; data: SavedAddress[] }>(path)).data ?? [];
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
