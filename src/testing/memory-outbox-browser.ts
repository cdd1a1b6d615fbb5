/**
 * What lib/outbox/browser.ts gives an outbox, for component tests (happy-dom has no IndexedDB, and
 * a test has no other tab): one storage in memory for the test file, a lock that runs each task at
 * once, and a channel nobody else is on. A test file takes it with
 * `vi.mock('<path to>/lib/outbox/browser.ts', () => import('<path to>/testing/memory-outbox-browser.ts'))`.
 */
import { memoryOutboxStorage } from './memory-outbox-storage.ts';

const storage = memoryOutboxStorage<unknown>();

export const idbOutboxStorage = () => storage;
export const webLock = () => (task: () => Promise<void>) => task();
export const broadcast = () => ({ post() {}, listen: () => () => {} });
