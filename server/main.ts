// `npm start`: the whole product on one port. Reads the configuration, prepares the database and the
// front end, serves both, and prints where to go and how to sign in. With WORKERS > 1 (PostgreSQL
// only) the primary prepares everything and runs the scheduled jobs, and that many node:cluster
// workers share the port: one Node process is one core, and a busy collection day wants them all.
import cluster from 'node:cluster';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, type Booted } from './boot';
import { loadConfig } from './config';
import { ensureFrontend } from './frontend';
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
 * semi-spaces cut the workers' CPU per submission by about a fifth (docs/decisions.md). A flag given
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
  if (config.workers === 1) {
    await serve(booted);
    onStop(() => booted.close());
  } else {
    cluster.setupPrimary({ execArgv: workerExecArgv() });
    const started = Array.from({ length: config.workers }, () => {
      const worker = cluster.fork();
      return new Promise<void>((ok, fail) => {
        worker.once('listening', () => ok());
        worker.once('exit', (code) => fail(new Error(`a server worker exited with ${code} while starting`)));
      });
    });
    await Promise.all(started);
    console.log(`  ${config.workers} server processes share port ${config.port}.`);
    // A worker that dies later (out of memory, a crash) is replaced, so the port keeps its capacity.
    let stopping = false;
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      console.warn(`server worker ${worker.process.pid} exited with ${code}; starting another`);
      cluster.fork();
    });
    onStop(async () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      await Promise.all(workers.map((w) => (w.isDead() ? undefined : new Promise((ok) => (w.once('exit', ok), w.kill('SIGTERM'))))));
      await booted.close();
    });
  }
  await printWelcome(booted, config);
}
