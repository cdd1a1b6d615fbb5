/**
 * The profile's list: the account's wishlist as the server holds it, what is hearted now (so a
 * removal still waiting to be sent is already gone) and the toggle.
 */
import { useQuery } from '@tanstack/react-query';
import { useCustomer } from '../../../stores/customer.ts';
import { hasAccountWishlist, wishlistQueryOptions } from './get-wishlist.ts';
import { useHearts } from './hearts.ts';

export function useWishlist() {
  const { user } = useCustomer();
  const query = useQuery({ ...wishlistQueryOptions(), enabled: hasAccountWishlist(user) });
  const [hearted, toggle] = useHearts();
  return { query, hearted, toggle };
}
