// Builds the Fastify application from its parts without listening, so tests drive it with inject()
// and server/main.ts serves it. Everything under /api answers in the envelope
// { isSuccess, data, message, errors }, errors included.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { join, posix } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import Fastify, { type FastifyError } from 'fastify';
import type { Envelope } from '../schemas/problems';
import { problems, type ProblemCode } from '../schemas/problems';
import { hasAnyRole, roleById, type RoleName } from '../schemas/roles';
import { ORGANIZATION_HEADER } from './access';
import { revocations } from './auth/revocations';
import { verifyAccessToken } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/database';
import type { App } from './envelope';
import { findMembership } from './db/queries/memberships';
import { fillDocument } from './fillDocument';
import { refuseHostileValues, requireBoundary } from './hostileInput';
import { clientErrorHandler, frameworkErrors, limitUrl } from './httpErrors';
import { BOT_CHECK_HEADER, type BotCheck } from './plugins/botCheck';
import type { Mailer } from './plugins/mail';
import { openStorage, type Storage } from './plugins/storage';
import { Problem, fromDatabaseError, problem } from './problems';
import { registerRoutes } from './routes';
import { subscriptionGateFor, type SubscriptionGate } from './services/subscriptionGate';
import healthRoutes from './routes/health';
import metricsRoutes from './routes/metrics';
import { createMetrics, type Metrics } from './plugins/metrics';
import { systemClock, type Clock } from './plugins/payments/clock';
import type { PaymentProvider } from './plugins/payments/provider';
import { createSandboxProvider } from './plugins/payments/sandbox';
import { createBilling, type Billing } from './services/billing';
import { capConnectionsPerAddress, serverTimeouts } from './security/connections';
import { registerSecurityHeaders } from './security/headers';
import { sharedCounts, type SharedCounts } from './security/sharedCounts';
import { checkResponses } from './responseCheck';
import { retryAfterOnUnavailable } from './security/retryAfter';
import { describeValidationError } from './validation-messages';
import { validatorCompiler } from './validators';
import openRosaRoutes from './routes/openrosa';
import { OPENROSA_PREFIX } from '../schemas/openrosa';
import type { OutboundPolicy } from './security/outbound';
import { createSurveyCache } from './services/surveyCache';
import { deliveryDepsOf, inProcessDeliveries } from './services/webhookDelivery';
import type { DeliveryQueue } from './services/webhooks';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  botCheck: BotCheck;
  /** Folder of the built front end; served with an SPA fallback when given. */
  webRoot?: string | undefined;
  logger?: boolean | { level: string };
  /** Queues an export job (pg-boss, plugins/jobs.ts); without it, jobs run in this process. */
  enqueueExport?: ((jobId: string) => Promise<void>) | undefined;
  /** The payment provider (plugins/payments); the sandbox when not given. */
  paymentProvider?: PaymentProvider | undefined;
  /** The billing clock; the wall clock when not given. Tests pass a clock they move. */
  clock?: Clock | undefined;
  /** Check every answer against its route's response schema (server/responseCheck.ts): the tests do. */
  checkResponses?: boolean | undefined;
  /** Where stored files live; the one config.fileStorage names when not given. */
  storage?: Storage | undefined;
  /** Queues webhook deliveries (pg-boss, plugins/jobs.ts); without it, they are sent in this process. */
  sendWebhooks?: ((deliveryIds: readonly string[]) => Promise<void>) | undefined;
  /** Tests: a shorter retry schedule of webhook deliveries, and where receivers' names resolve. */
  webhookSchedule?: readonly number[] | undefined;
  webhookResolve?: OutboundPolicy['resolve'] | undefined;
  webhookTimeoutMs?: number | undefined;
}

/** The server's type (./envelope.ts), here too for those that build it. */
export type { App } from './envelope';

export interface RouteInfo {
  method: string;
  url: string;
  access: unknown;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every /api route with its declared access and schemas: the tests walk it (bad input, isolation). */
    apiRoutes: RouteInfo[];
    /** Whether an organization's subscription lets it work; whatever changes a subscription calls forget(). */
    subscriptionGate: SubscriptionGate;
    /** Plans, subscriptions and payment on the configured provider (services/billing.ts). */
    billing: Billing;
    /** Stored files (plugins/storage.ts): every route that keeps or sends a file uses this one. */
    storage: Storage;
    /** The metrics registry and the counters routes add to (plugins/metrics.ts). */
    metrics: Metrics;
    /** Webhook deliveries: where events' deliveries are sent, and the address rules of receivers. */
    webhooks: { queue: DeliveryQueue; policy: OutboundPolicy };
    /** Rate-limit counts shared by every server process (security/sharedCounts.ts). */
    counts: SharedCounts;
  }
}

/** A refusal in the envelope, with the problem's stable code, which clients read instead of the message. */
function failure(code: ProblemCode, message: string, errors: string[], data: unknown = null): Envelope {
  return { isSuccess: false, data, message, errors, code };
}

// JSON bodies may be large enough to carry a 1 MB field, so an oversized field is a 400 naming it.
const BODY_LIMIT = 4 * 1024 * 1024;
const MAX_REPORTED_ERRORS = 100;
/** Under the web root, the compiled server (build/server.ts): never served. */
const SERVER_FILES = /^\/server(\/|$)/i;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // req.ip is what per-address limits count; behind a proxy it is the proxy's unless TRUST_PROXY names it.
    trustProxy: deps.config.trustProxy,
    // Unique across hosts and restarts, so a request id a user quotes finds one request's log lines.
    genReqId: () => randomUUID(),
    ...serverTimeouts(deps.config),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<JsonSchemaToTsProvider>();
  // JSON bodies are validated without type coercion, querystrings and paths with it (see validators.ts).
  app.setValidatorCompiler(validatorCompiler());

  app.decorate('deps', deps);
  const metrics = createMetrics(deps.database);
  app.decorate('metrics', metrics);
  // Every answer is counted under its declared route (bounded), or 'unmatched'; and says its request id,
  // which every log line of the request carries and a 5xx's envelope repeats.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  capConnectionsPerAddress(app.server, { max: deps.config.maxConnectionsPerAddress, exemptLoopback: true });
  await registerSecurityHeaders(app as unknown as App, deps.config);
  retryAfterOnUnavailable(app as unknown as App);
  app.decorate('apiRoutes', [] as RouteInfo[]);
  const clock = deps.clock ?? systemClock;
  // The gate and the billing know each other: a change of billing clears the gate's entry, and the gate
  // brings a period that ended up to date through the billing before judging it.
  const gate = subscriptionGateFor(
    deps.database.db,
    () => clock.now(),
    (id) => billing.sync(id),
  );
  const billing = createBilling({
    db: deps.database.db,
    provider: deps.paymentProvider ?? createSandboxProvider(),
    clock,
    changed: (id) => gate.forget(id),
  });
  app.decorate('subscriptionGate', gate);
  app.decorate('billing', billing);
  app.decorate('storage', deps.storage ?? openStorage(deps.config.fileStorage));
  const counts = sharedCounts(deps.database.db);
  app.decorate('counts', counts);
  app.addHook('onClose', () => counts.close());
  const delivery = deliveryDepsOf({
    db: deps.database.db,
    cache: createSurveyCache(),
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    allowPrivate: deps.config.webhookAllowPrivate,
    log: app.log,
    schedule: deps.webhookSchedule,
    resolve: deps.webhookResolve,
    timeoutMs: deps.webhookTimeoutMs,
  });
  if (deps.sendWebhooks) {
    const send = deps.sendWebhooks;
    const queue: DeliveryQueue = {
      send: (ids) =>
        ids.length
          ? send(ids).catch((err: unknown) => app.log.error({ err }, 'webhook deliveries not queued; the sweep will'))
          : Promise.resolve(),
    };
    app.decorate('webhooks', { queue, policy: delivery.policy });
  } else {
    const local = inProcessDeliveries(delivery);
    app.decorate('webhooks', { queue: local, policy: delivery.policy });
    app.addHook('onClose', () => local.close());
  }
  app.decorateRequest('caller', null);
  if (deps.checkResponses) checkResponses(app as unknown as App);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    if (route.config?.access === undefined) throw new Error(`Route ${route.method} ${url} declares no access`);
    // The client and the screens call what schemas/ declares: a route registered past the table is one they cannot see.
    if (route.config.endpoint === undefined)
      throw new Error(`Route ${route.method} ${url} is not registered from a declaration (server/route.ts)`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url, access: route.config.access, schema: route.schema as RouteInfo['schema'] });
    }
  });

  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof Problem) {
      // A refusal that ends by itself says when (RFC 9110 Retry-After), for clients and proxies alike.
      const retryAfter = (err.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (typeof retryAfter === 'number' && Number.isFinite(retryAfter))
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
      return reply.status(err.status).send(failure(err.code, err.message, err.errors, err.data));
    }
    if (err.validation) {
      // Every error of a 1,000-item list is still too many to read; the first ones say what is wrong.
      const errors = err.validation.slice(0, MAX_REPORTED_ERRORS).map((e) => describeValidationError(e, err.validationContext));
      return reply.status(400).send(failure('validation', problems.validation.message, errors));
    }
    const fromDb = fromDatabaseError(err);
    if (fromDb) return reply.status(fromDb.status).send(failure(fromDb.code, fromDb.message, fromDb.errors));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send(failure('payloadTooLarge', problems.payloadTooLarge.message, [problems.payloadTooLarge.message]));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, unsupported content types, multipart limits: the caller's fault, said plainly.
      const invalidJson =
        err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
      const message = invalidJson ? problems.invalidJson.message : err.message;
      return reply.status(400).send(failure(invalidJson ? 'invalidJson' : 'badRequest', message, [message]));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ ...failure('internal', problems.internal.message, [problems.internal.message]), requestId: req.id });
  });

  const fillPage = fillDocument(deps.webRoot ?? '.');
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // A missing built asset is a 404, not the app's page: a browser would try to run HTML as script.
    const isAsset = /^\/assets\/|\.(js|css|map|png|svg|ico|webmanifest|woff2?)$/i.test(path);
    if (path.toLowerCase().startsWith('/api') || !deps.webRoot || isAsset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(failure('routeNotFound', problems.routeNotFound.message, [problems.routeNotFound.message]));
    }
    // A survey link's page names the fill page's files up front (fillDocument.ts).
    if (/^\/public-survey(\/|$)/i.test(path)) {
      return fillPage().then((html) => reply.type('text/html').header('cache-control', 'no-cache').send(html));
    }
    // The SPA decides what an unknown page shows (its own 404 and 500 pages).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  // Before the access check, so that an oversized address is a 414 whoever sends it.
  app.addHook('onRequest', limitUrl);
  app.addHook('preParsing', requireBoundary);
  app.addHook('preValidation', refuseHostileValues);

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === undefined) return; // static files and the not-found handler
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const signed = token ? await verifyAccessToken(deps.config.jwtSecret, token) : undefined;
    // A signed token of a session that has ended (logout) counts as no token at all.
    const claims = signed && !(await revocations(deps.database.db).isRevoked(signed.familyId)) ? signed : undefined;
    if (access === 'public') {
      if (claims) req.caller = { ...claims, roles: [] };
      return;
    }
    if (!claims) throw problem('unauthorized');
    req.caller = { ...claims, roles: [] };
    if (access === 'user') return;

    const organizationId = req.headers[ORGANIZATION_HEADER];
    if (typeof organizationId !== 'string' || organizationId === '') throw problem('organizationRequired');
    const membership = await findMembership(deps.database.db, claims.userId, organizationId);
    if (!membership) throw problem('organizationForbidden');
    if (membership.organizationDeactivated) throw problem('organizationDeactivated');
    const role = roleById(membership.roleId)?.name as RoleName | undefined;
    const roles = role ? [role] : [];
    if (!hasAnyRole(roles, access)) throw problem('forbidden');
    await app.subscriptionGate.require(organizationId, req.routeOptions.config);
    req.caller = { ...claims, organizationId, memberId: membership.memberId, roles };
  });

  app.addHook('preHandler', async (req) => {
    const action = req.routeOptions.config.botCheck;
    if (!action) return;
    const header = req.headers[BOT_CHECK_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (!(await deps.botCheck.verify(value, action))) throw problem(value ? 'botCheckFailed' : 'botCheckRequired');
  });

  // API replies over 1 KiB travel compressed (survey JSON of hundreds of questions shrinks ~10x). Brotli at
  // quality 4: on the fly, its higher levels cost more CPU than they save bytes. The front end's files
  // are compressed once at build time (vite.config.ts) and served as they are (preCompressed below).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1000 * 1000, files: 20, fields: 5000, fieldSize: 100_000 } });
  await app.register(registerRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(metricsRoutes, { prefix: '/api' });
  await app.register(openRosaRoutes, { prefix: OPENROSA_PREFIX });

  if (deps.webRoot && existsSync(join(deps.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: deps.webRoot,
      // Files are looked up per request, so a front end rebuilt while the server runs is served whole.
      wildcard: true,
      // The .br and .gz files written beside each asset at build time, by the browser's Accept-Encoding.
      preCompressed: true,
      // Off, or @fastify/static's own 'public, max-age=0' replaces the headers set just below.
      cacheControl: false,
      // The compiled server lives in dist/server/ beside the front end; it is not the front end's to serve.
      allowedPath: (pathName) => !SERVER_FILES.test(posix.normalize(`/${pathName}`)),
      // Hashed assets never change; index.html and the service worker must always be revalidated.
      setHeaders: (res, path) => {
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain bytes: a shared cache must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  return app as unknown as App;
}
