/**
 * MSW for component tests: `const server = setupMswServer()` at the top of a test file starts a
 * server for the file, resets handlers after each test and records every request it sees
 * (`server.requests`). Register answers with `server.use(http.get(api('/cart'), ...))`.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const api = (path: string) => `http://localhost:3000/api/v1${path}`;

export function setupMswServer() {
  const server = setupServer();
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return Object.assign(server, { requests });
}
