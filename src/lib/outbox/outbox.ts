/**
 * A durable queue of changes waiting for the server (docs/architecture.md, Offline). Each
 * change is a plain, serialisable command with its own idempotency key, stored when the shopper
 * acts and removed only once the server has answered: applied, or refused.
 *
 * - Order: commands are sent one at a time, oldest first; the next waits for the answer.
 * - A network failure, a 5xx or an answer with Retry-After keeps the command and retries with
 *   capped exponential backoff; any other 4xx is a refusal: the command is dropped and reported.
 * - One sender across tabs: the queue is flushed under an exclusive lock (Web Locks where the
 *   browser has them); every tab reads the shared storage afresh and hears about changes. The
 *   sender tells the others each answer with what it left waiting, so they show the server's
 *   state as soon as it does (`onApplied` runs in every tab), without asking the server again,
 *   and each refusal, so the tab where the change was made says why (`onRefused` runs there too).
 * - A command is listed the moment it is made, before the storage has it: a second tap on "+"
 *   must build on the first, not repeat it. A command the storage cannot take is unlisted again.
 * - Whoever shows "the server's state with the waiting commands applied" must never count a
 *   command twice or not at all: an applied command leaves `pending` in the same synchronous step
 *   as `onApplied` hands over the server's answer, and `syncMark()` tells whether a read of the
 *   server's state may have crossed a command on its way (see there).
 */

export interface OutboxStorage<C> {
  /** Every stored command with its key, in the order they were added. */
  entries(): Promise<[string, C][]>;
  put(key: string, command: C): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * In one step that cannot be cut in half (one IndexedDB transaction): removes an applied command
   * and rewrites, with `update`, the commands still stored; resolves with them, in order. A page
   * closed in between must not leave a later command pointing at what only the applied one's
   * answer named (a placeholder line id).
   */
  settle(key: string, update: ((command: C) => C) | null): Promise<[string, C][]>;
  clear(): Promise<void>;
}

export type Failure = 'retry' | 'refused';

/** A refusal heard from the tab that sent the command; `message` is its `explain(error)`. */
export class RefusedInOtherTab extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefusedInOtherTab';
  }
}

/** Between tabs: the stored commands changed, or one was applied (with the server's answer). */
export type OutboxMessage<C, R> =
  | { type: 'changed' }
  | { type: 'applied'; key: string; command: C; answer: R; waiting: [string, C][] }
  | { type: 'refused'; command: C; reason: string };

export interface OutboxOptions<C, R> {
  storage: OutboxStorage<C>;
  send(command: C): Promise<R>;
  /**
   * Fixes what a command's first send depends on (stored before it goes), so that every retry of
   * it is the same request; returns the command unchanged once fixed.
   */
  prepare?(command: C): C;
  /** Whether a failed send of `command` may succeed later ('retry') or never will ('refused'). */
  classify(error: unknown, command: C): Failure;
  /**
   * Once `applied` is applied: how the commands still waiting must change (e.g. a placeholder id
   * the server has now named), or null. Stored before anyone sees `applied` gone.
   */
  updateWaiting?(applied: C, answer: R): ((waiting: C) => C) | null;
  /**
   * Runs in the same synchronous step that drops the command from `pending` (and before the next
   * command is sent), so the answer and the list of what still waits change together; in the tab
   * that sent it and, when its message arrives, in every other tab.
   */
  onApplied?(command: C, answer: R): void;
  /**
   * A command was refused: in the tab that sent it, and in the tab that made it if that is another
   * one (with a RefusedInOtherTab carrying `explain(error)`), so the shopper sees why where they
   * acted.
   */
  onRefused?(command: C, error: unknown): void;
  /** The words of a refusal, for the other tabs (an error object does not cross between them). */
  explain?(error: unknown): string;
  /** The stored commands changed (here or in another tab). */
  onChange?(pending: C[]): void;
  isOnline(): boolean;
  /** Runs `task` while no other tab flushes the same queue. */
  lock(task: () => Promise<void>): Promise<void>;
  /** Tells other tabs, and hears them. */
  channel?: {
    post(message: OutboxMessage<C, R>): void;
    listen(onMessage: (message: OutboxMessage<C, R>) => void): () => void;
  };
  retry: { baseMs: number; maxMs: number };
}

interface Waiter<R> {
  resolve(answer: R): void;
  reject(error: unknown): void;
}

export class Outbox<C extends { idempotencyKey: string }, R> {
  private pendingCommands: [string, C][] = [];
  /** Commands made here and listed, whose storing has not finished (see enqueue). */
  private readonly storing = new Map<string, C>();
  private readonly waiters = new Map<string, Waiter<R>>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private sequence = 0;
  /** Sends started so far, here or (heard of) in another tab (see syncMark). */
  private sends = 0;
  /**
   * A command went out and its fate is unknown: the server may have applied it or not. True until
   * `start` has read the storage: an earlier page may have left a command it had sent.
   */
  private unsettled = true;
  /** This tab holds the lock and is sending. */
  private sending = false;
  /** Writes this tab has made to the storage (see reload: a read older than one is read again). */
  private writes = 0;
  /** Counts `clear` calls: an answer to a command sent before the last one belongs to no one now. */
  private clears = 0;
  private readonly stopListening: () => void;
  private markListed: () => void = () => {};
  /**
   * Settles once `start` has read the storage (or failed to): from then on `pending` lists what
   * earlier pages left, and `syncMark` can be trusted.
   */
  readonly listed = new Promise<void>((resolve) => {
    this.markListed = resolve;
  });

  constructor(private readonly options: OutboxOptions<C, R>) {
    // Another tab stored or sent something: show it, and take over the sending if that tab is gone.
    this.stopListening = options.channel?.listen((message) => this.hear(message)) ?? (() => {});
  }

  /** The commands still waiting, oldest first. */
  get pending(): C[] {
    return this.pendingCommands.map(([, command]) => command);
  }

  /**
   * For reading the server's state consistently with `pending`: null while a command that went
   * out has no known fate (the server may hold it, and it still waits here), else a number that
   * changes whenever a command goes out. A read made between two equal, non-null marks saw every
   * command this tab had settled and none of those still pending.
   */
  syncMark(): number | null {
    return this.unsettled ? null : this.sends;
  }

  /**
   * Reads what is stored (what earlier pages left) and sends it. Until the storage has been read,
   * `syncMark` is null: a read of the server's state may already hold a stored command that an
   * earlier page sent and never heard back about, while `pending` does not list it yet (readers
   * wait for `listed` before they read). Storage that cannot be read leaves nothing to wait for.
   */
  async start(): Promise<void> {
    try {
      await this.reload();
    } catch (error) {
      console.warn('The outbox could not read what was stored.', error);
    }
    // An earlier page may have sent the oldest one and lost the answer. A change made here while
    // the storage was read may be out already: then the sending decides.
    this.judgeOthersSends();
    this.markListed();
    void this.flush();
  }

  /**
   * Lists the command at once, stores it and sends it when it can. Resolves once the command is
   * stored (rejects, unlisting it, if it cannot be); `settled` then follows the server's answer in
   * this tab's lifetime: resolved when applied, rejected when refused (or cleared).
   */
  async enqueue(command: C): Promise<{ settled: Promise<R> }> {
    // Keys sort in the order commands were made, across tabs too (time first).
    const key = `${Date.now().toString(36).padStart(9, '0')}-${(this.sequence++)
      .toString(36)
      .padStart(4, '0')}-${command.idempotencyKey}`;
    const settled = new Promise<R>((resolve, reject) => {
      this.waiters.set(command.idempotencyKey, { resolve, reject });
    });
    const clears = this.clears;
    // Listed before the write, which takes a few milliseconds: a tap in between sees this one.
    this.storing.set(key, command);
    this.pendingCommands = this.withStoring(this.pendingCommands);
    this.changed();
    try {
      await this.options.storage.put(key, command);
    } catch (error) {
      this.storing.delete(key);
      this.waiters.delete(command.idempotencyKey);
      this.pendingCommands = this.pendingCommands.filter(([listed]) => listed !== key);
      this.changed();
      throw error;
    } finally {
      this.writes += 1;
    }
    this.storing.delete(key);
    if (clears !== this.clears) {
      // Cleared (a logout) while it was being written: it belongs to no one now.
      await this.options.storage.remove(key);
      this.writes += 1;
      return { settled };
    }
    this.options.channel?.post({ type: 'changed' });
    void this.flush();
    return { settled };
  }

  /** Forgets every waiting command (logout: nothing private stays behind). */
  async clear(): Promise<void> {
    this.cancelRetry();
    this.clears += 1;
    this.storing.clear();
    await this.options.storage.clear();
    this.writes += 1;
    this.pendingCommands = [];
    this.unsettled = false;
    for (const waiter of this.waiters.values()) waiter.reject(new Error('Outbox cleared'));
    this.waiters.clear();
    this.changed();
    this.options.channel?.post({ type: 'changed' });
  }

  stop(): void {
    this.cancelRetry();
    this.stopListening();
  }

  /** Sends what is waiting, in order, while online; one flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          await this.options.lock(() => this.sendAll());
        } while (this.again);
      } catch (error) {
        // Storage that cannot be used (IndexedDB blocked or missing) leaves the commands where
        // they are; the next change, reconnection or page sends them. A flush never rejects: its
        // callers fire and forget it.
        console.warn('The outbox could not send what is stored.', error);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async sendAll(): Promise<void> {
    this.sending = true;
    try {
      await this.sendInOrder();
    } finally {
      this.sending = false;
    }
  }

  private async sendInOrder(): Promise<void> {
    this.cancelRetry();
    while (this.options.isOnline()) {
      const clears = this.clears;
      // Another tab may have sent some, or added more: the storage is the truth.
      const [next] = await this.options.storage.entries();
      if (!next) break;
      const [key, stored] = next;
      const command = this.options.prepare?.(stored) ?? stored;
      if (command !== stored) await this.options.storage.put(key, command);
      let answer: R;
      this.sends += 1;
      this.unsettled = true;
      try {
        answer = await this.options.send(command);
      } catch (error) {
        if (clears !== this.clears) continue;
        if (this.options.classify(error, command) === 'retry') {
          this.scheduleRetry();
          return;
        }
        await this.options.storage.remove(key);
        this.writes += 1;
        this.unsettled = false;
        await this.reload();
        this.options.channel?.post({ type: 'changed' });
        this.options.channel?.post({
          type: 'refused',
          command,
          reason: this.options.explain?.(error) ?? '',
        });
        this.options.onRefused?.(command, error);
        this.settle(command, (waiter) => waiter.reject(error));
        continue;
      }
      this.attempts = 0;
      // Cleared while it was out (a logout): the answer shows the previous shopper's state.
      if (clears !== this.clears) continue;
      const update = this.options.updateWaiting?.(command, answer) ?? null;
      const waiting = await this.options.storage.settle(key, update);
      this.writes += 1;
      // Sent before this tab's own write had finished telling it so: it is not being stored now.
      this.storing.delete(key);
      // One synchronous step: the server's answer and what still waits change together.
      this.unsettled = false;
      this.pendingCommands = this.withStoring(waiting);
      this.options.onApplied?.(command, answer);
      this.changed();
      this.options.channel?.post({ type: 'applied', key, command, answer, waiting });
      this.settle(command, (waiter) => waiter.resolve(answer));
    }
  }

  private hear(message: OutboxMessage<C, R>): void {
    if (message.type === 'changed') {
      void this.reload().then(() => {
        this.judgeOthersSends();
        return this.flush();
      });
      return;
    }
    if (message.type === 'refused') {
      // Only the tab that made it is waiting for it; the list itself follows the 'changed' message.
      const { command, reason } = message;
      if (!this.waiters.has(command.idempotencyKey)) return;
      const error = new RefusedInOtherTab(reason);
      this.options.onRefused?.(command, error);
      this.settle(command, (waiter) => waiter.reject(error));
      return;
    }
    // Another tab's command was applied. That tab holds the lock, so nothing else was out: its
    // answer and the list it left are the whole truth of that moment. A command this tab stored
    // after that list was read is newer than all of it, and still waits.
    const { key, command, answer, waiting } = message;
    const newest = waiting.at(-1)?.[0] ?? key;
    const storedSince = this.pendingCommands.filter(([stored]) => stored > newest);
    this.sends += 1;
    this.pendingCommands = this.withStoring([...waiting, ...storedSince]);
    this.judgeOthersSends();
    this.options.onApplied?.(command, answer);
    this.changed();
    this.settle(command, (waiter) => waiter.resolve(answer));
    // If that tab goes away before the list is empty, this one sends the rest.
    void this.flush();
  }

  /**
   * While this tab is not sending, another may be: a command is out only while it is stored, so
   * with anything waiting one may be on its way (a read of the server may hold it), and with
   * nothing waiting nothing is.
   */
  private judgeOthersSends(): void {
    if (!this.sending) this.unsettled = this.pendingCommands.length > 0;
  }

  private settle(command: C, how: (waiter: Waiter<R>) => void): void {
    const waiter = this.waiters.get(command.idempotencyKey);
    if (!waiter) return;
    this.waiters.delete(command.idempotencyKey);
    how(waiter);
  }

  private scheduleRetry(): void {
    const { baseMs, maxMs } = this.options.retry;
    const delay = Math.min(maxMs, baseMs * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Lists what is stored. A read that was under way while this tab stored or removed a command may
   * be older than the list already shown, and is made again.
   */
  private async reload(): Promise<void> {
    let stored: [string, C][];
    let writes: number;
    do {
      writes = this.writes;
      stored = await this.options.storage.entries();
    } while (writes !== this.writes);
    this.pendingCommands = this.withStoring(stored);
    this.changed();
  }

  /** `stored` with the commands made here that are still being written, all in key order. */
  private withStoring(stored: [string, C][]): [string, C][] {
    if (this.storing.size === 0) return stored;
    const listed = new Set(stored.map(([key]) => key));
    const unstored = [...this.storing].filter(([key]) => !listed.has(key));
    return [...stored, ...unstored].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private changed(): void {
    this.options.onChange?.(this.pending);
  }
}
