/**
 * The transition table says which moves e-mail the shopper; the mail module has a template for
 * each status such a move reaches, and none for a status no move mails about.
 */
import { expect, test } from 'vitest';
import { ORDER_STATUSES, transitionEffects } from '../../../contract/orders.ts';
import { ORDER_MAIL_KINDS } from './mails.ts';

test('a status has an order e-mail exactly when a move to it mails the shopper', () => {
  const mailed = ORDER_STATUSES.filter((to) =>
    ORDER_STATUSES.some((from) => transitionEffects(from, to)?.includes('mail')),
  );
  expect(Object.keys(ORDER_MAIL_KINDS).sort()).toEqual([...mailed].sort());
});
