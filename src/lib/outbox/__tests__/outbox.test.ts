import { afterEach, describe, expect, test, vi } from 'vitest';
import { Outbox, RefusedInOtherTab, type OutboxMessage, type OutboxStorage } from '../outbox.ts';
import { ApiError } from '../../api-client.ts';
import { memoryOutboxStorage } from '../../../testing/memory-outbox-storage.ts';

interface Command {
  idempotencyKey: string;
  n: number;
  /** Set by updateWaiting once the command it refers to (n / 10) has been applied. */
  named?: boolean;
}

const memoryStorage = () => memoryOutboxStorage<Command>();

/** One lock shared by every outbox in a test, like a Web Lock shared by a browser's tabs. */
function mutex() {
  let tail = Promise.resolve();
  return (task: () => Promise<void>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

const command = (n: number): Command => ({ idempotencyKey: `key-${n}`, n });

/** A BroadcastChannel stand-in: what one end posts reaches every other end, a moment later. */
function bus<M>() {
  const ends = new Set<(message: M) => void>();
  return () => {
    let own: ((message: M) => void) | null = null;
    return {
      post(message: M) {
        for (const end of ends) {
          if (end !== own) setTimeout(() => end(structuredClone(message)), 0);
        }
      },
      listen(onMessage: (message: M) => void) {
        own = onMessage;
        ends.add(onMessage);
        return () => void ends.delete(onMessage);
      },
    };
  };
}

function outboxWith(
  send: (command: Command) => Promise<string>,
  {
    storage = memoryStorage(),
    lock = mutex(),
    online = (): boolean => true,
    refused = [] as Command[],
  } = {},
) {
  return new Outbox<Command, string>({
    storage,
    send,
    classify: (error) => (error === 'network' ? 'retry' : 'refused'),
    onRefused: (refusedCommand) => refused.push(refusedCommand),
    isOnline: online,
    lock,
    retry: { baseMs: 1000, maxMs: 8000 },
  });
}

/** An outbox that never sends, and every list of waiting commands it has shown (by `n`). */
function watchedOutbox(storage: OutboxStorage<Command>) {
  const seen: number[][] = [];
  const outbox = new Outbox<Command, string>({
    storage,
    send: async () => 'ok',
    classify: () => 'retry',
    onChange: (pending) => seen.push(pending.map((c) => c.n)),
    isOnline: () => false,
    lock: mutex(),
    retry: { baseMs: 1000, maxMs: 8000 },
  });
  return { outbox, seen };
}

afterEach(() => vi.useRealTimers());

describe('Outbox', () => {
  test('storage that fails while sending leaves the command stored, and the flush resolves', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage();
    const broken = {
      ...storage,
      settle: async () => {
        throw new ReferenceError('indexedDB is not defined');
      },
    };
    const outbox = outboxWith(async (c) => `ok ${c.n}`, { storage: broken });
    await outbox.enqueue(command(1));
    await expect(outbox.flush()).resolves.toBeUndefined();
    expect((await storage.entries()).map(([, c]) => c.n)).toEqual([1]);
    expect(warn).toHaveBeenCalledWith(
      'The outbox could not send what is stored.',
      expect.any(ReferenceError),
    );
    warn.mockRestore();
  });

  test('sends commands one at a time, oldest first, and settles each with its answer', async () => {
    const sent: number[] = [];
    let inFlight = 0;
    const outbox = outboxWith(async (c) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(c.n);
      inFlight -= 1;
      return `ok ${c.n}`;
    });
    const queued = await Promise.all([1, 2, 3].map((n) => outbox.enqueue(command(n))));
    const answers = await Promise.all(queued.map((entry) => entry.settled));
    expect(answers).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(sent).toEqual([1, 2, 3]);
    expect(outbox.pending).toEqual([]);
  });

  test('a network failure keeps the command and retries it with doubling back-off', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    let failures = 3;
    const outbox = outboxWith(async (c) => {
      attempts.push(Date.now());
      if (failures-- > 0) throw 'network';
      return `ok ${c.n}`;
    });
    const started = Date.now();
    const answer = (await outbox.enqueue(command(1))).settled;
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.pending).toEqual([command(1)]);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    await expect(answer).resolves.toBe('ok 1');
    expect(attempts.map((at) => at - started)).toEqual([0, 1000, 3000, 7000]);
    expect(outbox.pending).toEqual([]);
  });

  test('a refusal drops that command only, reports it, and the rest still go', async () => {
    const refused: Command[] = [];
    const sent: number[] = [];
    const outbox = outboxWith(
      async (c) => {
        if (c.n === 2) throw 'out of stock';
        sent.push(c.n);
        return 'ok';
      },
      { refused },
    );
    const queued = await Promise.all([1, 2, 3].map((n) => outbox.enqueue(command(n))));
    const results = await Promise.allSettled(queued.map((entry) => entry.settled));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(sent).toEqual([1, 3]);
    expect(refused).toEqual([command(2)]);
  });

  test('offline, commands wait (and survive a new Outbox over the same storage) until online', async () => {
    const storage = memoryStorage();
    let online = false;
    const sent: number[] = [];
    const send = async (c: Command) => {
      sent.push(c.n);
      return 'ok';
    };
    const before = outboxWith(send, { storage, online: () => online });
    void before.enqueue(command(1));
    void before.enqueue(command(2));
    await vi.waitFor(() => expect(storage.map.size).toBe(2));
    await before.flush();
    expect(sent).toEqual([]);

    // A reload: a new page reads the same IndexedDB.
    before.stop();
    online = true;
    const after = outboxWith(send, { storage, online: () => online });
    await after.start();
    await vi.waitFor(() => expect(sent).toEqual([1, 2]));
    expect(storage.map.size).toBe(0);
  });

  test('two tabs over one storage and one lock send every command exactly once', async () => {
    const storage = memoryStorage();
    const lock = mutex();
    const sent: number[] = [];
    const send = async (c: Command) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(c.n);
      return 'ok';
    };
    const tabA = outboxWith(send, { storage, lock });
    const tabB = outboxWith(send, { storage, lock });
    void tabA.enqueue(command(1));
    void tabB.enqueue(command(2));
    void tabA.enqueue(command(3));
    void tabB.enqueue(command(4));
    await vi.waitFor(() => expect(storage.map.size).toBe(0));
    await Promise.all([tabA.flush(), tabB.flush()]);
    expect([...sent].sort()).toEqual([1, 2, 3, 4]);
  });

  test('a retry goes exactly as the first send went (prepare stamps it once, before it goes)', async () => {
    vi.useFakeTimers();
    let guestId: string | null = null;
    const sentWith: (string | null)[] = [];
    let failures = 1;
    const storage = memoryStorage();
    const outbox = new Outbox<Command & { as?: string | null }, string>({
      storage,
      prepare: (c) => (c.as !== undefined ? c : { ...c, as: guestId }),
      send: async (c) => {
        sentWith.push(c.as ?? null);
        // The server created the cart, but its answer was lost.
        guestId = 'guest-1';
        if (failures-- > 0) throw 'network';
        return 'ok';
      },
      classify: () => 'retry',
      isOnline: () => true,
      lock: mutex(),
      retry: { baseMs: 1000, maxMs: 8000 },
    });
    const answer = (await outbox.enqueue(command(1))).settled;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(answer).resolves.toBe('ok');
    expect(sentWith).toEqual([null, null]);
  });

  test('an applied command leaves pending in the same step that hands over its answer, later commands already updated', async () => {
    const events: string[] = [];
    const storage = memoryStorage();
    let online = false;
    const outbox: Outbox<Command, string> = new Outbox<Command, string>({
      storage,
      send: async (c) => `answer ${c.n}`,
      // The first answer names what the later commands called by a placeholder.
      updateWaiting: (applied) => (applied.n === 1 ? (w) => ({ ...w, n: w.n * 10 }) : null),
      onApplied(applied, answer) {
        events.push(`${answer}, waiting ${outbox.pending.map((c) => c.n).join(' ')}`);
        // Anything that renders runs after this synchronous step, never inside it.
        queueMicrotask(() => events.push('later'));
      },
      onChange: (pending) => events.push(`change ${pending.map((c) => c.n).join(' ')}`),
      classify: () => 'retry',
      isOnline: () => online,
      lock: mutex(),
      retry: { baseMs: 1000, maxMs: 8000 },
    });
    for (const n of [1, 2, 3]) await outbox.enqueue(command(n));
    events.length = 0;
    online = true;
    await outbox.flush();
    expect(events.slice(0, 3)).toEqual(['answer 1, waiting 20 30', 'change 20 30', 'later']);
  });

  test('syncMark: null while a command that went out has no known fate; moves whenever one goes out', async () => {
    vi.useFakeTimers();
    let failures = 1;
    const storage = memoryStorage();
    const outbox = outboxWith(
      async (c) => {
        if (failures-- > 0) throw 'network';
        return `ok ${c.n}`;
      },
      { storage },
    );
    // Until the storage has been read, an earlier page's sent command may be there, unlisted.
    expect(outbox.syncMark()).toBeNull();
    await outbox.start();
    expect(outbox.syncMark()).toBe(0);
    const first = (await outbox.enqueue(command(1))).settled;
    await vi.advanceTimersByTimeAsync(0);
    // The request or its answer was lost: the server may hold the change, which still waits here.
    expect(outbox.syncMark()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    await first;
    const quiet = outbox.syncMark();
    expect(quiet).toBe(2);
    await (
      await outbox.enqueue(command(2))
    ).settled;
    expect(outbox.syncMark()).toBe(3);

    // A new page over commands an earlier one left may be looking at one that went out already.
    outbox.stop();
    const offline = outboxWith(async () => 'ok', { storage, online: () => false });
    void offline.enqueue(command(3));
    await vi.advanceTimersByTimeAsync(0);
    const reloaded = outboxWith(async () => 'ok', { storage, online: () => false });
    await reloaded.start();
    expect(reloaded.syncMark()).toBeNull();
  });

  test('reads of the server wait for the storage: a new page may not list yet a command an earlier page sent', async () => {
    const storage = memoryStorage();
    await storage.put('0-earlier', command(1));
    let release = () => {};
    const read = storage.entries;
    storage.entries = () =>
      new Promise((resolve) => {
        release = () => resolve(read());
      });
    const outbox = outboxWith(async () => 'ok', { storage, online: () => false });
    const started = outbox.start();
    // The storage is still being read: nothing is listed, and a read of the server is not trusted.
    expect(outbox.pending).toEqual([]);
    expect(outbox.syncMark()).toBeNull();
    release();
    await started;
    expect(outbox.pending).toEqual([command(1)]);
    expect(outbox.syncMark()).toBeNull();

    // Storage that cannot be read leaves nothing to wait for: reads are trusted again.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = memoryStorage();
    broken.entries = async () => {
      throw new Error('IndexedDB is unavailable');
    };
    const unreadable = outboxWith(async () => 'ok', { storage: broken, online: () => false });
    await unreadable.start();
    expect(unreadable.syncMark()).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('a change made while the storage is first read is listed, and its send keeps reads untrusted', async () => {
    const storage = memoryStorage();
    let release = () => {};
    const read = storage.entries;
    let first = true;
    storage.entries = () => {
      if (!first) return read();
      first = false;
      // The first read is issued now (before the change is stored) and answers later.
      const snapshot = read();
      return new Promise((resolve) => {
        release = () => resolve(snapshot);
      });
    };
    let sent = 0;
    // The server never answers: the change's fate stays unknown.
    const outbox = outboxWith(
      () => {
        sent += 1;
        return new Promise<string>(() => {});
      },
      { storage },
    );
    const started = outbox.start();
    await outbox.enqueue(command(1));
    await vi.waitFor(() => expect(sent).toBe(1));
    release();
    await started;
    // The first read was older than the change: it must neither hide it nor vouch for the server.
    expect(outbox.pending).toEqual([command(1)]);
    expect(outbox.syncMark()).toBeNull();
  });

  test("an applied command leaves the storage in one step with the rewrite of the later ones it names: a page closed after that step's first write leaves no half", async () => {
    const inner = memoryStorage();
    const offline = outboxWith(async () => 'ok', { storage: inner, online: () => false });
    await offline.enqueue(command(1));
    await offline.enqueue(command(10));
    offline.stop();
    // Storage of a page that is closing: one more write goes through, then none.
    let writesLeft = 1;
    const closing =
      <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        if (writesLeft <= 0) throw new Error('the page has closed');
        writesLeft -= 1;
        return write(...args);
      };
    const storage: OutboxStorage<Command> = {
      entries: inner.entries,
      put: closing(inner.put),
      remove: closing(inner.remove),
      settle: closing(inner.settle),
      clear: closing(inner.clear),
    };
    const sent: number[] = [];
    const outbox = new Outbox<Command, string>({
      storage,
      send: (c) => {
        sent.push(c.n);
        // The later command stays out: only the first one's answer is handled.
        return c.n === 1 ? Promise.resolve('ok') : new Promise<string>(() => {});
      },
      classify: () => 'retry',
      isOnline: () => true,
      lock: mutex(),
      retry: { baseMs: 1000, maxMs: 8000 },
      updateWaiting: (applied) => (waiting) =>
        waiting.n === applied.n * 10 ? { ...waiting, named: true } : waiting,
    });
    await outbox.start();
    await vi.waitFor(() => expect(sent).toEqual([1, 10]));
    expect([...inner.map.values()]).toEqual([{ ...command(10), named: true }]);
    outbox.stop();
  });

  test('a refusal reaches the tab that made the change: its own change settles with the reason there', async () => {
    const storage = memoryStorage();
    const lock = mutex();
    const channels = bus<OutboxMessage<Command, string>>();
    let online = false;
    const refusedIn = { a: [] as string[], b: [] as string[] };
    const tab = (name: 'a' | 'b') =>
      new Outbox<Command, string>({
        storage,
        send: async () => {
          throw new ApiError(410, 'That discount code has expired.', [], true);
        },
        classify: () => 'refused',
        explain: (error) => (error instanceof ApiError ? error.message : ''),
        onRefused: (c, error) =>
          refusedIn[name].push(`${c.n}: ${(error as Error).name} ${(error as Error).message}`),
        isOnline: () => online,
        lock,
        channel: channels(),
        retry: { baseMs: 1000, maxMs: 8000 },
      });
    const a = tab('a');
    const b = tab('b');
    // B made the change while offline; A is the tab that sends it.
    const made = (await b.enqueue(command(1))).settled;
    online = true;
    await a.flush();
    await expect(made).rejects.toThrow(new RefusedInOtherTab('That discount code has expired.'));
    expect(refusedIn.a).toEqual(['1: ApiError That discount code has expired.']);
    expect(refusedIn.b).toEqual(['1: RefusedInOtherTab That discount code has expired.']);
    await vi.waitFor(() => expect(b.pending).toEqual([]));
  });

  test('a command stored while another tab makes this one re-read the list is listed once', async () => {
    const storage = memoryStorage();
    let hearOtherTab = () => {};
    const write = storage.put;
    storage.put = async (key, stored) => {
      await write(key, stored);
      // Another tab's message arrives just as the write lands, and the re-read completes first.
      hearOtherTab();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const outbox = new Outbox<Command, string>({
      storage,
      send: async () => 'ok',
      classify: () => 'retry',
      isOnline: () => false,
      lock: mutex(),
      channel: {
        post() {},
        listen(onMessage) {
          hearOtherTab = () => onMessage({ type: 'changed' });
          return () => {};
        },
      },
      retry: { baseMs: 1000, maxMs: 8000 },
    });
    await outbox.enqueue(command(1));
    expect(outbox.pending).toEqual([command(1)]);
  });

  test('a tab that does not send shows each answer with what the sender left waiting, and trusts its reads once nothing waits', async () => {
    const storage = memoryStorage();
    const lock = mutex();
    const channels = bus<OutboxMessage<Command, string>>();
    let online = false;
    const sentBy = { a: [] as number[], b: [] as number[] };
    const seenByB: string[] = [];
    const tab = (name: 'a' | 'b', onApplied?: (c: Command, answer: string) => void) =>
      new Outbox<Command, string>({
        storage,
        send: async (c) => {
          sentBy[name].push(c.n);
          return `cart after ${c.n}`;
        },
        classify: () => 'retry',
        onApplied,
        isOnline: () => online,
        lock,
        channel: channels(),
        retry: { baseMs: 1000, maxMs: 8000 },
      });
    const a = tab('a');
    await a.enqueue(command(1));
    // B opens over a stored command: one an earlier page may have sent, so B's reads wait.
    // What B shows with each answer, and whether it may trust a read of the server then.
    const b = tab('b', (c, answer) =>
      seenByB.push(
        `${answer}, waiting ${b.pending.map(({ n }) => n).join(' ')}, reads ${b.syncMark() === null ? 'held' : 'trusted'}`,
      ),
    );
    await b.start();
    expect(b.syncMark()).toBeNull();
    const bsOwn = (await b.enqueue(command(2))).settled;
    await vi.waitFor(() => expect(a.pending.map(({ n }) => n)).toEqual([1, 2]));

    online = true;
    await a.flush();
    await expect(bsOwn).resolves.toBe('cart after 2');
    await vi.waitFor(() => expect(seenByB).toHaveLength(2));
    // While A may be sending 2, a read could hold it as well as B's list: B does not trust it.
    expect(seenByB).toEqual([
      'cart after 1, waiting 2, reads held',
      'cart after 2, waiting , reads trusted',
    ]);
    expect(b.pending).toEqual([]);
    expect(b.syncMark()).not.toBeNull();
    await b.flush();
    expect(sentBy).toEqual({ a: [1, 2], b: [] });
  });

  test("another tab's answer keeps a command stored here after that tab read its list", async () => {
    const storage = memoryStorage();
    let hear: (message: OutboxMessage<Command, string>) => void = () => {};
    const b = new Outbox<Command, string>({
      storage,
      send: async () => 'ok',
      classify: () => 'retry',
      isOnline: () => false,
      lock: mutex(),
      channel: {
        post() {},
        listen(onMessage) {
          hear = onMessage;
          return () => {};
        },
      },
      retry: { baseMs: 1000, maxMs: 8000 },
    });
    for (const n of [1, 2, 3]) await b.enqueue(command(n));
    const [key1, key2] = (await storage.entries()).map(([key]) => key) as [string, string];
    // The sender applied 1 and read [2] as waiting before 3 was stored.
    hear({
      type: 'applied',
      key: key1,
      command: command(1),
      answer: 'ok',
      waiting: [[key2, command(2)]],
    });
    expect(b.pending).toEqual([command(2), command(3)]);
    // Then applied 2 with nothing waiting: 3 (newer than anything it accounts for) still waits.
    hear({ type: 'applied', key: key2, command: command(2), answer: 'ok', waiting: [] });
    expect(b.pending).toEqual([command(3)]);
  });

  test('a command is listed the moment it is made, before the storage has it: a second tap builds on the first', async () => {
    const storage = memoryStorage();
    const write = storage.put;
    const writes: (() => void)[] = [];
    storage.put = (key, stored) =>
      new Promise<void>((resolve) => writes.push(() => void write(key, stored).then(resolve)));
    const { outbox, seen } = watchedOutbox(storage);
    const first = outbox.enqueue(command(1));
    expect(outbox.pending).toEqual([command(1)]);
    const second = outbox.enqueue(command(2));
    expect(outbox.pending).toEqual([command(1), command(2)]);
    expect(seen).toEqual([[1], [1, 2]]);
    // The second write lands first; the list keeps the order the commands were made in.
    writes[1]!();
    await second;
    writes[0]!();
    await first;
    expect(outbox.pending).toEqual([command(1), command(2)]);
    expect((await storage.entries()).map(([, c]) => c.n)).toEqual([1, 2]);
  });

  test('a command the storage cannot take is unlisted again, and the caller hears why', async () => {
    const storage = memoryStorage();
    storage.put = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const { outbox, seen } = watchedOutbox(storage);
    await expect(outbox.enqueue(command(1))).rejects.toThrow('The quota has been exceeded.');
    expect(outbox.pending).toEqual([]);
    expect(seen).toEqual([[1], []]);
  });

  test('a command made as a clear (a logout) begins is not left stored once its write lands', async () => {
    const storage = memoryStorage();
    const write = storage.put;
    let land = () => {};
    storage.put = (key, stored) =>
      new Promise<void>((resolve) => (land = () => void write(key, stored).then(resolve)));
    const outbox = outboxWith(async () => 'ok', { storage, online: () => false });
    const queued = outbox.enqueue(command(1));
    await outbox.clear();
    expect(outbox.pending).toEqual([]);
    land();
    await expect((await queued).settled).rejects.toThrow('Outbox cleared');
    expect(storage.map.size).toBe(0);
    expect(outbox.pending).toEqual([]);
  });

  test('clear forgets every waiting command', async () => {
    const storage = memoryStorage();
    const outbox = outboxWith(async () => 'ok', { storage, online: () => false });
    const waiting = (await outbox.enqueue(command(1))).settled;
    const rejected = expect(waiting).rejects.toThrow('Outbox cleared');
    await vi.waitFor(() => expect(storage.map.size).toBe(1));
    await outbox.clear();
    await rejected;
    expect(storage.map.size).toBe(0);
    expect(outbox.pending).toEqual([]);
  });

  test('an answer to a command sent before a clear (a logout) is not applied', async () => {
    let answer: ((value: string) => void) | null = null;
    const applied: string[] = [];
    const outbox = new Outbox<Command, string>({
      storage: memoryStorage(),
      send: () => new Promise<string>((resolve) => (answer = resolve)),
      classify: () => 'refused',
      onApplied: (_command, reply) => applied.push(reply),
      isOnline: () => true,
      lock: mutex(),
      retry: { baseMs: 1000, maxMs: 8000 },
    });
    const waiting = (await outbox.enqueue(command(1))).settled;
    const rejected = expect(waiting).rejects.toThrow('Outbox cleared');
    await vi.waitFor(() => expect(answer).not.toBeNull());
    await outbox.clear();
    await rejected;
    answer!("the previous shopper's cart");
    await outbox.flush();
    expect(applied).toEqual([]);
    expect(outbox.pending).toEqual([]);
  });
});
