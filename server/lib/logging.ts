import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PinoPretty } from 'pino-pretty';

/** What a secret is replaced with in the log. */
export const REDACTED = '[redacted]';

/**
 * Keys whose values are secrets wherever they appear in a logged object: passwords and their
 * hashes, session ids and cookies, reset tokens and codes, discount codes, guest cart ids (they
 * open a cart), authorization headers, API keys, webhook signatures and payment card data.
 * Compared lower-cased, without `-` and `_`.
 */
const SECRET_KEY =
  /passw|passphrase|secret|token|cookie|authori[sz]ation|credential|hash|otp|sessionid|^sid$|apikey|privatekey|signature|guestcartid|card|^cvc$|^cvv|^pan$|iban|code$/;
/** Keys the pattern above would catch that only name a kind of thing. */
const NOT_SECRET = new Set(['statuscode', 'errorcode']);

/**
 * Keys whose values are a person's data in a logged object: e-mail addresses, names, phone
 * numbers and address lines. Compared like secret keys. A bare `address` (a socket's, in network
 * errors) and `to` (an order's next status in some lines) are left alone: an e-mail address in
 * them is caught by its shape below.
 */
const PERSONAL_KEY =
  /e?mail$|emailaddress|replyto|recipient|^(full|first|last|customer|shipping|billing)?name$|phone|^line[12]$|street|postalcode|zipcode|(shipping|billing)address$/;

/**
 * An e-mail address anywhere in a logged text. The local part has no `/`, so a package path
 * (`node_modules/@fastify/…`) or a version (`pkg@1.2.3`) is not one.
 */
const EMAIL =
  /[\w.!#$%&'*+=?^`{|}~-]+@[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*\.[a-z]{2,}/gi;

/**
 * Query parameters that carry what a person typed (the order desk's search for a name, e-mail
 * or order number, the shop's search box): never logged, whatever they hold.
 */
export const FREE_TEXT_QUERY_PARAMETERS: ReadonlySet<string> = new Set(['q', 'search']);

/**
 * Fields database drivers attach to a failed query's error that hold the query's values: drizzle's
 * `params`, PostgreSQL's `detail` ("Failing row contains (…)", "Key (email)=(…) already exists")
 * and `where` (the statement context).
 */
const ERROR_DATA_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** Deeper than this a logged object is cut short (and a cycle cannot recurse forever). */
const MAX_DEPTH = 8;

const SAFE = Symbol('log-safe');

function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[-_]/g, '');
  return !NOT_SECRET.has(name) && SECRET_KEY.test(name);
}

/** Whether a logged key's value is withheld: a secret, or a person's data. */
function isPrivateKey(key: string): boolean {
  return isSecretKey(key) || PERSONAL_KEY.test(key.toLowerCase().replace(/[-_]/g, ''));
}

/** A logged text with every e-mail address in it replaced. */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL, REDACTED);
}

interface ErrorLike {
  message: string;
  name?: unknown;
  stack?: unknown;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorLike).message === 'string' &&
    typeof (value as ErrorLike).stack === 'string');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** An error's message without the values a failed query or a bad input carried. */
function safeMessage(err: ErrorLike): string {
  // drizzle: "Failed query: <sql with $1 placeholders>\nparams: <the values>"
  if (err.message.startsWith('Failed query: ') && typeof err.query === 'string') {
    return `Failed query: ${err.query}\nparams: ${REDACTED}`;
  }
  // PostgreSQL data exceptions (SQLSTATE class 22) quote the bad value: `… uuid: "abc"`.
  if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) {
    return err.message.replace(/:\s[\s\S]*$/, `: ${REDACTED}`);
  }
  return err.message;
}

function serializeError(err: ErrorLike, depth: number): Record<string, unknown> {
  const type =
    typeof err.constructor === 'function' && err.constructor !== Object
      ? err.constructor.name
      : String(err.name ?? 'Error');
  const message = withoutEmails(safeMessage(err));
  // The stack's first lines repeat the original message; only its frames are kept.
  const frames =
    typeof err.stack === 'string'
      ? err.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of Object.keys(err)) {
    if (key in out || key === 'cause') continue;
    const value = (err as unknown as Record<string, unknown>)[key];
    // An error's own `code` names its kind (a SQLSTATE, ECONNRESET, FST_ERR_…), never a secret.
    if (key === 'code' && (typeof value === 'string' || typeof value === 'number'))
      out.code = value;
    else if (ERROR_DATA_KEYS.has(key) || isPrivateKey(key)) out[key] = REDACTED;
    else out[key] = scrub(value, depth + 1);
  }
  if (err.cause !== undefined) out.cause = scrub(err.cause, depth + 1);
  Object.defineProperty(out, SAFE, { value: true });
  return out;
}

/**
 * A copy of a logged value with every secret and every person's data replaced: secret and
 * personal keys at any depth, e-mail addresses in any text, and the values errors carry. Class
 * instances other than errors (a request, a reply) are left to their serializers.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'string') return withoutEmails(value);
  if (typeof value !== 'object' || value === null) return value;
  if ((value as Record<symbol, unknown>)[SAFE]) return value;
  if (isErrorLike(value)) return serializeError(value, depth);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isPrivateKey(key) ? REDACTED : scrub(item, depth + 1);
  }
  return out;
}

/**
 * The shop's pages whose address ends in a secret (the reset link's token, an order link's): the
 * page itself is served without route parameters, so the segment after these is withheld by name.
 */
const SECRET_PAGE_PREFIXES = [
  ['reset-password'],
  ['order-link'],
  ['join-orders'],
  ['stock-alerts', 'unsubscribe'],
];

/** Whether the path segment at `index` is the secret that follows a secret page's prefix. */
const isSecretPageSegment = (segments: readonly string[], index: number) =>
  SECRET_PAGE_PREFIXES.some(
    (prefix) => index === prefix.length + 1 && prefix.every((part, i) => segments[i + 1] === part),
  );

/**
 * The request URL as logged: a route parameter with a secret name (the reset link's token), the
 * secret of a page address (SECRET_PAGE_PREFIXES), a query parameter with a secret name
 * (guestCartId), a free-text one (FREE_TEXT_QUERY_PARAMETERS) and any part holding an e-mail
 * address are replaced.
 */
export function redactUrl(url: string, params: unknown): string {
  const [pathname = '', search] = url.split(/\?(.*)/s, 2);
  const secrets = new Set(
    typeof params === 'object' && params !== null
      ? Object.entries(params)
          .filter(([name, value]) => isSecretKey(name) && typeof value === 'string' && value)
          .map(([, value]) => value as string)
      : [],
  );
  const path = pathname
    .split('/')
    .map((segment, index, segments) => {
      const decoded = decodeSegment(segment);
      const afterSecretPage = isSecretPageSegment(segments, index);
      return afterSecretPage || secrets.has(decoded) || hasEmail(decoded) ? REDACTED : segment;
    })
    .join('/');
  if (search === undefined) return path;
  const query = new URLSearchParams();
  let changed = false;
  for (const [key, value] of new URLSearchParams(search)) {
    const withheld =
      isSecretKey(key) || FREE_TEXT_QUERY_PARAMETERS.has(key) || hasEmail(key) || hasEmail(value);
    query.append(hasEmail(key) ? REDACTED : key, withheld ? REDACTED : value);
    changed ||= withheld;
  }
  return `${path}?${changed ? query.toString() : search}`;
}

const hasEmail = (text: string) => withoutEmails(text) !== text;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const textsWithoutEmails = (values: unknown[]) =>
  values.map((value) => (typeof value === 'string' ? withoutEmails(value) : value));

/**
 * pino takes a logged error's raw message as the line's `msg` when none is given, and Fastify
 * passes `err.message` as the `msg` of errors it logs itself: either way the message of a failed
 * query would go out with its values, so it is swapped for the safe one. The message and its
 * arguments (which no formatter sees) lose their e-mail addresses.
 */
function safeMessageArgument(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const [first, second, ...rest] = args;
  const err = isErrorLike(first)
    ? first
    : isPlainObject(first) && isErrorLike(first.err)
      ? first.err
      : null;
  if (!err) return method.apply(this, textsWithoutEmails(args));
  const safe = withoutEmails(safeMessage(err));
  const object = isErrorLike(first) ? { err: first } : first;
  if (second === undefined) return method.apply(this, [object, ...(first === err ? [safe] : [])]);
  const msg =
    typeof second === 'string'
      ? withoutEmails(err.message ? second.replaceAll(err.message, safe) : second)
      : second;
  return method.apply(this, [object, msg, ...textsWithoutEmails(rest)]);
}

export interface LogDestination {
  write(line: string): void;
}

/**
 * The app's pino options. No log line may hold a password, hash, token, code, card data or
 * session id, nor a person's e-mail address, name, phone or address: request headers are never
 * logged, the URL loses its secret and free-text parameters, and every logged object — errors of
 * failed queries included — goes through scrub().
 */
export function loggerOptions(
  level: string,
  stream?: LogDestination,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: { logMethod: safeMessageArgument },
    formatters: {
      log: (object: Record<string, unknown>) => scrub(object) as Record<string, unknown>,
    },
    serializers: {
      err: (err: FastifyError) => scrub(err) as { type: string; message: string; stack: string },
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url, request.params),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * The one line logged for each request, once its answer has gone: method, the URL as logged
 * (redactUrl), status and time in the message, for a person reading it; the same as fields
 * (`req`, `res`, `responseTime` in ms), for a machine.
 */
export function logAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const responseTime = Math.round(reply.elapsedTime * 10) / 10;
  const url = redactUrl(request.url, request.params);
  request.log.info(
    { req: request, res: reply, responseTime },
    `${request.method} ${url} ${reply.statusCode} ${responseTime} ms`,
  );
}

/**
 * Log lines for a person at a terminal: one coloured line each (time, level, message), the
 * request's fields left to the message. An error's stack follows the line that reports it.
 */
export function prettyLogs(destination?: NodeJS.WritableStream): LogDestination {
  return PinoPretty({
    ...(destination ? { destination, colorize: false } : { colorize: true }),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
}
