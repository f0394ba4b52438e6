// The primary of a PostgreSQL deployment: it runs no requests itself, it keeps `count` node:cluster
// workers serving the port and replaces any that dies (a crash, out of memory, a kill), even when
// there is only one. Without a supervisor one fatal error would leave the port dead until someone
// noticed. A worker that keeps dying right after it starts is restarted with a growing delay, so a
// broken deployment does not spin the CPU forking.
import cluster, { type Worker } from 'node:cluster';

export interface SupervisorLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface Supervisor {
  /** Stops every worker (SIGTERM: each finishes its requests) and replaces none. */
  stop(): Promise<void>;
}

/** A worker that dies sooner than this after starting counts as a failed start. */
const STARTUP_GRACE_MS = 10_000;
const MAX_DELAY_MS = 30_000;

function listening(worker: Worker): Promise<void> {
  return new Promise((ok, fail) => {
    worker.once('listening', () => ok());
    worker.once('exit', (code) => fail(new Error(`a server worker exited with ${code} while starting`)));
  });
}

/** `exec`: the file each worker runs (the server's main module); `execArgv`: its Node options. */
export async function superviseWorkers(opts: { count: number; exec: string; execArgv: string[]; log: SupervisorLog }): Promise<Supervisor> {
  cluster.setupPrimary({ exec: opts.exec, execArgv: opts.execArgv });
  const startedAt = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  const first = Array.from({ length: opts.count }, fork);
  await Promise.all(first.map(listening));
  opts.log.info(
    `  ${opts.count} server process${opts.count === 1 ? '' : 'es'} (pid ${first.map((w) => w.process.pid).join(', ')}) serving, supervised by pid ${process.pid}.`,
  );

  let stopping = false;
  let quickDeaths = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    quickDeaths = lived < STARTUP_GRACE_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_DELAY_MS, 500 * 2 ** quickDeaths);
    setTimeout(() => {
      if (stopping) return;
      const next = fork();
      opts.log.warn(`server worker ${worker.process.pid} exited with ${signal ?? code}; started pid ${next.process.pid} in its place`);
    }, delay);
  });

  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      const living = workers.filter((w) => !w.isDead());
      await Promise.all(living.map((w) => new Promise((ok) => (w.once('exit', ok), w.kill('SIGTERM')))));
    },
  };
}
