import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors.ts';

/** An error whose status, code and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** What went wrong, for programs: the answer's `code`. */
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the JSON answer, e.g. `{ available: 3 }`. */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400, naming the field at `path` (`body.email`) when there is one. */
export const badRequest = (code: ErrorCode, message: string, path?: string) =>
  new HttpError(400, code, message, path ? { errors: [{ path, message }] } : {});
export const unauthorized = (code: ErrorCode, message = 'Please sign in to continue.') =>
  new HttpError(401, code, message);
export const forbidden = (code: ErrorCode, message = 'You are not allowed to do that.') =>
  new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string, details: Record<string, unknown> = {}) =>
  new HttpError(409, code, message, details);

/**
 * A route's response schema for its error statuses: the common fields, and any others the error
 * carries (`errors`, a code's details) kept rather than stripped.
 */
export const ErrorResponse = z.looseObject({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
});

/** PostgreSQL's codes for "the server went away or refuses connections now". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What node-postgres says when a connection died or none could be had in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed',
];

/**
 * Whether an error means the database cannot be reached right now (a dropped connection, a
 * server restarting or failing over, no free connection in time), rather than a bug: the request
 * is answered 503 and a retry soon may succeed. Looks through wrapped causes (Drizzle wraps the
 * driver's error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait before retrying while the database is out of reach. */
export const DATABASE_RETRY_AFTER_S = 2;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop cannot reach its database just now. Please try again in a moment.';
