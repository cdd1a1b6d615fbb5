import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { SAVED_ADDRESSES_MAX, type Address, type SavedAddress } from '../../../contract/orders.ts';
import {
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
} from '../../../contract/checkout-rules.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { lockAccount } from '../auth/accounts.ts';
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
  if (!row) throw notFound('not_found', 'That saved address does not exist.');
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

/**
 * Serialises one shopper's address changes: the limit count and the single default are read and
 * written under the lock of the shopper's user row, so two requests cannot both pass the limit or
 * both leave a default behind (the partial unique index would turn that into a 500).
 */
async function lockShopper(tx: Executor, userId: string): Promise<void> {
  await lockAccount(tx, userId);
}

async function ownRow(tx: Executor, userId: string, addressId: string, lock = false) {
  const query = tx
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('not_found', 'That saved address does not exist.');
  return row;
}

async function clearDefault(tx: Executor, userId: string, exceptId?: string): Promise<void> {
  await tx
    .update(userAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(userAddresses.userId, userId),
        eq(userAddresses.isDefault, true),
        ...(exceptId ? [ne(userAddresses.id, exceptId)] : []),
      ),
    );
}

/**
 * Saves a new address for the shopper. The first one becomes the default; `isDefault` makes a
 * later one the default (the old default is unset in the same transaction). 409 past
 * SAVED_ADDRESSES_MAX.
 */
export async function createAddress(
  db: Database,
  userId: string,
  input: Address & { isDefault?: boolean | undefined },
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [counted] = await tx
      .select({ n: count() })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId));
    const existing = counted?.n ?? 0;
    if (existing >= SAVED_ADDRESSES_MAX) {
      throw conflict(
        'saved_limit_reached',
        `You can keep at most ${SAVED_ADDRESSES_MAX} addresses. Delete one before adding another.`,
        { limit: SAVED_ADDRESSES_MAX },
      );
    }
    const isDefault = existing === 0 || input.isDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(userAddresses)
      .values({
        id: newId('addr'),
        userId,
        name: input.name,
        line1: input.line1,
        line2: input.line2 ?? null,
        city: input.city,
        province: input.province,
        postalCode: input.postalCode,
        country: input.country,
        phone: input.phone,
        isDefault,
      })
      .returning();
    return toSavedAddress(row!);
  });
}

/**
 * Changes the given fields of one of the shopper's addresses (404 for anyone else's).
 * `isDefault: true` makes it the default, unsetting the old one in the same transaction.
 */
export async function updateAddress(
  db: Database,
  userId: string,
  addressId: string,
  input: Partial<Omit<Address, 'line2'>> & {
    line2?: string | null | undefined;
    isDefault?: boolean | undefined;
  },
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const saved = await ownRow(tx, userId, addressId, true);
    const province = input.province ?? saved.province;
    const postalCode = input.postalCode ?? saved.postalCode;
    if (!postalCodeMatchesProvince(postalCode, province)) {
      throw badRequest(
        'validation',
        postalCodeMismatchMessage(postalCode, province),
        'body.postalCode',
      );
    }
    if (input.isDefault === true) await clearDefault(tx, userId, addressId);
    const changes: Partial<typeof userAddresses.$inferInsert> = { updatedAt: new Date() };
    for (const field of [
      'name',
      'line1',
      'city',
      'province',
      'postalCode',
      'country',
      'phone',
    ] as const) {
      if (input[field] !== undefined) changes[field] = input[field];
    }
    if (input.line2 !== undefined) changes.line2 = input.line2 || null;
    if (input.isDefault !== undefined) changes.isDefault = input.isDefault;
    const [row] = await tx
      .update(userAddresses)
      .set(changes)
      .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
      .returning();
    return toSavedAddress(row!);
  });
}

/**
 * Deletes one of the shopper's addresses (404 for anyone else's). When it was the default, the
 * oldest remaining address becomes the default, so a shopper with addresses always has one.
 */
export async function deleteAddress(db: Database, userId: string, addressId: string) {
  await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const row = await ownRow(tx, userId, addressId, true);
    await tx.delete(userAddresses).where(eq(userAddresses.id, row.id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id))
      .limit(1);
    if (next) {
      await tx
        .update(userAddresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(userAddresses.id, next.id));
    }
  });
}

/** The account's saved addresses as its data export shows them, oldest first. */
export async function exportAddressesOf(db: Executor, userId: string) {
  return db
    .select({
      _id: userAddresses.id,
      name: userAddresses.name,
      line1: userAddresses.line1,
      line2: userAddresses.line2,
      city: userAddresses.city,
      province: userAddresses.province,
      postalCode: userAddresses.postalCode,
      country: userAddresses.country,
      phone: userAddresses.phone,
      isDefault: userAddresses.isDefault,
      createdAt: userAddresses.createdAt,
    })
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.createdAt));
}

/** Deletes every saved address of the account (it is being deleted). */
export async function deleteAddressesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
}
