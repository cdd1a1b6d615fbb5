/** An error whose status and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the JSON answer, e.g. `{ available: 3 }`. */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, path?: string) =>
  new HttpError(400, message, path ? { errors: [{ path, message }] } : {});
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details: Record<string, unknown> = {}) =>
  new HttpError(409, message, details);
