import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contract/errors.ts';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  HttpError,
  isDatabaseUnavailable,
} from '../lib/errors.ts';

interface FieldError {
  path: string;
  message: string;
}

/**
 * One error shape for the whole API, each with its `code` (contract/errors.ts):
 * 400 `{ success:false, message, code:'validation', errors:[{path,message}] }` for bad input, the
 * error's own status, code and message for HttpErrors, and a bare 500 (`internal`) with the
 * request id for anything unexpected.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const part = error.validationContext ?? 'body';
        return { path: where ? `${part}.${where}` : part, message: issue.message ?? 'is invalid' };
      });
      const first = errors[0];
      const message = first ? `${fieldName(first.path)}: ${first.message}` : 'Invalid request';
      return reply.code(400).send({ success: false, message, code: 'validation', errors });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message, code: error.code, ...error.details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return reply.code(500).send(internal(request.id));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, wrong content type, bad content length).
      const message = clientMessage(error);
      const path =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'headers.content-type' : 'body';
      return reply
        .code(status)
        .send({ success: false, message, code: clientCode(status), errors: [{ path, message }] });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: a dropped connection or a database restarting. Say so and when to retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'database_unavailable',
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(internal(request.id));
  });
});

export const BAD_URL_MESSAGE = 'The address is not valid: it has a broken percent-encoding.';
export const LONG_PARAM_MESSAGE = 'The address is not valid: a part of it is too long.';
/**
 * The router refuses a longer path segment with 414 before any route runs; it sits well above the
 * longest identifier a schema accepts (200) so that the schema, not the router, names the field.
 */
export const MAX_PATH_PARAM_LENGTH = 1024;

/** Fastify's routing errors, answered before any route, with their status and our message. */
const ROUTING_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'validation', message: BAD_URL_MESSAGE },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: LONG_PARAM_MESSAGE },
};

/**
 * Errors Fastify raises before a request reaches a route (a path that cannot be decoded, a path
 * segment over the router's length limit), which the error handler never sees: answered in the
 * same shape, naming the url. Pass as the `frameworkErrors` option.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No hook runs for these answers, so the id the app's onSend hook adds is set here.
  reply.header('x-request-id', request.id);
  const known = error.code ? ROUTING_ERRORS[error.code] : undefined;
  if (known) {
    const { status, code, message } = known;
    reply.code(status).send({ success: false, message, code, errors: [{ path: 'url', message }] });
    return;
  }
  request.log.error({ err: error }, 'unexpected error');
  reply.code(500).send(internal(request.id));
}

function internal(requestId: string) {
  return {
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    code: 'internal' as const,
    requestId,
  };
}

function fieldName(path: string): string {
  return path.replace(/^(body|querystring|params|headers)\.?/, '') || path;
}

/** The code of a client error Fastify raised itself, by its status. */
function clientCode(status: number): ErrorCode {
  switch (status) {
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    default:
      return 'bad_request';
  }
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
