// What both `npm start` and `npm run dev` do before serving: open the database, migrate, write the
// reference data, seed the demo on an empty database, and assemble the app's parts.
import { buildApp, type App } from './app';
import { writeBackup } from './backup/archive';
import { listenForBackups } from './backup/control';
import { backupSourceOf } from './backup/source';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedReference } from './db/reference';
import { isEmpty, seedDemo, type SeededIds } from './db/seed';
import { createBotCheck } from './plugins/botCheck';
import { startJobs } from './plugins/jobs';
import { createMailer } from './plugins/mail';
import { paymentProviderFor } from './plugins/payments';
import { aheadClock } from './plugins/payments/clock';
import { openStorage } from './plugins/storage';
import { purgeExpiredExports, runExportJob } from './services/exportJobs';
import { purgeRemovedFiles } from './services/removedFiles';
import { createSurveyCache } from './services/surveyCache';
import { attemptDelivery, deliveryDepsOf, dueDeliveries } from './services/webhookDelivery';
import { closeWorkers, startExportWorker } from './workers/pool';

export interface BootLog {
  info(message: string): void;
  warn(message: string): void;
  error(obj: unknown, message?: string): void;
}

export interface Booted {
  app: App;
  database: Database;
  seeded: SeededIds | undefined;
  close(): Promise<void>;
}

/**
 * `jobs: false` for the workers of a multi-process server: the scheduled jobs run in the primary only.
 * Migrations and demo seeding are safe to repeat (advisory locks; an empty database only), but the
 * primary boots first, so workers find both done.
 */
export async function boot(config: Config, opts: { webRoot?: string | undefined; log: BootLog; jobs?: boolean }): Promise<Booted> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  if (applied.length) opts.log.info(`migrations applied: ${applied.join(', ')}`);
  await seedReference(database.db);
  let seeded: SeededIds | undefined;
  if (config.demoData && (await isEmpty(database.db))) {
    // Fixtures are loaded only here, only when demo data is wanted.
    const { startDemoData } = await import('../fixtures/index');
    seeded = await seedDemo(database.db, startDemoData, { dataDir: config.dataDir });
  }
  if (config.botCheck === 'off') opts.log.warn('BOT_CHECK=off: sign-in and registration forms are not protected against bots.');
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: opts.log });
  const botCheck = createBotCheck({
    mode: config.botCheck,
    hmacKey: config.altchaHmacKey,
    recaptchaSecret: config.recaptchaSecret,
    db: database.db,
  });
  const built: { app?: App } = {};
  // One storage for the app, the export jobs and the purge.
  const storage = openStorage(config.fileStorage);
  const exportDeps = {
    db: database.db,
    cache: createSurveyCache(),
    storage,
    databaseUrl: database.url,
    publicUrl: config.publicUrl,
    log: opts.log,
  };
  const webhookDeps = deliveryDepsOf({
    db: database.db,
    cache: createSurveyCache(),
    mailer,
    publicUrl: config.publicUrl,
    allowPrivate: config.webhookAllowPrivate,
    log: opts.log,
  });
  // Workers of a multi-process server queue exports; the primary runs them.
  const jobs =
    opts.jobs === false
      ? await startJobs(database, opts.log, { work: false })
      : await startJobs(database, opts.log, {
          runners: {
            runExport: (id) => runExportJob(exportDeps, id),
            purgeExports: () => purgeExpiredExports(exportDeps),
            purgeFiles: () => purgeRemovedFiles(database.db, storage),
            // The app is built just below; a run scheduled before that finds nothing to do.
            attemptWebhook: (id) => attemptDelivery(webhookDeps, id),
            dueWebhooks: () => dueDeliveries(database.db, 1000),
            runBilling: async () => {
              if (!built.app) return '';
              const renewed = await built.app.billing.runDue();
              const reminded = await built.app.billing.sendReminders(mailer, config.publicUrl);
              return renewed || reminded ? `billing: ${renewed} subscriptions billed, ${reminded} payment reminders sent` : '';
            },
          },
        });
  const app = await buildApp({
    config,
    database,
    mailer,
    botCheck,
    webRoot: opts.webRoot,
    logger: { level: config.logLevel },
    enqueueExport: jobs.enqueueExport,
    sendWebhooks: jobs.sendWebhooks,
    paymentProvider: await paymentProviderFor(config),
    clock: config.sandboxClockDays ? aheadClock(config.sandboxClockDays) : undefined,
    checkResponses: config.responseCheck,
    storage,
  });
  built.app = app;
  await startExportWorker();
  // `npm run backup` while this server runs: the embedded database admits this process only.
  const control =
    database.kind === 'pglite' && opts.jobs !== false
      ? await listenForBackups(config.dataDir, async (out) => writeBackup(out, await backupSourceOf(database, storage)), opts.log).catch(
          (err: unknown) => {
            // A DATA_DIR whose path is too long for a socket, say: the server runs, backups wait for a stop.
            opts.log.warn(
              `npm run backup cannot reach this server (${err instanceof Error ? err.message : String(err)}); stop it to back up.`,
            );
            return undefined;
          },
        )
      : undefined;
  return {
    app,
    database,
    seeded,
    async close() {
      await control?.close();
      await app.close();
      await jobs.stop();
      mailer.close();
      await closeWorkers();
      await database.close();
    },
  };
}
