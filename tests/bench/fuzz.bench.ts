// `npm run bench -- fuzz`: the route fuzzer of tests/api/security/fuzz.routes.test.ts at length, with
// a random seed and large inputs (megabyte strings, arrays of 200,000 items, 3 MB multipart fields).
// Prints per route: requests sent, 2xx, 4xx, 5xx (must be 0), crashes, time; then the wrong replies.
// The seed is printed so that a failing run can be repeated.
// Knobs: BENCH_FUZZ_RUNS (requests per route, default 300), BENCH_FUZZ_SEED, BENCH_FUZZ_HUGE (default
// on; 'off' keeps inputs small), TEST_DB ('pglite' by default, or 'postgres' with TEST_DATABASE_URL).
import fc from 'fast-check';
import { createTestApp } from '../support/app';
import {
  callerFor,
  endsSession,
  fuzzRoute,
  inFuzzOrder,
  isMultipartRoute,
  knownIds,
  multipartRequests,
  routeRequests,
  submissionEntries,
  type RouteTally,
} from '../support/fuzz';
import { demoSurveyOf } from '../support/surveys';

const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 300);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const HUGE = process.env.BENCH_FUZZ_HUGE !== 'off';

function table(tallies: RouteTally[]): void {
  const total = tallies.reduce(
    (a, r) => ({
      ...a,
      requests: a.requests + r.requests,
      ok: a.ok + r.ok,
      refused: a.refused + r.refused,
      failed: a.failed + r.failed,
      crashes: a.crashes + r.crashes,
      ms: a.ms + r.ms,
    }),
    { route: `all ${tallies.length} routes`, requests: 0, ok: 0, refused: 0, failed: 0, crashes: 0, ms: 0, findings: [] } as RouteTally,
  );
  const rows = [...tallies, total].map((r) => [
    r.route,
    String(r.requests),
    String(r.ok),
    String(r.refused),
    String(r.failed),
    String(r.crashes),
    `${(r.ms / 1000).toFixed(1)} s`,
  ]);
  const head = ['route', 'requests', '2xx', '4xx', '5xx', 'crashes', 'time'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

export default async function main(): Promise<void> {
  console.log(`seed ${SEED}, ${RUNS} requests per route, ${HUGE ? 'large' : 'small'} inputs, database ${process.env.TEST_DB ?? 'pglite'}`);
  const t = await createTestApp();
  try {
    const owner = await t.signIn('organization@demo.test');
    // Signed in before the fuzzer floods the sign-in route (failures from one address are limited).
    const ending = await t.signIn('organization@demo.test');
    const demo = await demoSurveyOf(t);
    const entries = submissionEntries(demo);
    const ids = knownIds(t, [demo.id]);
    const tallies: RouteTally[] = [];
    for (const [i, route] of inFuzzOrder(t.app.apiRoutes)) {
      const arbitrary = isMultipartRoute(route)
        ? multipartRequests(route.url, entries, { huge: HUGE })
        : routeRequests(route, { huge: HUGE, ids });
      const requests = fc.sample(arbitrary, { seed: SEED + i, numRuns: RUNS });
      const ends = endsSession(route);
      tallies.push(
        await fuzzRoute(t, `${route.method} ${route.url}`, requests, callerFor(route, ends ? ending : owner), { endsSession: ends }),
      );
    }
    table(tallies);
    const findings = tallies.flatMap((r) => r.findings.map((f) => `${r.route}: ${f}`));
    const failed = tallies.reduce((n, r) => n + r.failed + r.crashes, 0);
    console.log(`\n5xx and crashes: ${failed} (target 0) ${failed === 0 ? 'met' : 'NOT MET'}; wrong replies: ${findings.length}`);
    for (const f of findings.slice(0, 50)) console.log(`  ${f}`);
    if (findings.length > 50) console.log(`  ... and ${findings.length - 50} more`);
    if (failed > 0 || findings.length > 0) process.exitCode = 1;
  } finally {
    await t.close();
  }
}
