// The server's metrics in Prometheus' text format (GET /api/metrics, routes/metrics.ts), from one
// registry per app: requests by route and status with their latencies, submissions stored, the job
// queue's depth and failures, webhook deliveries waiting and failed, the worker pools' use and the
// database pool's connections, besides Node's own process metrics. Routes are labelled by their
// declared path (`/DataCollection/getSubmissionById/:id`), never by the address asked for, so an
// attacker cannot grow the label set. Each process counts its own: with WORKERS above 1, scrape each.
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { workerPoolStats } from '../workers/pool';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  submissions: Counter<'via'>;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fieldsurvey_' });
  const requests = new Counter({
    name: 'fieldsurvey_http_requests_total',
    help: 'HTTP requests answered, by method, declared route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'fieldsurvey_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and declared route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'fieldsurvey_submissions_stored_total',
    help: 'Submissions stored by this process (repeats of stored ones not counted), by the way they came.',
    labelNames: ['via'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'fieldsurvey_jobs',
    help: 'Jobs of the job queue by queue and state: created and retry are waiting, active are running, failed failed.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // The queue's own table: absent until the job queue first starts (an app without it, the tests).
      try {
        const { rows } = await sql<{ name: string; state: string; n: number }>`
          select name, state::text as state, count(*)::int as n from pgboss.job
           where state in ('created', 'retry', 'active', 'failed') group by 1, 2`.execute(database.db);
        for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
      } catch {
        // No queue yet: no series.
      }
    },
  });
  new Gauge({
    name: 'fieldsurvey_webhook_deliveries',
    help: 'Webhook deliveries still pending, and those that failed for good, over all organizations.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await sql<{ status: string; n: number }>`
        select status, count(*)::int as n from webhook_deliveries where status in ('pending', 'failed') group by 1`.execute(database.db);
      for (const status of ['pending', 'failed']) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'fieldsurvey_worker_threads',
    help: 'Worker threads of each pool (shared: XForms, imports; exports), started and busy, and tasks waiting for one.',
    labelNames: ['pool', 'kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const p of workerPoolStats()) {
        this.set({ pool: p.pool, kind: 'threads' }, p.threads);
        this.set({ pool: p.pool, kind: 'utilization' }, p.utilization);
        this.set({ pool: p.pool, kind: 'queued' }, p.queued);
      }
    },
  });
  new Gauge({
    name: 'fieldsurvey_database_connections',
    help: 'Connections of the PostgreSQL pool: all, idle, and requests waiting for one (the embedded database has one, always).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const s = database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ kind: 'total' }, s.total);
      this.set({ kind: 'idle' }, s.idle);
      this.set({ kind: 'waiting' }, s.waiting);
    },
  });
  return { registry, requests, latency, submissions };
}
