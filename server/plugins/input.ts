import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../lib/errors.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have. Our bodies are two levels deep;
 * a far deeper one is an attack on every recursive walk after the parser (schema validation, the
 * idempotency fingerprint), so it is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const LONE_SURROGATE_MESSAGE =
  'must be well-formed text: it holds half of a UTF-16 surrogate pair (U+D800–U+DFFF)';
export const TOO_DEEP_MESSAGE = `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';
export const EMPTY_JSON_MESSAGE = 'The JSON body is empty.';

/**
 * How deep `text` nests, counted without parsing it and without recursion; stops counting once
 * past `limit`. Brackets inside string literals do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

type Path = (string | number)[];

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What is wrong with a string no field may hold, or null. U+0000: PostgreSQL cannot store it in
 * text, and no field of ours has a use for it. A lone surrogate (JSON can spell one, `"\ud800"`)
 * is not text at all: PostgreSQL refuses it in JSON, and elsewhere it would be stored as U+FFFD
 * without anyone being told.
 */
function badText(text: string): string | null {
  if (text.includes('\0')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * Every string (and object key) in `value` that no field may hold, with its path and what is
 * wrong with it, walked without recursion. A bad key is reported at its object's path.
 */
export function badTextIssues(value: unknown): { path: Path; message: string }[] {
  const found: { path: Path; message: string }[] = [];
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = badText(current);
      if (message) found.push({ path, message });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, [...path, index]]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const message = badText(key);
        if (message) found.push({ path, message });
        stack.push([item, [...path, key]]);
      }
    }
  }
  return found;
}

const refuseBadText = z.unknown().superRefine((value, ctx) => {
  for (const { path, message } of badTextIssues(value)) {
    ctx.addIssue({ code: 'custom', path, message });
  }
});

/**
 * The zod validator compiler, with one rule no schema can forget: no string anywhere in a body,
 * query, path parameter or header may hold U+0000 or a lone UTF-16 surrogate. The answer is the
 * usual 400 naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: refuseBadText.pipe(route.schema) });

/**
 * Replaces Fastify's JSON body parser with one that refuses bodies nested deeper than
 * MAX_JSON_DEPTH, and answers empty or broken JSON with the API's 400 naming the body.
 */
export default fp(
  async function input(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.trim() === '')
        return done(badRequest('validation', EMPTY_JSON_MESSAGE, 'body'), undefined);
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        return done(badRequest('validation', TOO_DEEP_MESSAGE, 'body'), undefined);
      }
      parseJson(request, text, (err, parsed) => {
        if (err) return done(badRequest('validation', INVALID_JSON_MESSAGE, 'body'), undefined);
        done(null, parsed);
      });
    });
  },
  { name: 'input' },
);
