import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../load-once.ts';

describe('loadOnce', () => {
  it('starts the load once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'module' }));
    const shared = loadOnce(load);
    const [first, second] = await Promise.all([shared(), shared()]);
    expect(await shared()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const shared = loadOnce(load);
    await expect(shared()).rejects.toThrow('offline');
    expect(await shared()).toBe('module');
    expect(await shared()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
