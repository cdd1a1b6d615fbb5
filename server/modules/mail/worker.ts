import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isPermanentFailure, type MailSender } from './sender.ts';
import { mailOutbox, type MailRow, type MailStatus } from './tables.ts';

export interface MailWorkerOptions {
  db: Database;
  sender: MailSender;
  log: FastifyBaseLogger;
  /** How often the outbox is polled; 0 turns polling off (then only `flush()` sends). */
  pollIntervalMs: number;
  /** Wait before the first retry; each later retry waits twice as long as the one before. */
  retryBaseMs: number;
  /** Attempts after which a message is given up as `failed`. */
  maxAttempts: number;
  batchSize?: number;
  /** How long a claimed message stays reserved for the worker that claimed it. */
  leaseMs?: number;
}

export interface MailFlushResult {
  sent: number;
  /** Failed this time and scheduled for another attempt. */
  retrying: number;
  /** Given up for good (permanent SMTP refusal or out of attempts). */
  failed: number;
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Delay before attempt `attempts + 1`: exponential, capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox. Messages are claimed in a short transaction with FOR UPDATE SKIP LOCKED and
 * marked `sending` under a lease before any network work, so several instances can run workers
 * and each message is handed to one of them only.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  /** Passes run one after another in this process; other processes are kept apart by the claim. */
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly options: MailWorkerOptions) {
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /** Sends every message that is due now, and resolves once they have been tried. */
  flush(): Promise<MailFlushResult> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private schedule(): void {
    if (this.stopped || this.options.pollIntervalMs <= 0) return;
    this.timer = setTimeout(() => {
      this.flush()
        .catch((err: unknown) => this.options.log.error({ err }, 'mail worker pass failed'))
        .finally(() => this.schedule());
    }, this.options.pollIntervalMs);
    this.timer.unref();
  }

  private async drain(): Promise<MailFlushResult> {
    const total: MailFlushResult = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const batch = await this.claim();
      const outcomes = await Promise.all(batch.map((row) => this.deliver(row)));
      for (const outcome of outcomes) total[outcome] += 1;
      if (batch.length < this.batchSize || this.stopped) return total;
    }
  }

  private async claim(): Promise<MailRow[]> {
    const { db } = this.options;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            or(
              eq(mailOutbox.status, 'pending'),
              and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, sql`now()`)),
            ),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          lockedUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async deliver(row: MailRow): Promise<keyof MailFlushResult> {
    const { db, sender, log, maxAttempts, retryBaseMs } = this.options;
    const claimed = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'));
    try {
      const deliveredTo = await sender.send({
        id: row.id,
        to: row.toAddress,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          deliveredTo,
        })
        .where(claimed);
      return 'sent';
    } catch (err) {
      const lastError = errorText(err);
      const giveUp = isPermanentFailure(err) || row.attempts >= maxAttempts;
      if (giveUp) {
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err }, 'e-mail failed');
        await db
          .update(mailOutbox)
          .set({ status: 'failed', lockedUntil: null, lastError })
          .where(claimed);
        return 'failed';
      }
      const delay = retryDelayMs(row.attempts, retryBaseMs);
      log.warn({ mailId: row.id, attempts: row.attempts, retryInMs: delay, err }, 'e-mail retry');
      await db
        .update(mailOutbox)
        .set({
          status: 'pending',
          lockedUntil: null,
          lastError,
          nextAttemptAt: sql`now() + ${delay} * interval '1 millisecond'`,
        })
        .where(claimed);
      return 'retrying';
    }
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 1000);
}

/** The states of a message not delivered (yet, or ever). */
export const UNDELIVERED = [
  'pending',
  'sending',
  'failed',
] as const satisfies readonly MailStatus[];

/** How many messages are in each undelivered state (for the outbox's depth in the metrics). */
export async function undeliveredCounts(
  db: Database,
): Promise<Partial<Record<(typeof UNDELIVERED)[number], number>>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, [...UNDELIVERED]))
    .groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map(({ status, count }) => [status, count]));
}
