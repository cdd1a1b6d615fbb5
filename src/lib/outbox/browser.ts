/**
 * The browser's parts for an Outbox: IndexedDB storage (idb-keyval, one database per queue), an
 * exclusive Web Lock, and a BroadcastChannel between tabs. Browsers without Web Locks fall back to
 * this tab's own serialisation (the idempotency keys still keep a double send harmless).
 */
import { clear, createStore, del, entries, promisifyRequest, set } from 'idb-keyval';
import type { OutboxStorage } from './outbox.ts';

export const OUTBOX_DATABASE_PREFIX = 'forge-outbox-';

/** Stored commands in the order they were made (their keys sort by time). */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

export function idbOutboxStorage<C>(name: string): OutboxStorage<C> {
  const store = createStore(`${OUTBOX_DATABASE_PREFIX}${name}`, 'commands');
  return {
    async entries() {
      const all = await entries<string, C>(store);
      return all.sort(byKey);
    },
    put: (key, command) => set(key, command, store),
    remove: (key) => del(key, store),
    settle: (key, update) =>
      store('readwrite', async (commands) => {
        commands.delete(key);
        // Requests run in order within the transaction: both lists are read after the delete.
        const keys = commands.getAllKeys();
        const values = await promisifyRequest(commands.getAll());
        const left: [string, C][] = (keys.result as string[]).map((stored, index) => {
          const command = values[index] as C;
          const next = update ? update(command) : command;
          if (next !== command) commands.put(next, stored);
          return [stored, next];
        });
        await promisifyRequest(commands.transaction);
        return left.sort(byKey);
      }),
    clear: () => clear(store),
  };
}

export function webLock(name: string): (task: () => Promise<void>) => Promise<void> {
  return async (task) => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`${OUTBOX_DATABASE_PREFIX}${name}`, task);
    } else {
      await task();
    }
  };
}

export function broadcast<M>(name: string): {
  post(message: M): void;
  listen(onMessage: (message: M) => void): () => void;
} {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, listen: () => () => {} };
  const channel = new BroadcastChannel(`${OUTBOX_DATABASE_PREFIX}${name}`);
  return {
    post: (message) => channel.postMessage(message),
    listen(onMessage) {
      const receive = (event: MessageEvent) => onMessage(event.data as M);
      channel.addEventListener('message', receive);
      return () => channel.removeEventListener('message', receive);
    },
  };
}
