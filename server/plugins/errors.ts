import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.ts';

interface FieldError {
  path: string;
  message: string;
}

/**
 * One error shape for the whole API:
 * 400 `{ success:false, message, errors:[{path,message}] }` for bad input, the error's own status
 * and message for HttpErrors, and a bare 500 with the request id for anything unexpected.
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
      return reply.code(400).send({ success: false, message, errors });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ success: false, message: error.message, ...error.details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema');
      return reply.code(500).send(internal(request.id));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.code(status).send({ success: false, message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(internal(request.id));
  });
});

function internal(requestId: string) {
  return {
    success: false,
    message: 'Something went wrong on our side. Please try again.',
    requestId,
  };
}

function fieldName(path: string): string {
  return path.replace(/^(body|querystring|params|headers)\.?/, '') || path;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The JSON body is empty.';
    default:
      return error.message;
  }
}
