import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SAVED_ADDRESSES_MAX, type SavedAddress } from '../../contract/orders.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { cartCall } from './cart-fixtures.ts';
import { TORONTO } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_POLL_INTERVAL_MS: '0', ORDER_JOBS_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

async function create(shopper: SignedIn, body: object) {
  const res = await cartCall(t.app, 'POST', '/user/addresses', shopper, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedAddress;
}

async function list(shopper: SignedIn) {
  const res = await cartCall(t.app, 'GET', '/user/addresses', shopper);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SavedAddress[];
}

describe('saved addresses', () => {
  test('signed out: every address route answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/user/addresses'],
      ['POST', '/user/addresses'],
      ['PATCH', '/user/addresses/addr_x'],
      ['DELETE', '/user/addresses/addr_x'],
    ] as const) {
      const res = await cartCall(t.app, method, path, {}, method === 'GET' ? undefined : TORONTO);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  test('create stores the canonical address; the first is the default', async () => {
    const shopper = await registerUser(t.app);
    const first = await create(shopper, TORONTO);
    expect(first).toMatchObject({
      name: 'Maya Chen',
      province: 'ON',
      postalCode: 'M5H 2N2',
      country: 'CA',
      phone: '416-555-0123',
      isDefault: true,
    });
    const second = await create(shopper, { ...TORONTO, name: 'Work', line2: 'Suite 4' });
    expect(second).toMatchObject({ name: 'Work', line2: 'Suite 4', isDefault: false });
    expect((await list(shopper)).map((a) => a.id)).toEqual([first.id, second.id]);
  });

  test('a bad address is refused with the field named', async () => {
    const shopper = await registerUser(t.app);
    const res = await cartCall(t.app, 'POST', '/user/addresses', shopper, {
      ...TORONTO,
      postalCode: '90210',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('postalCode');
  });

  test('a postal code from another province is refused, on create and on PATCH', async () => {
    const shopper = await registerUser(t.app);
    const MONTREAL_IN_ALBERTA =
      'Postal code H3B 1B2 is in Quebec, not Alberta. Check the postal code or the province.';
    const created = await cartCall(t.app, 'POST', '/user/addresses', shopper, {
      ...TORONTO,
      province: 'AB',
      postalCode: 'h3b 1b2',
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual([
      { path: 'body.postalCode', message: MONTREAL_IN_ALBERTA },
    ]);
    const saved = await create(shopper, TORONTO);
    // The province alone changed: the stored Toronto code no longer fits it.
    const patched = await cartCall(t.app, 'PATCH', `/user/addresses/${saved.id}`, shopper, {
      province: 'QC',
    });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(patched.json().errors).toEqual([
      {
        path: 'body.postalCode',
        message:
          'Postal code M5H 2N2 is in Ontario, not Quebec. Check the postal code or the province.',
      },
    ]);
    expect((await list(shopper))[0]).toMatchObject({ province: 'ON', postalCode: 'M5H 2N2' });
    // Both together, consistent: accepted.
    const moved = await cartCall(t.app, 'PATCH', `/user/addresses/${saved.id}`, shopper, {
      province: 'QC',
      postalCode: 'H3B 1B2',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  test('PATCH changes only the given fields; line2 null clears it', async () => {
    const shopper = await registerUser(t.app);
    const a = await create(shopper, { ...TORONTO, line2: 'Apt 9' });
    let res = await cartCall(t.app, 'PATCH', `/user/addresses/${a.id}`, shopper, {
      city: 'Ottawa',
      postalCode: 'k1a0b1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Ottawa',
      postalCode: 'K1A 0B1',
      line1: TORONTO.line1,
      line2: 'Apt 9',
    });
    res = await cartCall(t.app, 'PATCH', `/user/addresses/${a.id}`, shopper, { line2: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.line2).toBeUndefined();
  });

  test('make-default moves the one default; the database keeps only one', async () => {
    const shopper = await registerUser(t.app);
    const a = await create(shopper, TORONTO);
    const b = await create(shopper, { ...TORONTO, name: 'B' });
    const c = await create(shopper, { ...TORONTO, name: 'C', isDefault: true });
    expect((await list(shopper)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([c.id]);
    // Two make-defaults at once: both succeed one after the other; one default remains.
    const [r1, r2] = await Promise.all([
      cartCall(t.app, 'PATCH', `/user/addresses/${a.id}`, shopper, { isDefault: true }),
      cartCall(t.app, 'PATCH', `/user/addresses/${b.id}`, shopper, { isDefault: true }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const defaults = (await list(shopper)).filter((x) => x.isDefault);
    expect(defaults).toHaveLength(1);
    // The default is listed first.
    expect((await list(shopper))[0]!.isDefault).toBe(true);
  });

  test('deleting the default makes the oldest remaining address the default', async () => {
    const shopper = await registerUser(t.app);
    const a = await create(shopper, TORONTO);
    const b = await create(shopper, { ...TORONTO, name: 'B' });
    const res = await cartCall(t.app, 'DELETE', `/user/addresses/${a.id}`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: b.id, isDefault: true })]);
  });

  test("another shopper's address id answers 404 and changes nothing", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const a = await create(owner, TORONTO);
    for (const [method, body] of [
      ['PATCH', { city: 'Hacked' }],
      ['PATCH', { isDefault: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await cartCall(t.app, method, `/user/addresses/${a.id}`, other, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect(await list(owner)).toEqual([a]);
    expect(await list(other)).toEqual([]);
    const missing = await cartCall(t.app, 'DELETE', '/user/addresses/addr_nope', owner);
    expect(missing.statusCode).toBe(404);
  });

  test(`at most ${SAVED_ADDRESSES_MAX} addresses per shopper`, async () => {
    const shopper = await registerUser(t.app);
    for (let i = 0; i < SAVED_ADDRESSES_MAX; i++)
      await create(shopper, { ...TORONTO, name: `N${i}` });
    const res = await cartCall(t.app, 'POST', '/user/addresses', shopper, TORONTO);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(String(SAVED_ADDRESSES_MAX));
    expect(await list(shopper)).toHaveLength(SAVED_ADDRESSES_MAX);
  });
});
