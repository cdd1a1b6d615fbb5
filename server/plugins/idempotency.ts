import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IdempotencyKey } from '../../contract/cart.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/http.ts';
import { builtOnce, type Placeholders } from '../db/built-once.ts';
import type { Database } from '../db/client.ts';
import { HttpError, badRequest } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { idempotencyRecords } from './idempotency-tables.ts';

/** How long a key is remembered: a replay a day later is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim held this long belongs to a request that died (crash, lost connection to the database)
 * and may be taken over; no request legitimately runs this long.
 */
export const STALE_CLAIM_MS = 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
export const REPLAYED_HEADER = 'idempotent-replayed';

/** Whose keys a request's keys are. A key is only ever matched within its owner's scope. */
export type IdempotencyScope = (request: FastifyRequest) => string | Promise<string>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header on this route. `true` scopes keys to the signed-in user
     * (or the client address for anonymous calls); pass `{ scope }` to name the owner yourself.
     */
    idempotent?: boolean | { scope: IdempotencyScope };
  }
}

export const defaultScope: IdempotencyScope = (request) =>
  request.user ? `user:${request.user._id}` : `anon:${request.ip}`;

type StoredRecord = typeof idempotencyRecords.$inferSelect;
type Claim =
  | { kind: 'claimed'; claimId: string }
  | { kind: 'replay'; record: StoredRecord }
  | { kind: 'mismatch' }
  /** `retryAfterMs`: until the claim may be taken over, should its request have died. */
  | { kind: 'in_flight'; retryAfterMs: number };

interface HeldClaim {
  scope: string;
  key: string;
  claimId: string;
}

/** Key order must not make two equal bodies look different. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

interface ClaimInput {
  scope: string;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
}

// Every keyed request (each placement) claims its key and keeps its answer, so these two texts
// are built once.
const insertClaim = builtOnce((db, p: Placeholders<ClaimInput & { claimId: string; now: Date }>) =>
  db
    .insert(idempotencyRecords)
    .values({
      scope: p('scope'),
      key: p('key'),
      fingerprint: p('fingerprint'),
      method: p('method'),
      path: p('path'),
      state: 'in_flight',
      claimId: p('claimId'),
      createdAt: p('now'),
      claimedAt: p('now'),
    })
    .onConflictDoNothing()
    .returning({ claimId: idempotencyRecords.claimId }),
);
const keepAnswer = builtOnce(
  (
    db,
    p: Placeholders<{
      scope: string;
      key: string;
      claimId: string;
      statusCode: number;
      contentType: string | null;
      body: string;
    }>,
  ) =>
    db
      .update(idempotencyRecords)
      .set({
        state: 'completed',
        // A value of the update's set is written as sent (a number and texts here).
        statusCode: sql`${p('statusCode')}`,
        contentType: sql`${p('contentType')}`,
        body: sql`${p('body')}`,
      })
      .where(
        and(
          eq(idempotencyRecords.scope, p('scope')),
          eq(idempotencyRecords.key, p('key')),
          eq(idempotencyRecords.claimId, p('claimId')),
        ),
      ),
);

/** Claims a key atomically: of any number of racing requests, exactly one gets `claimed`. */
export async function claimKey(db: Database, input: ClaimInput): Promise<Claim> {
  const { scope, key } = input;
  const where = and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key));
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = newId('idem');
    const now = new Date();
    const [inserted] = await insertClaim(db, { ...input, claimId, now });
    if (inserted) return { kind: 'claimed', claimId };

    const [existing] = await db.select().from(idempotencyRecords).where(where).limit(1);
    if (!existing) continue; // released between our insert and select: try again
    if (existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      await db
        .delete(idempotencyRecords)
        .where(and(where, eq(idempotencyRecords.claimId, existing.claimId)));
      continue;
    }
    if (existing.fingerprint !== input.fingerprint) return { kind: 'mismatch' };
    if (existing.state === 'completed') return { kind: 'replay', record: existing };
    if (existing.claimedAt.getTime() <= now.getTime() - STALE_CLAIM_MS) {
      const [taken] = await db
        .update(idempotencyRecords)
        .set({ claimId, claimedAt: now })
        .where(
          and(
            where,
            eq(idempotencyRecords.state, 'in_flight'),
            eq(idempotencyRecords.claimId, existing.claimId),
          ),
        )
        .returning({ claimId: idempotencyRecords.claimId });
      if (taken) return { kind: 'claimed', claimId };
      continue;
    }
    return {
      kind: 'in_flight',
      retryAfterMs: existing.claimedAt.getTime() + STALE_CLAIM_MS - now.getTime(),
    };
  }
  // Three races lost in a row: the key is as busy as can be; a second is as good a guess as any.
  return { kind: 'in_flight', retryAfterMs: 1000 };
}

/**
 * The seconds a 409 "still being processed" asks a client to wait: until the claim may be taken
 * over, so a retry then gets a real answer whether the first request finishes or has died (a
 * crash). A client may ask sooner, as the first request usually finishes within a second.
 */
function inFlightRetryAfterSeconds(retryAfterMs: number): number {
  return Math.min(Math.max(Math.ceil(retryAfterMs / 1000), 1), STALE_CLAIM_MS / 1000);
}

export interface IdempotencyOptions {
  db: Database;
}

/**
 * Idempotency-Key support (docs/architecture.md, Rules every answer follows) for every route of the registering scope whose config has
 * `idempotent`. The key is claimed before the request's work runs, so concurrent duplicates cannot
 * both do it; the answer is stored when it is sent.
 *
 * - same key, same method, path and body → the stored answer again (same status and body, header
 *   `idempotent-replayed: true`), and the work is not done again;
 * - same key, different request → 422; the first request still running → 409, with `Retry-After`
 *   (and `retryAfter` in the body): the seconds until the claim may be taken over.
 *
 * Which answers are kept: 2xx and 4xx answers are stored and replayed, because they describe what
 * the request did (or why it could not) given the state it met — a client wanting a fresh attempt
 * after "out of stock" sends a new key, as after any other decision. 5xx and 429 answers release
 * the key, so retrying the same request later can still succeed.
 *
 * The work and the stored answer are not one transaction: should the process die after the work
 * committed and before its answer was stored, the claim is left in flight, answers 409 for
 * STALE_CLAIM_MS, and is then taken over, so the request can run a second time. That window is a
 * crash between two statements; closing it would mean running every handler inside the claim's
 * transaction.
 */
export default fp(
  async function idempotency(app: FastifyInstance, opts: IdempotencyOptions) {
    const { db } = opts;
    const claims = new WeakMap<FastifyRequest, HeldClaim>();
    let lastSweep = 0;

    async function sweep() {
      const now = Date.now();
      if (now - lastSweep < SWEEP_INTERVAL_MS) return;
      lastSweep = now;
      await db
        .delete(idempotencyRecords)
        .where(lt(idempotencyRecords.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
    }

    async function release(request: FastifyRequest, { scope, key, claimId }: HeldClaim) {
      try {
        await db
          .delete(idempotencyRecords)
          .where(
            and(
              eq(idempotencyRecords.scope, scope),
              eq(idempotencyRecords.key, key),
              eq(idempotencyRecords.claimId, claimId),
            ),
          );
      } catch (err) {
        request.log.error({ err }, 'could not release an idempotency key');
      }
    }

    const keys = new WeakMap<FastifyRequest, string>();

    // The key is checked before the route's own validation, so a bad key is named as such…
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (!request.routeOptions.config.idempotent) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return;
      const parsed = IdempotencyKey.safeParse(header);
      if (!parsed.success) {
        throw badRequest(
          'validation',
          'Idempotency-Key must be 1–200 printable characters without spaces.',
          `headers.${IDEMPOTENCY_HEADER}`,
        );
      }
      keys.set(request, parsed.data);
    });

    // …and claimed after it, so the fingerprint is taken of the validated body only: a body that
    // the schema refuses never reaches the fingerprint's walk.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const setting = request.routeOptions.config.idempotent;
      const key = keys.get(request);
      if (!setting || key === undefined) return;
      const scope = await (setting === true ? defaultScope : setting.scope)(request);
      const path = request.url.split('?')[0] ?? request.url;
      await sweep();
      const claim = await claimKey(db, {
        scope,
        key,
        fingerprint: fingerprintOf(request.method, path, request.body),
        method: request.method,
        path,
      });
      switch (claim.kind) {
        case 'claimed':
          claims.set(request, { scope, key, claimId: claim.claimId });
          return;
        case 'mismatch':
          throw new HttpError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
          );
        case 'in_flight': {
          // Retry-After tells a client's outbox to send the same request again, where a cart's
          // own 409 (not enough stock) is a refusal; `retryAfter` says the same in the body.
          const retryAfter = inFlightRetryAfterSeconds(claim.retryAfterMs);
          throw new HttpError(
            409,
            'request_in_flight',
            'A request with this Idempotency-Key is still being processed. Try again in a moment.',
            { retryAfter },
            { 'retry-after': String(retryAfter) },
          );
        }
        case 'replay': {
          const { record } = claim;
          reply.code(record.statusCode ?? 200).header(REPLAYED_HEADER, 'true');
          if (record.contentType) reply.header('content-type', record.contentType);
          return reply.send(record.body ?? '');
        }
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = claims.get(request);
      if (!held) return payload;
      claims.delete(request);
      const status = reply.statusCode;
      const keep = status < 500 && status !== 429 && typeof payload === 'string';
      if (!keep) {
        await release(request, held);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      try {
        await keepAnswer(db, {
          scope: held.scope,
          key: held.key,
          claimId: held.claimId,
          statusCode: status,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: payload,
        });
      } catch (err) {
        request.log.error({ err }, 'could not store an idempotent answer');
      }
      return payload;
    });

    // A request that never reached onSend (client gone, hook failure) must not hold its key.
    const releaseUnsent = async (request: FastifyRequest) => {
      const held = claims.get(request);
      if (!held) return;
      claims.delete(request);
      await release(request, held);
    };
    app.addHook('onResponse', releaseUnsent);
    app.addHook('onRequestAbort', releaseUnsent);
  },
  { name: 'idempotency' },
);
