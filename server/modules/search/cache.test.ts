import { describe, expect, test } from 'vitest';
import { AnswerCache } from './cache.ts';

function counter() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    compute: async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `answer ${calls}`;
    },
  };
}

describe('answer cache', () => {
  test('reuses a value and shares one computation between concurrent callers', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 60_000, max: 10 });
    const work = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', work.compute)));
    expect(answers).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(await cache.get('k', work.compute)).toBe('answer 1');
    expect(work.calls).toBe(1);
    expect(await cache.get('other', work.compute)).toBe('answer 2');
  });

  test('a TTL of 0 computes every time', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 0, max: 10 });
    const work = counter();
    await Promise.all([cache.get('k', work.compute), cache.get('k', work.compute)]);
    await cache.get('k', work.compute);
    expect(work.calls).toBe(3);
  });

  test('a value computed across a clear() is returned but not kept', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 60_000, max: 10 });
    const work = counter();
    const pending = cache.get('k', work.compute);
    cache.clear();
    expect(await pending).toBe('answer 1');
    expect(await cache.get('k', work.compute)).toBe('answer 2');
  });

  test('a failed computation is not cached', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 60_000, max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });
});
