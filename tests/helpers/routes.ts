import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../contract/http.ts';

/**
 * Every route the app has under `API_BASE_PATH + prefix`, as "METHOD /path" (below the base
 * path), read from Fastify's route tree, so a route added later shows up by itself.
 */
export function apiRoutes(app: FastifyInstance, prefix = ''): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = path;
    if (!path.startsWith(`${API_BASE_PATH}${prefix}`)) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      found.push(`${method} ${path.slice(API_BASE_PATH.length)}`);
    }
  }
  return found.sort();
}
