import type { Database } from './client.ts';

export interface SeedOptions {
  products: number;
}

/** Seeds the catalog when the database has none. */
export async function seedCatalogIfEmpty(_db: Database, _options: SeedOptions): Promise<boolean> {
  return false;
}
