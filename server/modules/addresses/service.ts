import { and, asc, desc, eq } from 'drizzle-orm';
import type { Address, SavedAddress } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { userAddresses } from './tables.ts';

type AddressRow = typeof userAddresses.$inferSelect;

export function toAddress(row: AddressRow): Address {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2 ?? undefined,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    country: row.country as Address['country'],
    phone: row.phone,
  };
}

const toSavedAddress = (row: AddressRow): SavedAddress => ({
  id: row.id,
  ...toAddress(row),
  isDefault: row.isDefault,
});

/** The shopper's saved addresses, the default first. */
export async function listAddresses(executor: Executor, userId: string): Promise<SavedAddress[]> {
  const rows = await executor
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), asc(userAddresses.createdAt), asc(userAddresses.id));
  return rows.map(toSavedAddress);
}

/** One of the shopper's own saved addresses; 404 for anyone else's, so ids reveal nothing. */
export async function findOwnAddress(
  executor: Executor,
  userId: string,
  addressId: string,
): Promise<Address> {
  const [row] = await executor
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
    .limit(1);
  if (!row) throw notFound('That saved address does not exist.');
  return toAddress(row);
}

/**
 * Keeps an address the shopper typed at checkout, unless the same one is already saved. The
 * first saved address becomes the default.
 */
export async function saveAddressOnce(
  executor: Executor,
  userId: string,
  address: Address,
): Promise<void> {
  const existing = await listAddresses(executor, userId);
  const same = (saved: SavedAddress) =>
    saved.name === address.name &&
    saved.line1 === address.line1 &&
    (saved.line2 ?? '') === (address.line2 ?? '') &&
    saved.city === address.city &&
    saved.province === address.province &&
    saved.postalCode === address.postalCode &&
    saved.phone === address.phone;
  if (existing.some(same)) return;
  await executor.insert(userAddresses).values({
    id: newId('addr'),
    userId,
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    province: address.province,
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone,
    isDefault: existing.length === 0,
  });
}
