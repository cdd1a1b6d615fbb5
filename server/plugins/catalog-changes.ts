import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import { onSearchIndexRebuilt } from '../modules/search/indexer.ts';

/** The products whose catalog data changed, or 'all' when any may have. */
export type CatalogChange = readonly string[] | 'all';
export type CatalogChangeListener = (change: CatalogChange) => void;

export interface CatalogChanges {
  subscribe(listener: CatalogChangeListener): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogChanges: CatalogChanges;
  }
}

/** The channel the database's catalog triggers notify (see the catalog change migration). */
export const CATALOG_CHANNEL = 'catalog_changed';

export function parseCatalogChange(payload: string | null): CatalogChange {
  if (payload === null || payload === '*' || payload === '') return 'all';
  return payload.split(',');
}

/**
 * One feed of catalog changes for whatever this process holds in memory (the search index,
 * product pages). Changes come from the database's triggers through LISTEN/NOTIFY — stock moved
 * by an order or an admin, a product edited by another instance — and, sooner, from this
 * process's own index rebuilds. Listening starts once the app is ready, after the first seed.
 */
export default fp(
  async function catalogChanges(app: FastifyInstance, opts: { database: DatabaseHandle }) {
    const listeners = new Set<CatalogChangeListener>();
    const emit = (change: CatalogChange) => {
      for (const listener of listeners) listener(change);
    };
    app.decorate('catalogChanges', {
      subscribe(listener: CatalogChangeListener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const unsubscribeLocal = onSearchIndexRebuilt((ids) => emit(ids ?? 'all'));
    let stopListening: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stopListening = await opts.database.listen(CATALOG_CHANNEL, (payload) =>
        emit(parseCatalogChange(payload)),
      );
    });
    // preClose: before the database closes (an onClose hook), which the UNLISTEN still needs.
    app.addHook('preClose', async () => {
      unsubscribeLocal();
      await stopListening?.();
    });
  },
  { name: 'catalog-changes' },
);
