import { afterEach, describe, expect, test, vi } from 'vitest';
import { nextTask } from '../next-task.ts';

/** Out of the fake clock's reach. */
const realSetTimeout = globalThis.setTimeout;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  test('settles in a later task, not among the current task’s microtasks', async () => {
    vi.stubGlobal('scheduler', undefined);
    let settled = false;
    const next = nextTask().then(() => (settled = true));
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await next;
    expect(settled).toBe(true);
  });

  test('settles while the page’s timers are held by a fake clock', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const outcome = await Promise.race([
      nextTask().then(() => 'settled'),
      new Promise((resolve) => realSetTimeout(() => resolve('held'), 1000)),
    ]);
    expect(outcome).toBe('settled');
  });

  test('uses scheduler.yield where the browser has it', async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledTimes(1);
  });
});
