import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { api as url, setupMswServer } from '../../testing/msw.ts';
import { api, setRequestLocale } from '../api-client.ts';

const server = setupMswServer();

test('every request names the document’s language once it is set, and a caller may override it', async () => {
  server.use(
    http.get(url('/taxonomy/categories'), () => HttpResponse.json({ data: [] })),
    http.post(url('/orders'), () => HttpResponse.json({ success: true })),
  );
  setRequestLocale('fr-CA');
  await api.get('/taxonomy/categories');
  await api.post('/orders', { body: {}, idempotencyKey: 'k' });
  await api.get('/taxonomy/categories', { headers: { 'accept-language': 'en-CA' } });
  expect(server.requests.map((request) => request.headers.get('accept-language'))).toEqual([
    'fr-CA',
    'fr-CA',
    'en-CA',
  ]);
});
