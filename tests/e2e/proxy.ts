/**
 * A pass-through proxy in front of the shop, for browser tests that need an answer the shop never
 * gives (an outsized image, a 503, a new build): `answer(url, reply)` serves that path and query
 * itself, `intercept(pick)` serves whatever request `pick` returns a reply for, and every other
 * request goes to the shop unchanged. `hits(url)` counts the requests that reached the proxy for a
 * path and query, answered here or upstream.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { freePort } from './shop.ts';

type Reply = (res: ServerResponse) => void;

export interface ShopProxy {
  baseURL: string;
  answer(url: string, reply: Reply): void;
  /** Replies to the requests `pick` returns a reply for (after the `answer` ones). */
  intercept(pick: (req: IncomingMessage) => Reply | undefined): void;
  hits(url: string): number;
  close(): Promise<void>;
}

export async function startProxy(upstreamBaseURL: string): Promise<ShopProxy> {
  const upstreamPort = Number(new URL(upstreamBaseURL).port);
  const overrides = new Map<string, Reply>();
  let picks: ((req: IncomingMessage) => Reply | undefined)[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    counts.set(url, (counts.get(url) ?? 0) + 1);
    const override =
      overrides.get(url) ??
      picks.reduce<Reply | undefined>((found, pick) => found ?? pick(req), undefined);
    if (override) {
      req.resume();
      override(res);
      return;
    }
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        path: url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    answer: (url, reply) => void overrides.set(url, reply),
    intercept: (pick) => void (picks = [...picks, pick]),
    hits: (url) => counts.get(url) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
