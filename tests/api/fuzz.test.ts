/**
 * Sends every operation of the OpenAPI document malformed input generated from its own schemas
 * (wrong types, missing and extra fields, empty and huge strings, unicode, NUL, lone surrogates,
 * dates out of any range, numbers past the database's integers, deep nesting, broken JSON and
 * percent-encodings, other content types), signed out, signed in as a shopper and as staff, and
 * holds the API to three rules: never a 5xx, always an answer, and every 4xx in the error shape.
 * The seed is fixed, so a failure is reproduced by running the file again.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/http.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';

const SEED = 20_261_125;
/** Generated requests per operation and sign-in state… */
const RUNS_PER_OPERATION = 40;
/** …and for staff on the order desk's routes, whose many filters and fields need more to be hit. */
const RUNS_PER_STAFF_OPERATION = 200;
/** An answer slower than this counts as a hang. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Longer than any field allows, well under the body limit… */
const LONG_STRING = 20_000;
/** …and a body over the limit (256 KiB). */
const OVERSIZED_BODY = 300 * 1024;
/** Nesting of generated JSON bodies, from a little to far beyond what the server accepts. */
const MAX_GENERATED_DEPTH = 6_000;

const t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
afterAll(() => t.close());

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}

interface Operation {
  name: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

const doc = (await t.app.inject('/api/v1/openapi.json')).json() as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content['application/json']?.schema ?? null,
  })),
);

// ---- Values ----------------------------------------------------------------------------------

/** Real ids and slugs, so that some generated requests get past the lookups into the work. */
const KNOWN_STRINGS = [...Object.values(F), 'fx-gold-whey', 'fx-creatine', 'fx-labs', 'categories'];

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const nul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\uD800', 'a\uDFFFb', '\u202Eevil', '🏋️‍♀️💪', 'Ｗｈｅｙ', '\uFEFF', 'e\u0301'),
);
/** Text that is not well-formed UTF-16: half a surrogate pair, alone, anywhere in a string. */
const loneSurrogate = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D'),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, half, after]) => `${before}${half}${after}`);
/** Dates a parser takes but a database or a calendar does not. */
const extremeDate = fc.constantFrom(
  '0000-01-01',
  '-000001-01-01T00:00:00Z',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20',
  '9999-12-31',
  '10000-01-01',
  '1969-12-31T23:59:59Z',
  '2026-02-30',
  '2026-11-25T24:00:00Z',
);
/** Numbers past PostgreSQL's integer (±2^31) and bigint, and past what doubles count exactly. */
const hugeNumber = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    4_294_967_296,
    1e15,
    -1e15,
    Number.MAX_SAFE_INTEGER,
    2 ** 63,
    1e308,
  ),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
);
/** The shapes above, which once answered 500; weighted so every operation meets them. */
const extreme: fc.Arbitrary<unknown> = fc.oneof(loneSurrogate, extremeDate, hugeNumber);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  wrongType,
  fc.constant(''),
  fc.constant(' '.repeat(3)),
  fc.string({ maxLength: 30 }),
  nul,
  unicode,
  { weight: 3, arbitrary: extreme },
  fc.constant('x'.repeat(LONG_STRING)),
  fc.integer({ min: 2, max: 64 }).map(nested),
);

function patternString(pattern: string): fc.Arbitrary<string> | null {
  for (const flags of ['u', '']) {
    try {
      return fc.stringMatching(new RegExp(pattern, flags));
    } catch {
      // fast-check cannot generate from this pattern (with these flags).
    }
  }
  return null;
}

/** Values shaped like the schema asks (mostly valid; unconstrained strings may still fail). */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(plausible));
  if (schema.allOf?.[0]) return plausible(schema.allOf[0]);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => plausible({ ...schema, type })));
  }
  switch (schema.type) {
    case 'string': {
      const fromPattern = schema.pattern ? patternString(schema.pattern) : null;
      if (fromPattern) return fromPattern;
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.constantFrom(...KNOWN_STRINGS));
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? plausible(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        maxLength: 3,
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, plausible(s)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A plausible value, or one with a field dropped, replaced by a bad value or added. */
function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const object = plausible(schema).filter(
    (value): value is Record<string, unknown> =>
      value !== null && typeof value === 'object' && !Array.isArray(value),
  );
  return fc.oneof(
    plausible(schema),
    badValue,
    ...(keys.length === 0
      ? []
      : [
          fc
            .tuple(object, fc.constantFrom(...keys))
            .map(([value, key]) => ({ ...value, [key]: undefined })),
          fc
            .tuple(object, fc.constantFrom(...keys), badValue)
            .map(([value, key, bad]) => ({ ...value, [key]: bad })),
        ]),
    fc
      .tuple(object, fc.oneof(fc.string({ maxLength: 10 }), nul), badValue)
      .map(([value, key, bad]) => ({ ...value, [key]: bad })),
  );
}

// ---- Requests --------------------------------------------------------------------------------

interface Body {
  contentType?: string;
  payload: string | Buffer;
}

const jsonBody = (value: unknown): Body => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? '',
});

function bodyOf(schema: JsonSchema): fc.Arbitrary<Body | undefined> {
  const depth = fc.integer({ min: 1, max: MAX_GENERATED_DEPTH });
  return fc.oneof(
    { weight: 6, arbitrary: mutated(schema).map(jsonBody) },
    fc.constant(undefined),
    fc.constant({ contentType: 'application/json', payload: '' }),
    fc
      .string({ maxLength: 30 })
      .map((text) => ({ contentType: 'application/json', payload: text })),
    depth.map((n) => ({ contentType: 'application/json', payload: '['.repeat(n) + ']'.repeat(n) })),
    depth.map((n) => ({
      contentType: 'application/json',
      payload: '{"a":'.repeat(n) + '1' + '}'.repeat(n),
    })),
    fc.constant({
      contentType: 'application/json',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    }),
    fc.constant({ contentType: 'application/json', payload: `"${'x'.repeat(OVERSIZED_BODY)}"` }),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
        ),
        fc.string({ maxLength: 30 }),
      )
      .map(([contentType, payload]) => ({ contentType, payload })),
  );
}

/** Percent-encodings a browser would never send. */
const brokenEncoding = fc.constantFrom(
  '%',
  '%zz',
  'a%2',
  '%C3%28',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '..%2F..%2Fetc',
  '%25%',
);

const asText = (value: unknown) =>
  (typeof value === 'string' ? value : JSON.stringify(value)) ?? '';

/** encodeURIComponent, except that a lone surrogate is sent as U+FFFD, as a browser would. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

function encodedValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(schema).map((v) => encode(asText(v))) },
    { weight: 3, arbitrary: badValue.map((v) => encode(asText(v))) },
    brokenEncoding,
  );
}

interface Generated {
  url: string;
  headers: Record<string, string>;
  body: Body | undefined;
  csrfHeader: boolean;
  address: string;
}

/** A plausible object body with one field given an extreme value. */
function oneExtremeField(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  if (keys.length === 0) return plausible(schema);
  return fc
    .tuple(plausible(schema), fc.constantFrom(...keys), extreme)
    .map(([value, key, edge]) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { ...value, [key]: edge }
        : value,
    );
}

/**
 * Requests for one operation, of two kinds. Broad: every part may be bad on its own, so a request
 * with several parameters rarely gets past validation. Focused: what a real client sends (the
 * CSRF header, plausible path values, the other parameters absent or plausible) with a single
 * query parameter and a single body field given an extreme value, so that value reaches the work.
 */
function requestOf(op: Operation): fc.Arbitrary<Generated> {
  const byKind = (kind: Parameter['in']) => op.parameters.filter((p) => p.in === kind);
  const queryParams = byKind('query');
  const pair = (p: Parameter, value: unknown) =>
    `${encodeURIComponent(p.name)}=${encode(asText(value))}`;
  const eachOnItsOwn = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc
          .array(encodedValue(p.schema), { minLength: 1, maxLength: 2 })
          .map((values) => values.map((v) => `${encodeURIComponent(p.name)}=${v}`).join('&')),
        { nil: undefined },
      ),
    ),
    fc.option(
      fc
        .tuple(fc.oneof(fc.string({ maxLength: 8 }), nul), badValue)
        .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`),
      { nil: undefined },
    ),
    fc.option(brokenEncoding, { nil: undefined }),
  );
  const oneExtreme = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) => fc.option(plausible(p.schema), { nil: undefined, freq: 2 })),
      ),
      fc.nat(Math.max(0, queryParams.length - 1)),
      extreme,
    )
    .map(([values, chosen, edge]) =>
      queryParams.map((p, i) => {
        if (i === chosen) return pair(p, edge);
        return values[i] === undefined ? undefined : pair(p, values[i]);
      }),
    );
  const printable = (schema: JsonSchema) =>
    fc
      .oneof(plausible(schema).map(asText), badValue.map(asText))
      .map((v) => v.slice(0, 300).replace(/[^\x20-\x7e]/g, '?'));
  const headerValues = fc.tuple(
    ...byKind('header').map((p) => fc.option(printable(p.schema), { nil: undefined })),
  );
  const address = fc
    .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
    .map(([a, b, c]) => `10.${a}.${b}.${c}`);
  const broad = fc.record({
    path: fc.tuple(...byKind('path').map((p) => encodedValue(p.schema))),
    query: eachOnItsOwn as fc.Arbitrary<(string | undefined)[]>,
    headers: headerValues,
    body: op.body ? bodyOf(op.body) : fc.constant(undefined),
    csrfHeader: fc.boolean(),
    address,
  });
  const focused = fc.record({
    path: fc.tuple(...byKind('path').map((p) => plausible(p.schema).map((v) => encode(asText(v))))),
    query: oneExtreme,
    headers: headerValues,
    body: op.body ? oneExtremeField(op.body).map(jsonBody) : fc.constant(undefined),
    csrfHeader: fc.constant(true),
    address,
  });
  return fc.oneof(broad, focused).map(({ path, query, headers, body, csrfHeader, address }) => {
    const names = byKind('path').map((p) => p.name);
    let url = op.path;
    names.forEach((name, i) => (url = url.replace(`{${name}}`, path[i] ?? '')));
    const search = query.filter((pair) => pair !== undefined).join('&');
    const headerEntries = byKind('header')
      .map((p, i) => [p.name, headers[i]] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
    return {
      url: search ? `${url}?${search}` : url,
      headers: Object.fromEntries(headerEntries),
      body,
      csrfHeader,
      address,
    };
  });
}

// ---- Checks ----------------------------------------------------------------------------------

/** Extra fields (a discount's `reason`, a line's `available`) are details some errors add. */
const ErrorBody = z.looseObject({
  success: z.literal(false),
  message: z.string().min(1),
  errors: z
    .array(z.strictObject({ path: z.string().min(1), message: z.string().min(1) }))
    .min(1)
    .optional(),
  requestId: z.string().optional(),
});

let sent = 0;
const statuses = new Map<number, number>();
afterAll(() => {
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `fuzz: ${sent} requests sent to ${operations.length} operations; answers ${byStatus.join(' ')}`,
  );
});

function describeRequest(op: Operation, req: Generated, cookie?: string): string {
  const payload = req.body?.payload;
  const shown =
    payload === undefined
      ? '(no body)'
      : Buffer.isBuffer(payload)
        ? `bytes ${payload.toString('hex')}`
        : payload.length > 300
          ? `${JSON.stringify(payload.slice(0, 300))}… (${payload.length} characters)`
          : JSON.stringify(payload);
  const url = req.url.length > 300 ? `${req.url.slice(0, 300)}… (${req.url.length})` : req.url;
  return `${op.method} ${url} ${cookie ? 'signed in' : 'signed out'} headers ${JSON.stringify(req.headers)} content-type ${req.body?.contentType ?? '(none)'} body ${shown}`;
}

async function send(op: Operation, req: Generated, cookie?: string): Promise<void> {
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: req.url,
    remoteAddress: req.address,
    headers: {
      ...req.headers,
      ...(req.body?.contentType ? { 'content-type': req.body.contentType } : {}),
      ...(req.csrfHeader ? { [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(req.body ? { payload: req.body.payload } : {}),
  };
  const what = () => describeRequest(op, req, cookie);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms to ${what()}`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  sent++;
  let res: LightMyRequestResponse;
  try {
    res = await Promise.race([t.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const answered = () => `${res.statusCode} ${res.body.slice(0, 400)}\nto ${what()}`;
  if (res.statusCode >= 500) throw new Error(`server error: ${answered()}`);
  if (res.statusCode < 400) return;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new Error(`a client error that is not JSON: ${answered()}`);
  }
  const shape = ErrorBody.safeParse(body);
  if (!shape.success)
    throw new Error(`not the error shape (${shape.error.message}): ${answered()}`);
  if (res.statusCode === 400 && !shape.data.errors) {
    throw new Error(`a 400 without errors[]: ${answered()}`);
  }
}

/** Who sends: nobody, a shopper, or staff (only the order desk's routes need staff to be reached). */
type Caller = 'guest' | 'shopper' | 'staff';

async function cookieOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'guest') return undefined;
  const account = await registerUser(t.app);
  if (caller === 'staff') {
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, account.user._id));
  }
  return account.cookie;
}

const isStaffOperation = (op: Operation) => op.path.startsWith('/api/v1/admin/');

describe.each([
  ['signed out', 'guest'],
  ['signed in', 'shopper'],
  ['signed in as staff', 'staff'],
] as const)('malformed input, %s', (_state, caller) => {
  const tried = operations
    .map((op, index) => [op.name, op, index] as const)
    .filter(([, op]) => caller !== 'staff' || isStaffOperation(op));
  test.each(tried)(
    '%s',
    async (_name, op, index) => {
      // A fresh account per operation: fuzzing one (logout, password change) cannot sign out the next.
      const cookie = await cookieOf(caller);
      await fc.assert(
        fc.asyncProperty(requestOf(op), (req) => send(op, req, cookie)),
        {
          seed: SEED + index,
          numRuns: caller === 'staff' ? RUNS_PER_STAFF_OPERATION : RUNS_PER_OPERATION,
        },
      );
      expect(sent).toBeGreaterThan(0);
    },
    120_000,
  );
});
