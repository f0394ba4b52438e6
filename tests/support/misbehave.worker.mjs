// A worker file for the pool's budget tests (tests/api/security/content/worker-threads.test.ts): tasks
// that spin or hoard memory until the pool stops them, and one that answers.
export function spin() {
  for (;;) Math.sqrt(Math.random());
}

export function hoard() {
  const kept = [];
  for (;;) kept.push(new Array(1_000_000).fill(Math.random()));
}

export function echo(input) {
  return input;
}

/** The Node options the worker was started with (the pool's workerExecArgv). */
export function execArgv() {
  return process.execArgv;
}
