import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import metrics from './plugins/metrics.ts';
import { logAnswer, loggerOptions, type LogDestination } from './lib/logging.ts';
import { SERVER_TIMEOUTS, timeoutOptions, type ServerTimeouts } from './lib/timeouts.ts';
import { apiModules } from './modules/index.ts';
import mail from './modules/mail/plugin.ts';
import { orderMails } from './modules/orders/mails.ts';
import orderLifecycleJobs from './modules/orders/jobs.ts';
import orderJobs from './modules/payments/jobs.ts';
import payments from './modules/payments/plugin.ts';
import seoRoutes from './modules/seo/routes.ts';
import { stockAlertMails } from './modules/stock-alerts/service.ts';
import catalogChanges from './plugins/catalog-changes.ts';
import answerLanguage from './plugins/answer-language.ts';
import cachePolicy from './plugins/cache-policy.ts';
import errors, { MAX_PATH_PARAM_LENGTH, frameworkErrors } from './plugins/errors.ts';
import health from './plugins/health.ts';
import input, { validatorCompiler } from './plugins/input.ts';
import openapi, { openApiRoute } from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import security from './plugins/security.ts';
import sessions from './plugins/sessions.ts';
import staticFiles from './plugins/static.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the log lines go (standard output by default); ignored when `logger` is given. */
  logStream?: LogDestination;
  /** Limits on slow or idle clients (tests shorten them). */
  timeouts?: ServerTimeouts;
}

/** Builds the whole shop — API and PWA — as one Fastify instance, without listening. */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  timeouts = SERVER_TIMEOUTS,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...timeoutOptions(timeouts),
    logger: logger ?? loggerOptions(config.LOG_LEVEL, logStream),
    // One line per request, written when the answer has gone (logAnswer, below), instead of
    // Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY.join(',') : false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  // Hooks on every request take a callback rather than being async: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logAnswer(request, reply);
    done();
  });

  const crossSite = config.STOREFRONT_ORIGINS.some(
    (origin) => !sameSite(origin, config.VITE_API_ORIGIN),
  );
  await app.register(errors);
  await app.register(input);
  await app.register(metrics, {
    database,
    token: config.METRICS_TOKEN,
    countStatements: config.COUNT_DB_STATEMENTS,
  });
  await app.register(security, {
    apiPrefix: API_PREFIX,
    storefrontOrigins: config.STOREFRONT_ORIGINS,
    apiOrigin: config.VITE_API_ORIGIN,
    crossSite,
  });
  await app.register(cachePolicy, { prefix: API_PREFIX });
  await app.register(answerLanguage);
  await app.register(openapi);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(sessions, { db: database.db, crossSite });
  await app.register(rateLimit, { redisUrl: config.REDIS_URL });
  await app.register(health, { database });
  await app.register(catalogChanges, { database });
  await app.register(mail);
  await app.register(orderMails);
  await app.register(stockAlertMails);
  await app.register(payments);
  await app.register(orderJobs);
  await app.register(orderLifecycleJobs);
  await app.register(
    async (api) => {
      await api.register(openApiRoute);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: API_PREFIX },
  );
  await app.register(seoRoutes);
  await app.register(staticFiles, { distDir: config.distDir });
  return app;
}

/** Whether a storefront origin shares a registrable site with the API (cookies stay SameSite=Lax). */
function sameSite(origin: string, apiOrigin: string | undefined): boolean {
  if (!apiOrigin) return true;
  const site = (value: string) => new URL(value).hostname.split('.').slice(-2).join('.');
  return site(origin) === site(apiOrigin);
}
