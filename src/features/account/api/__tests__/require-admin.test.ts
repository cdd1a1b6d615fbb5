/** The staff pages' guard: anyone but staff gets the not-found page, as for a page that is not. */
import { isNotFound } from '@tanstack/react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { customerState } from '../../../../stores/customer.ts';
import { requireAdmin } from '../require-user.ts';

afterEach(() => {
  customerState.auth.user = null;
});

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('requireAdmin', () => {
  test('a shopper, or nobody, gets not-found; staff pass', () => {
    customerState.auth.user = { _id: 'usr_1', name: 'Ann', email: 'ann@example.com' };
    expect(isNotFound(thrown(requireAdmin))).toBe(true);
    customerState.auth.user = { _id: 'usr_1', name: 'Ann', email: 'a@b.c', role: 'customer' };
    expect(isNotFound(thrown(requireAdmin))).toBe(true);
    customerState.auth.user = null;
    expect(isNotFound(thrown(requireAdmin))).toBe(true);
    customerState.auth.user = { _id: 'usr_2', name: 'Sam', email: 's@b.c', role: 'admin' };
    expect(thrown(requireAdmin)).toBeNull();
  });
});
