import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ADDRESS,
  ORDER_PAYMENT_WINDOW_MS,
} from '../contract/checkout-rules.ts';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** One origin such as https://shop.example.com: scheme, host and port only, no path. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * Addresses (IPs, CIDRs, or loopback / linklocal / uniquelocal) of reverse proxies whose
   * X-Forwarded-For is believed. Empty (the default) ignores the header, so a client cannot pick
   * the address that rate limits count against.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const [address = '', bits] = entry.split('/');
        const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
        const family = isIP(address);
        const bitsOk =
          bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
        if (!named && (!family || !bitsOk)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an IP address, CIDR or loopback`,
          });
        }
      }
      return entries;
    }),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Forge Nutrition <no-reply@forgenutrition.local>'),
  /**
   * The bearer token a Prometheus scraper sends to read GET /metrics; without it there are no
   * metrics (the address answers 404).
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(24, 'must be at least 24 characters (a random secret)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * With METRICS_TOKEN: counts the SQL statements each request sends (forge_db_statements_total).
   * Tracking each request's asynchronous context costs CPU: for measuring, off by default.
   */
  COUNT_DB_STATEMENTS: z
    .enum(['', '0', '1', 'false', 'true'], { message: 'must be 1 or 0' })
    .default('')
    .transform((value) => value === '1' || value === 'true'),
  /** How often the mail worker looks for due messages; 0 = only when asked (tests). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** Wait before the first retry of a failed e-mail; doubles on each further attempt. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Where contact messages and consultation bookings are notified. */
  SHOP_CONTACT_EMAIL: z.email('must be an e-mail address').default('hello@forgenutrition.local'),
  STOREFRONT_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!isOrigin(origin)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${origin}" is not an origin like https://shop.example.com`,
          });
        }
      }
      return origins;
    }),
  /**
   * Where links in e-mail (password reset and the like) point. Never taken from a request's Host
   * header, which the sender of the request chooses.
   */
  PUBLIC_ORIGIN: optionalText.refine((value) => value === undefined || isOrigin(value), {
    message: 'must be an origin like https://shop.example.com (no path, no trailing slash)',
  }),
  VITE_API_ORIGIN: optionalUrl(['http:', 'https:']),
  /** How long an order may wait for payment before it is cancelled and its stock released. */
  ORDER_PAYMENT_WINDOW_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000')
    .max(7 * 24 * 3_600_000, 'must be at most a week')
    .default(ORDER_PAYMENT_WINDOW_MS),
  /**
   * How many orders awaiting payment one account, and one client address, may hold at once (their
   * stock is held until paid or expired). A load test placing orders without paying lifts them.
   */
  UNPAID_ORDERS_PER_ACCOUNT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(MAX_UNPAID_ORDERS_PER_ACCOUNT),
  UNPAID_ORDERS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(MAX_UNPAID_ORDERS_PER_ADDRESS),
  /**
   * How often the order jobs run (cancelling unpaid orders, retrying stored webhooks, reconciling
   * payments); 0 = only when asked (tests).
   */
  ORDER_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /**
   * Where the Stripe SDK sends its API calls instead of https://api.stripe.com (a local stand-in
   * in tests, e.g. http://127.0.0.1:12111). Unset in production.
   */
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  VITE_STRIPE_PUBLISHABLE_KEY: optionalText,
  SHOP_ADMIN_EMAIL: z
    .email('must be an e-mail address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHOP_ADMIN_PASSWORD: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** How long a server-rendered page is reused at most (a catalog change drops it sooner); 0: never. */
  PAGE_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600')
    .default(60),
  /** How long search answers are reused; 0 turns the cache off. */
  SEARCH_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600')
    .default(30),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute path of the data directory. */
  dataDir: string;
  /** Absolute path of the built PWA. */
  distDir: string;
  /** Origin of the links the shop e-mails: PUBLIC_ORIGIN, the first storefront, or (outside
   * production) the server's own listen address. */
  publicOrigin: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  if (config.SHOP_ADMIN_EMAIL && !config.SHOP_ADMIN_PASSWORD) {
    throw new ConfigError(['SHOP_ADMIN_PASSWORD: is required when SHOP_ADMIN_EMAIL is set']);
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set']);
  }
  const publicOrigin = config.PUBLIC_ORIGIN ?? config.STOREFRONT_ORIGINS[0];
  if (!publicOrigin && config.NODE_ENV === 'production') {
    throw new ConfigError([
      'PUBLIC_ORIGIN: is required in production (set it to the address shoppers open, like https://shop.example.com, so links in e-mail point there)',
    ]);
  }
  return {
    ...config,
    publicOrigin: publicOrigin ?? listenOrigin(config.HOST, config.PORT),
    dataDir: path.resolve(cwd, config.DATA_DIR),
    distDir: path.resolve(cwd, 'dist'),
  };
}

/** The server's own address as a browser would open it: a wildcard host means this machine. */
export function listenOrigin(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '[::]'].includes(host)
    ? 'localhost'
    : isIP(host) === 6
      ? `[${host}]`
      : host;
  return new URL(`http://${name}:${port}`).origin;
}
