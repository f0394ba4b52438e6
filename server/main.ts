// `npm start`: the whole product on one port. Reads the configuration, prepares the database and the
// front end, serves both, and prints where to go and how to sign in. With PostgreSQL the primary
// prepares everything, runs the scheduled jobs and supervises WORKERS node:cluster workers that share
// the port (one Node process is one core, and a busy collection day wants them all), restarting any
// that dies, even a single one. With the embedded PGlite one process does everything.
import cluster from 'node:cluster';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, type Booted } from './boot';
import { loadConfig } from './config';
import { ensureFrontend } from './frontend';
import { superviseWorkers } from './supervisor';
import { printWelcome } from './welcome';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig();
const webRoot = join(root, 'dist');

function onStop(close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

/**
 * V8 flags of the workers. A busy worker holds a few dozen submissions in flight, each a few hundred
 * kilobytes of short-lived objects: with V8's default young generation (16 MB semi-spaces) they
 * outlive scavenges, get copied and promoted, and the old generation pays for them again. 64 MB
 * semi-spaces cut the workers' CPU per submission by about a fifth (docs/decisions/0015-server-processes-and-supervision.md). A flag given
 * in NODE_OPTIONS or on the command line wins.
 */
function workerExecArgv(): string[] {
  const given = `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`;
  return [...process.execArgv, ...(/semi[-_]space/.test(given) ? [] : ['--max-semi-space-size=64'])];
}

async function serve(booted: Booted): Promise<void> {
  await booted.app.listen({ port: config.port, host: config.host });
}

if (cluster.isWorker) {
  const booted = await boot(config, { webRoot, log: console, jobs: false });
  await serve(booted);
  // The primary stops the workers; a worker stops by itself only with the primary's signal.
  onStop(() => booted.close());
} else {
  await ensureFrontend(root, webRoot, (m) => console.log(m));
  const booted = await boot(config, { webRoot, log: console });
  if (!config.databaseUrl) {
    // PGlite lives inside this process and its data directory admits one process, so there is nothing
    // to supervise from here: a service manager restarts it (systemd Restart=always, a container's
    // restart policy). Deployments that must not go down use PostgreSQL.
    await serve(booted);
    onStop(() => booted.close());
  } else {
    const workers = await superviseWorkers({ count: config.workers, execArgv: workerExecArgv(), log: console });
    onStop(async () => {
      await workers.stop();
      await booted.close();
    });
  }
  await printWelcome(booted, config);
}
