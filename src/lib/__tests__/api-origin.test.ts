/**
 * Where the API client sends its calls (README `VITE_API_ORIGIN`): same origin by
 * default, the configured origin when the PWA is built for a separate API host — always under
 * /api/v1 and always with cookies. The origin is read when the module loads, so each case imports
 * a fresh copy of it.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setupMswServer } from '../../testing/msw.ts';

const server = setupMswServer();
const API_HOST = 'https://api.forge.example';

async function freshClient(apiOrigin?: string) {
  vi.resetModules();
  if (apiOrigin !== undefined) vi.stubEnv('VITE_API_ORIGIN', apiOrigin);
  return import('../api-client.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the API origin', () => {
  test('without VITE_API_ORIGIN calls go to /api/v1 on the page’s own origin', async () => {
    const { api, apiUrl } = await freshClient();
    expect(apiUrl('/taxonomy/categories')).toBe('/api/v1/taxonomy/categories');
    server.use(
      http.get(`${location.origin}/api/v1/taxonomy/categories`, () => HttpResponse.json([])),
    );
    await api.get('/taxonomy/categories');
    const [request] = server.requests;
    expect(new URL(request!.url).origin).toBe(location.origin);
    expect(request?.credentials).toBe('include');
  });

  test('with VITE_API_ORIGIN calls go to /api/v1 on that host, cookies included', async () => {
    // A trailing slash in the setting must not double the one before /api/v1.
    const { api, apiUrl } = await freshClient(`${API_HOST}/`);
    expect(apiUrl('/search/suggest', { q: 'whey' })).toBe(
      `${API_HOST}/api/v1/search/suggest?q=whey`,
    );
    server.use(
      http.get(`${API_HOST}/api/v1/taxonomy/categories`, () => HttpResponse.json([])),
      http.post(`${API_HOST}/api/v1/user/auth/login`, () =>
        HttpResponse.json({ success: true, message: 'ok', user: {} }),
      ),
    );
    await api.get('/taxonomy/categories');
    await api.post('/user/auth/login', { body: { email: 'a@b.ca', password: 'x' } });
    expect(server.requests.map((request) => request.url)).toEqual([
      `${API_HOST}/api/v1/taxonomy/categories`,
      `${API_HOST}/api/v1/user/auth/login`,
    ]);
    for (const request of server.requests) expect(request.credentials).toBe('include');
  });
});
