// GET /api/metrics (schemas/account.ts METRICS_API, plugins/metrics.ts): Prometheus scrapes it with the
// METRICS_TOKEN setting as a bearer token. Without the setting the route is not found, as if it did not
// exist; a wrong token is refused and counted per address, like every other secret that can be guessed.
import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_API } from '../../schemas/account';
import { hit } from '../db/queries/rateLimits';
import type { App } from '../envelope';
import { problem } from '../problems';
import { routeOf } from '../route';

/** Wrong tokens one address may send per 15 minutes. */
const FAILURES_PER_ADDRESS = 30;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export default async function metricsRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(METRICS_API.metrics),
    handler: async (req, reply) => {
      const token = app.deps.config.metricsToken;
      if (!token) throw problem('notFound');
      const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      // Compared as digests: the same length whatever was sent, in constant time.
      if (!timingSafeEqual(digest(given), digest(token))) {
        if (!(await hit(app.deps.database.db, `metrics-auth:${req.ip}`, FAILURES_PER_ADDRESS, 900))) throw problem('tooManyRequests');
        throw problem('unauthorized', { message: 'The metrics token is missing or wrong.' });
      }
      const text = await app.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
    },
  });
}
