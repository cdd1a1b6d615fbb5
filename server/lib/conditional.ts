import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator for a body: its SHA-1, base64url (27 characters, quoted as HTTP wants). */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names this ETag: `*`, or one entry of its list, compared
 * weakly (a `W/` prefix is ignored), as RFC 9110 asks for GET.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/** What most public answers are: the API's JSON. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a public body (JSON unless `contentType` says otherwise, as for the sitemaps' XML) with
 * its ETag and Cache-Control, or 304 Not Modified without a body when the client already holds
 * it. Done in the handler, not in an onSend hook: by then the compression hook would have turned
 * the body into a stream and the ETag would be lost.
 */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; etag: string },
  cacheControl: string,
  contentType = JSON_CONTENT_TYPE,
) {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type(contentType).send(answer.body);
}
