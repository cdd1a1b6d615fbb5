import type { FastifyBaseLogger } from 'fastify';

export interface LogLine {
  level: string;
  msg: string;
  data: Record<string, unknown>;
}

/** A logger that keeps what it is given (level, message, fields), for tests of log lines. */
export function captureLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (first?: unknown, second?: unknown): void => {
      if (typeof first === 'string') lines.push({ level, msg: first, data: {} });
      else lines.push({ level, msg: String(second ?? ''), data: (first ?? {}) as LogLine['data'] });
    };
  const log = {
    level: 'trace',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}
