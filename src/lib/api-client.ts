/**
 * The one client for the shop's API: base `/api/v1/` on `VITE_API_ORIGIN` (same origin
 * when unset), cookies always included, JSON in and out.
 *
 * In a query, nulls and undefined are skipped and arrays comma-joined; a call may carry an
 * Idempotency-Key header. A failure rejects with ApiError: status 0 means the network failed,
 * `code` is the server's machine-readable reason (contract/errors.ts) that callers branch on,
 * field errors are keyed by the last segment of each path, and the parsed error answer is kept for
 * the fields a code brings (such as the short-stock `lines` of a refused order: `is(code)`).
 * Listeners hear when the server answers `sign_in_required` while a user is signed in here (the
 * session expired or was ended elsewhere), and whenever a request got no answer at all (the
 * online state counts the server as gone).
 *
 * Nothing here belongs to one domain: what a call must carry besides (the cart's guest cart id,
 * say) its caller passes in `headers` or `query`.
 */
import { isErrorCode, type ErrorCode } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import {
  API_BASE_PATH,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  IDEMPOTENCY_HEADER,
  type ApiErrorBody,
  type ApiErrorOf,
} from '../../contract/http.ts';
import { customerState } from '../stores/customer.ts';

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;
  /**
   * What went wrong, as the server names it; null when no answer came (network error) or the
   * answer was not the API's error shape (a proxy's page, say).
   */
  readonly code: ErrorCode | null;
  readonly errors: { path: string; message: string }[];
  readonly fieldErrors: Record<string, string>;
  /** True when `message` came from the server's answer rather than a local fallback. */
  readonly fromServer: boolean;
  /** The server's Retry-After: the same request may succeed later (busy, rate-limited). */
  readonly retryAfterSeconds: number | null;
  /** The parsed error answer as it came (null without one). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    errors: { path: string; message: string }[] = [],
    fromServer = false,
    retryAfterSeconds: number | null = null,
    body: unknown = null,
  ) {
    super(message);
    this.body = body;
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.fromServer = fromServer;
    this.retryAfterSeconds = retryAfterSeconds;
    this.code = isErrorCode((body as { code?: unknown } | null)?.code)
      ? (body as { code: ErrorCode }).code
      : null;
    this.fieldErrors = {};
    for (const error of errors) {
      const field = error.path.split('.').pop() ?? error.path;
      this.fieldErrors[field] ??= error.message;
    }
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * Whether the same request, sent again later as it is, may succeed: no answer came, the server
   * failed (5xx), is still busy with the same Idempotency-Key (`request_in_flight`) or asks to slow
   * down (`rate_limited`). An answer without a code (a proxy's, a timeout's) is judged by its
   * status and Retry-After instead.
   */
  get mayRetry(): boolean {
    if (this.isNetworkError || this.status >= 500) return true;
    if (this.code !== null)
      return this.code === 'request_in_flight' || this.code === 'rate_limited';
    return this.status === 408 || this.status === 429 || this.retryAfterSeconds !== null;
  }

  /** Whether the server answered with this code; if so, `body` has the code's fields. */
  is<C extends ErrorCode>(code: C): this is ApiError & { code: C; body: ApiErrorOf<C> } {
    return this.code === code;
  }
}

const origin = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');

export function buildQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function apiUrl(path: string, query?: QueryParams): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${origin}${API_BASE_PATH}${clean}${buildQueryString(query)}`;
}

export function serverUrl(path: string): string {
  return `${origin}${path}`;
}

/** How a request reaches the API. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server's page rendering answers the pages' API calls in process, through the same routes
 * and services, instead of over the network to itself (server/render).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

let requestLocale: Locale | null = null;

/**
 * The document's language, sent as `Accept-Language` with every request so the server writes what
 * it sends the shopper (mails, the invoice) in it. Set once by the browser's entry; the server's
 * page rendering leaves it unset.
 */
export function setRequestLocale(locale: Locale): void {
  requestLocale = locale;
}

const networkFailureListeners = new Set<() => void>();

export function onNetworkFailure(listener: () => void): () => void {
  networkFailureListeners.add(listener);
  return () => {
    networkFailureListeners.delete(listener);
  };
}

const sessionEndedListeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/**
 * A `sign_in_required` answer while a user is signed in here means the session ended (a wrong
 * password at sign-in is `invalid_credentials`, and ends nothing).
 */
function noteSessionEnded(): void {
  if (!customerState.auth.user) return;
  for (const listener of sessionEndedListeners) listener();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFrom(
  status: number,
  body: unknown,
  fallback: string,
  retryAfter: string | null = null,
): ApiError {
  const shaped = body as Partial<ApiErrorBody> | null;
  const serverMessage =
    shaped && typeof shaped === 'object' && typeof shaped.message === 'string' && shaped.message
      ? shaped.message
      : null;
  const errors = Array.isArray(shaped?.errors) ? shaped.errors : [];
  const retryAfterSeconds = retryAfter !== null && retryAfter !== '' ? Number(retryAfter) : NaN;
  return new ApiError(
    status,
    serverMessage ?? fallback,
    errors,
    serverMessage !== null,
    Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : null,
    body,
  );
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(requestLocale ? { 'accept-language': requestLocale } : {}),
    ...options.headers,
  };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    for (const listener of networkFailureListeners) listener();
    throw new ApiError(0, 'Network error: check your connection and try again.');
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    const error = errorFrom(
      response.status,
      parsed,
      `Request failed (${response.status}).`,
      response.headers.get('retry-after'),
    );
    if (error.is('sign_in_required')) noteSessionEnded();
    throw error;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => apiRequest<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
