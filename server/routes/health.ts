// GET /api/health for load balancers and orchestrators: 200 when this process can serve (it answers,
// its database answers, and the job queue is running somewhere), 503 otherwise, in the envelope. It
// says which of the three failed and nothing more: no versions, hosts, timings or error texts.
import { HEALTH_API } from '../../schemas/account';
import { sql } from 'kysely';
import { ok, type App } from '../envelope';
import { problem } from '../problems';
import { routeOf } from '../route';

/** A check that does not answer within this time has failed: a balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 3000;
/**
 * pg-boss stamps `cron_on` every 30 s (cronMonitorIntervalSeconds) while a scheduler runs, in whichever
 * process runs the jobs (the primary); every process reads the stamp, so a worker reports the queue too.
 */
const QUEUE_STALE_AFTER_SECONDS = 90;

type Check = 'database' | 'queue';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('check timed out')), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function failedChecks(app: App): Promise<Check[]> {
  const db = app.deps.database.db;
  try {
    await within(sql`select 1`.execute(db), CHECK_TIMEOUT_MS);
  } catch {
    return ['database', 'queue'];
  }
  try {
    const r = await within(
      sql<{
        fresh: boolean;
      }>`select cron_on > now() - make_interval(secs => ${QUEUE_STALE_AFTER_SECONDS}) as fresh from pgboss.version`.execute(db),
      CHECK_TIMEOUT_MS,
    );
    return r.rows[0]?.fresh === true ? [] : ['queue'];
  } catch {
    // No pg-boss schema yet, or the query failed: either way no queue is known to run.
    return ['queue'];
  }
}

export default async function healthRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(HEALTH_API.health),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const failed = await failedChecks(app);
      if (failed.length) throw problem('serviceUnavailable', { errors: failed.map((c) => `${c} unavailable`) });
      return ok({ status: 'ok' as const });
    },
  });
}
