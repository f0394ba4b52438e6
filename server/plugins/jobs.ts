// Scheduled work on the same database: pg-boss 10, on PostgreSQL and on embedded PGlite alike: the daily
// purge of recycle-bin items deleted more than 60 days ago (spec 000 section 9), of expired export
// files, of stored files whose rows went and of old rate-limit windows, the rounds of recurring tasks, looked at every 15 minutes, and the export jobs of
// survey data (services/exportJobs.ts); later areas add theirs (trial ends, reminders) next to them. The
// processes of a multi-process server that do not run jobs still queue them (`work: false`): pg-boss
// without its supervisor, schedules or workers.
//
// pg-boss is given our database instead of its own pool. Every statement goes through Kysely's
// connection handling: on PGlite, which has a single connection, that queue is what keeps a pg-boss
// statement (some are whole BEGIN ... COMMIT scripts) from landing inside a request's open transaction.
// Scripts of several statements cannot be prepared, so they run through `exec` while the connection
// is held.
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { purgeOldWindows } from '../db/queries/rateLimits';
import { purgeExpired } from '../db/queries/recycleBin';
import { runDueRounds } from '../services/taskRounds';

export const EXPORT_QUEUE = 'survey-data-export';

const RATE_WINDOW_KEEP_MS = 24 * 3600 * 1000;
export const PURGE_QUEUE = 'recycle-bin-purge';
/** Daily, at a quiet hour in UTC. Any number of servers may schedule it: pg-boss runs it once. */
export const PURGE_CRON = '17 3 * * *';
export const ROUNDS_QUEUE = 'task-rounds';
/** Rounds fall at the time of day of their first round; a quarter of an hour late at most. */
export const ROUNDS_CRON = '*/15 * * * *';

/**
 * The sandbox's billing run (renewals, trial ends, cancellations that fall due) and the payment-method
 * reminders, every 5 minutes: a period that ended is billed within minutes, as Stripe's webhooks would
 * tell us, and a reminder goes out on its day (each once, billing_reminders).
 */
export const BILLING_QUEUE = 'billing-run';
export const BILLING_CRON = '*/5 * * * *';

/** Webhook deliveries (services/webhookDelivery.ts), each attempt a job; a failed one queues its retry. */
export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Deliveries due whose job went missing (a host that died between its commit and its queueing). */
export const WEBHOOK_SWEEP_QUEUE = 'webhook-sweep';
export const WEBHOOK_SWEEP_CRON = '* * * * *';
/** Deliveries one fetch takes, sent side by side: a slow receiver holds its batch up to its timeout. */
const WEBHOOK_BATCH = 25;
/** Fetch loops per process: two batches in flight, so one slow receiver does not stall the others. */
const WEBHOOK_LOOPS = 2;
/**
 * How often the loops look for due deliveries (retries, other processes' events): this process's own
 * events wake them at once, so the database is not asked every second for nothing.
 */
const WEBHOOK_POLL_SECONDS = 5;

export interface JobsLog {
  info(message: string): void;
  error(obj: unknown, message?: string): void;
}

export interface Jobs {
  /** Queues a purge now, as the schedule would (operators, tests). */
  purgeNow(): Promise<string | null>;
  /** Queues a look for due task rounds now. */
  roundsNow(): Promise<string | null>;
  /** Queues an export job (its row in export_jobs is written already). */
  enqueueExport(jobId: string): Promise<void>;
  /** Queues attempts of webhook deliveries (their rows are written already). */
  sendWebhooks(deliveryIds: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunners {
  /** Runs one export job to its end (services/exportJobs.ts runExportJob). */
  runExport(jobId: string): Promise<void>;
  /** Removes expired exports and their files; returns how many. */
  purgeExports(): Promise<number>;
  /** Removes the stored files whose rows went (services/removedFiles.ts); returns how many. */
  purgeFiles?(): Promise<number>;
  /** Bills the periods that ended and sends the reminders due; returns a line for the log. */
  runBilling?(): Promise<string>;
  /** One attempt at a webhook delivery: seconds until its retry, or null when none is due. */
  attemptWebhook?(deliveryId: string): Promise<number | null>;
  /** Deliveries due that no job holds (the sweep). */
  dueWebhooks?(): Promise<string[]>;
}

const severalStatements = (text: string) => /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));

export function bossDatabase(database: Database): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      database.db.connection().execute(async (conn) => {
        if ((!values || values.length === 0) && severalStatements(text)) {
          await database.exec(text);
          return { rows: [] };
        }
        const r = await conn.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: [...r.rows] };
      }),
  };
}

export async function startJobs(
  database: Database,
  log: JobsLog,
  opts: { pollingIntervalSeconds?: number; runners?: JobRunners; work?: boolean } = {},
): Promise<Jobs> {
  const work = opts.work !== false;
  const boss = new PgBoss({
    db: bossDatabase(database),
    schema: 'pgboss',
    ...(work ? {} : { supervise: false, schedule: false, migrate: false }),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const webhookLoops: string[] = [];
  await boss.start();
  if (work) {
    await boss.createQueue(PURGE_QUEUE);
    // An export that failed is Failed for its caller, who asks again: pg-boss does not retry it.
    await boss.createQueue(EXPORT_QUEUE, { name: EXPORT_QUEUE, retryLimit: 0, expireInSeconds: 4 * 3600 });
    await boss.schedule(PURGE_QUEUE, PURGE_CRON, {}, { tz: 'UTC' });
    await boss.work(PURGE_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 60 }, async () => {
      const purged = await purgeExpired(database.db);
      const exports = (await opts.runners?.purgeExports()) ?? 0;
      // After the bin's purge, whose cascades noted the files of what it took.
      const files = (await opts.runners?.purgeFiles?.()) ?? 0;
      // Rate-limit windows last a quarter of an hour; a day's margin keeps every window still counting.
      await purgeOldWindows(database.db, new Date(Date.now() - RATE_WINDOW_KEEP_MS));
      log.info(`recycle bin purged: ${JSON.stringify(purged)}; expired exports removed: ${exports}; stored files removed: ${files}`);
    });
    await boss.createQueue(ROUNDS_QUEUE);
    await boss.schedule(ROUNDS_QUEUE, ROUNDS_CRON, {}, { tz: 'UTC' });
    await boss.work(ROUNDS_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 60 }, async () => {
      const created = await runDueRounds(database.db);
      if (created) log.info(`task rounds created: ${created}`);
    });
    const runners = opts.runners;
    if (runners?.runBilling) {
      const run = runners.runBilling;
      await boss.createQueue(BILLING_QUEUE);
      await boss.schedule(BILLING_QUEUE, BILLING_CRON, {}, { tz: 'UTC' });
      await boss.work(BILLING_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 60 }, async () => {
        const line = await run();
        if (line) log.info(line);
      });
    }
    if (runners) {
      // One export at a time per process: an export keeps a core busy, the request loop needs the other.
      await boss.work<{ jobId: string }>(
        EXPORT_QUEUE,
        { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async ([job]) => {
          if (job) await runners.runExport(job.data.jobId);
        },
      );
    }
    if (runners?.attemptWebhook) {
      const attempt = runners.attemptWebhook;
      await boss.createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, retryLimit: 0, expireInSeconds: 300 });
      for (let i = 0; i < WEBHOOK_LOOPS; i++) {
        const id = await boss.work<{ deliveryId: string }>(
          WEBHOOK_QUEUE,
          {
            pollingIntervalSeconds: Math.min(opts.pollingIntervalSeconds ?? WEBHOOK_POLL_SECONDS, WEBHOOK_POLL_SECONDS),
            batchSize: WEBHOOK_BATCH,
          },
          async (batch) => {
            await Promise.all(
              batch.map(async (job) => {
                const wait = await attempt(job.data.deliveryId);
                if (wait !== null) await boss.send(WEBHOOK_QUEUE, { deliveryId: job.data.deliveryId }, { startAfter: Math.ceil(wait) });
              }),
            );
          },
        );
        webhookLoops.push(id);
      }
      const due = runners.dueWebhooks;
      if (due) {
        await boss.createQueue(WEBHOOK_SWEEP_QUEUE);
        await boss.schedule(WEBHOOK_SWEEP_QUEUE, WEBHOOK_SWEEP_CRON, {}, { tz: 'UTC' });
        await boss.work(WEBHOOK_SWEEP_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 60 }, async () => {
          const ids = await due();
          if (ids.length) await boss.insert(ids.map((deliveryId) => ({ name: WEBHOOK_QUEUE, data: { deliveryId } })));
        });
      }
    }
  }
  return {
    purgeNow: () => boss.send(PURGE_QUEUE, {}),
    roundsNow: () => boss.send(ROUNDS_QUEUE, {}),
    enqueueExport: async (jobId) => {
      await boss.send(EXPORT_QUEUE, { jobId });
    },
    sendWebhooks: async (ids) => {
      if (!ids.length) return;
      await boss.insert(ids.map((deliveryId) => ({ name: WEBHOOK_QUEUE, data: { deliveryId } })));
      // This process's loops fetch at once instead of at their next poll: an event is sent within moments.
      for (const id of webhookLoops) boss.notifyWorker(id);
    },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
