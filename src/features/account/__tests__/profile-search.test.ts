/** The profile's `confirmEmail` param: a token kept as text, anything else dropped. */
import { expect, test } from 'vitest';
import { profileSearchSchema } from '../profile-search.ts';

const parse = (search: Record<string, unknown>) => profileSearchSchema(search).confirmEmail;

test('keeps a token as text, even one the router read as a number', () => {
  expect(parse({ confirmEmail: 'Zx-9_abc' })).toBe('Zx-9_abc');
  expect(parse({ confirmEmail: 123456 })).toBe('123456');
});

test('drops a missing, blank or malformed token instead of failing the page', () => {
  expect(parse({})).toBeUndefined();
  expect(parse({ confirmEmail: '  ' })).toBeUndefined();
  expect(parse({ confirmEmail: { nested: true } })).toBeUndefined();
});
