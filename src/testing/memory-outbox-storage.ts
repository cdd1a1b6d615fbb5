/** An outbox storage in memory, for unit tests: what IndexedDB keeps, without a browser. */
import type { OutboxStorage } from '../lib/outbox/outbox.ts';

export function memoryOutboxStorage<C>(): OutboxStorage<C> & { map: Map<string, C> } {
  const map = new Map<string, C>();
  const entries = () => [...map].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    map,
    entries: async () => entries(),
    put: async (key, command) => void map.set(key, command),
    remove: async (key) => void map.delete(key),
    settle: async (key, update) => {
      map.delete(key);
      if (update) for (const [stored, command] of map) map.set(stored, update(command));
      return entries();
    },
    clear: async () => map.clear(),
  };
}
