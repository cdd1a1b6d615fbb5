import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { api as url, setupMswServer } from '../../testing/msw.ts';
import { customerState, setUser } from '../../stores/customer.ts';
import { ApiError, api, buildQueryString, onSessionEnded } from '../api-client.ts';

const server = setupMswServer();

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = null;
  customerState.guestCart.guestCartId = null;
});

describe('query strings', () => {
  test('nulls and undefined are skipped, arrays comma-joined, empty arrays dropped', () => {
    expect(
      buildQueryString({
        search: 'whey',
        brand: ['apex', 'titan'],
        flavor: [],
        minPrice: 0,
        inStock: true,
        maxPrice: null,
        sort: undefined,
      }),
    ).toBe('?search=whey&brand=apex%2Ctitan&minPrice=0&inStock=true');
    expect(buildQueryString({ a: null })).toBe('');
  });
});

describe('requests', () => {
  test('calls go to /api/v1 with cookies, JSON and the CSRF header on state changes', async () => {
    server.use(http.post(url('/coupon/request'), () => HttpResponse.json({ message: 'ok' })));
    const body = await api.post<{ message: string }>('/coupon/request', {
      body: { name: 'A', email: 'a@b.ca' },
    });
    expect(body.message).toBe('ok');
    const [request] = server.requests;
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('x-requested-with')).toBe('forge-storefront');
    expect(await request?.json()).toEqual({ name: 'A', email: 'a@b.ca' });
  });

  test('GET requests carry no CSRF header; the idempotency key travels as a header', async () => {
    server.use(
      http.get(url('/taxonomy/categories'), () => HttpResponse.json({ data: [] })),
      http.delete(url('/cart/items/i1'), () => HttpResponse.json({ success: true, data: {} })),
    );
    await api.get('/taxonomy/categories');
    await api.delete('/cart/items/i1', { idempotencyKey: 'key-1' });
    expect(server.requests[0]?.headers.get('x-requested-with')).toBeNull();
    expect(server.requests[1]?.headers.get('idempotency-key')).toBe('key-1');
    expect(server.requests[1]?.headers.get('x-requested-with')).toBe('forge-storefront');
  });

  test('errors become ApiError with status, server message and field errors', async () => {
    server.use(
      http.post(url('/user/auth/register'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'validation',
            message: 'Invalid input',
            errors: [{ path: 'body.email', message: 'Enter a valid email address' }],
          },
          { status: 400 },
        ),
      ),
      http.get(url('/broken'), () => new HttpResponse('oops', { status: 502 })),
      http.get(url('/offline'), () => HttpResponse.error()),
    );
    const error = await api.post('/user/auth/register', { body: {} }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Invalid input',
      fromServer: true,
    });
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Enter a valid email address' });

    const broken = await api.get('/broken').catch((err: unknown) => err);
    expect(broken).toMatchObject({ status: 502, code: null, fromServer: false });

    const offline = await api.get('/offline').catch((err: unknown) => err);
    expect(offline).toMatchObject({ status: 0, code: null, isNetworkError: true });
  });

  test('a code the contract does not know is no code; `is` narrows to the code’s fields', async () => {
    server.use(
      http.get(url('/strange'), () =>
        HttpResponse.json({ success: false, message: 'Hm', code: 'made_up' }, { status: 409 }),
      ),
      http.post(url('/orders'), () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Short',
            code: 'out_of_stock',
            lines: [{ variantId: 'v1', name: 'Whey', requested: 2, available: 1 }],
          },
          { status: 409 },
        ),
      ),
    );
    const strange = (await api.get('/strange').catch((err: unknown) => err)) as ApiError;
    expect(strange.code).toBeNull();
    const short = (await api
      .post('/orders', { body: {} })
      .catch((err: unknown) => err)) as ApiError;
    expect(short.is('out_of_stock') && short.body.lines[0]?.available).toBe(1);
    expect(short.is('cart_over_stock')).toBe(false);
  });

  test('`sign_in_required` ends the session here; a wrong password (`invalid_credentials`) does not', async () => {
    setUser({ _id: 'usr_1', name: 'Ann', email: 'ann@example.com', role: 'customer' });
    const ended: string[] = [];
    const stop = onSessionEnded(() => ended.push('ended'));
    server.use(
      http.patch(url('/user/auth/change-password'), () =>
        HttpResponse.json(
          { success: false, message: 'Wrong.', code: 'invalid_credentials' },
          { status: 401 },
        ),
      ),
      http.get(url('/user/profile/me'), () =>
        HttpResponse.json(
          { success: false, message: 'Please sign in.', code: 'sign_in_required' },
          { status: 401 },
        ),
      ),
    );
    await api.patch('/user/auth/change-password', { body: {} }).catch(() => undefined);
    expect(ended).toEqual([]);
    await api.get('/user/profile/me').catch(() => undefined);
    expect(ended).toEqual(['ended']);
    stop();
  });
});
