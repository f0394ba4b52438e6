// `npm start` (compiled to dist/server/main.js, which build/start.mjs builds when stale and runs): the
// whole product on one port. Reads the configuration, prepares the database, serves the API and the built
// front end, and prints where to go and how to sign in. With PostgreSQL the primary
// prepares everything, runs the scheduled jobs and supervises WORKERS node:cluster workers that share
// the port (one Node process is one core, and a busy collection day wants them all), restarting any
// that dies, even a single one. With the embedded PGlite one process does everything.
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { boot, type Booted } from './boot';
import { loadConfig } from './config';
import { distDir } from './paths';
import { superviseWorkers } from './supervisor';
import { printWelcome } from './welcome';

const config = loadConfig();
const webRoot = distDir;

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
  return [
    ...process.execArgv,
    ...(/semi[-_]space/.test(given) ? [] : ['--max-semi-space-size=64']),
    // build/start.mjs turns source maps on from inside; a worker starts this file directly.
    ...(process.sourceMapsEnabled && !/enable-source-maps/.test(given) ? ['--enable-source-maps'] : []),
  ];
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
  const booted = await boot(config, { webRoot, log: console });
  if (!config.databaseUrl) {
    // PGlite lives inside this process and its data directory admits one process, so there is nothing
    // to supervise from here: a service manager restarts it (systemd Restart=always, a container's
    // restart policy). Deployments that must not go down use PostgreSQL.
    await serve(booted);
    onStop(() => booted.close());
  } else {
    const workers = await superviseWorkers({
      count: config.workers,
      // This file, not the process's first (build/start.mjs, which would check the build again in each).
      exec: fileURLToPath(import.meta.url),
      execArgv: workerExecArgv(),
      log: console,
    });
    onStop(async () => {
      await workers.stop();
      await booted.close();
    });
  }
  await printWelcome(booted, config);
}
