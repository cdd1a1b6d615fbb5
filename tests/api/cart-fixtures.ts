import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '../../server/db/client.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { brands, flavors, products, variants } from '../../server/modules/catalog/tables.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

/**
 * A small catalog of known prices and stock for the cart tests (the generated seed varies):
 * - whey: active, variants `chocolate` (4999 ¢, 50 left), `vanilla` (2999 ¢, 3 left) and the
 *   inactive `retired`;
 * - creatine: active, `unflavored` (1999 ¢, out of stock) and `plenty` (1000 ¢, 500 left);
 * - hidden: an inactive product with an in-stock variant.
 */
export const F = {
  whey: 'prod_fx_whey',
  chocolate: 'var_fx_whey_choc',
  vanilla: 'var_fx_whey_van',
  retired: 'var_fx_whey_old',
  creatine: 'prod_fx_creatine',
  unflavored: 'var_fx_crea_plain',
  plenty: 'var_fx_crea_plenty',
  hidden: 'prod_fx_hidden',
  hiddenVariant: 'var_fx_hidden',
} as const;

export async function insertCartCatalog(db: Database): Promise<void> {
  await db
    .insert(brands)
    .values({ id: 'brand_fx', slug: 'fx-labs', name: 'FX Labs', color: '#112233' });
  await db.insert(flavors).values([
    { id: 'flv_fx_choc', slug: 'fx-chocolate', name: 'Chocolate', color: '#5b3a29' },
    { id: 'flv_fx_van', slug: 'fx-vanilla', name: 'Vanilla', color: '#f3e5ab' },
    { id: 'flv_fx_plain', slug: 'fx-unflavored', name: 'Unflavored', color: '#eeeeee' },
  ]);
  await db.insert(products).values([
    {
      id: F.whey,
      slug: 'fx-gold-whey',
      name: 'FX Gold Whey',
      brandId: 'brand_fx',
      images: ['/api/v1/images/whey-1.webp', '/api/v1/images/whey-2.webp'],
    },
    { id: F.creatine, slug: 'fx-creatine', name: 'FX Creatine', brandId: 'brand_fx' },
    {
      id: F.hidden,
      slug: 'fx-hidden',
      name: 'FX Hidden',
      brandId: 'brand_fx',
      isActive: false,
    },
  ]);
  await db.insert(variants).values([
    {
      id: F.chocolate,
      productId: F.whey,
      flavorId: 'flv_fx_choc',
      size: '2 lb',
      sku: 'FX-WHEY-CHOC-2',
      price: 4999,
      compareAtPrice: 5999,
      stock: 50,
    },
    {
      id: F.vanilla,
      productId: F.whey,
      flavorId: 'flv_fx_van',
      size: '2 lb',
      sku: 'FX-WHEY-VAN-2',
      price: 2999,
      stock: 3,
    },
    {
      id: F.retired,
      productId: F.whey,
      flavorId: 'flv_fx_van',
      size: '5 lb',
      sku: 'FX-WHEY-VAN-5',
      price: 8999,
      stock: 10,
      isActive: false,
    },
    {
      id: F.unflavored,
      productId: F.creatine,
      flavorId: 'flv_fx_plain',
      size: '300 g',
      sku: 'FX-CREA-300',
      price: 1999,
      stock: 0,
    },
    {
      id: F.plenty,
      productId: F.creatine,
      flavorId: 'flv_fx_plain',
      size: '1 kg',
      sku: 'FX-CREA-1000',
      price: 1000,
      stock: 500,
    },
    {
      id: F.hiddenVariant,
      productId: F.hidden,
      flavorId: 'flv_fx_plain',
      size: '1 kg',
      sku: 'FX-HIDDEN-1',
      price: 1500,
      stock: 10,
    },
  ]);
  // Each product's lowest price, as the catalog keeps it.
  await refreshProductRollups(db);
}

export const CSRF = { 'x-requested-with': 'forge-storefront' };

/** Who makes a cart call: a signed-in shopper's cookie, a guest cart id, or neither. */
export interface Caller {
  cookie?: string;
  guestCartId?: string;
  /** The client address the call comes from (127.0.0.1 when not given). */
  address?: string;
}

/** A cart call as the PWA makes it: the guest id as header and query, JSON body or CSRF header. */
export function cartCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  caller: Caller = {},
  payload?: object,
  headers: Record<string, string> = {},
) {
  const options: InjectOptions = {
    method,
    url: `/api/v1${path}`,
    headers: {
      ...(method === 'GET' || payload ? {} : CSRF),
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.guestCartId ? { 'x-guest-cart-id': caller.guestCartId } : {}),
      ...headers,
    },
    ...(caller.guestCartId ? { query: { guestCartId: caller.guestCartId } } : {}),
    ...(payload ? { payload } : {}),
    ...(caller.address ? { remoteAddress: caller.address } : {}),
  };
  return app.inject(options);
}

/**
 * A fresh database holding the cart fixtures' catalog for a test file that calls the services
 * directly (opened before its first test, dropped after its last); returns a reader of its handle.
 */
export function cartCatalogDatabase(): () => Database {
  let database: DatabaseHandle | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await insertCartCatalog(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });
  return () => {
    if (!database) throw new Error('The database opens before the first test.');
    return database.db;
  };
}
