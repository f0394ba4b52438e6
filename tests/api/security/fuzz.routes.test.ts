// Every route in the route table, fed requests generated from its own JSON Schemas (tests/support/fuzz.ts):
// malformed JSON, wrong types, NUL and bidi characters, overlong strings, huge and sparse arrays,
// missing and extra fields, garbage in paths and querystrings, broken multipart. A fixed seed keeps
// this run repeatable; `npm run bench -- fuzz` runs many more with a random one.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
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
  unboundedFields,
  type JsonSchema,
} from '../../support/fuzz';
import { demoSurveyOf } from '../../support/surveys';

const SEED = 20261122;
const RUNS_PER_ROUTE = 40;

let t: TestApp;
let owner: Session;
/** A session of its own for the route that ends sessions, signed in before the fuzzer floods the sign-in route. */
let ending: Session;
/** For the routes the owner may not call (plan administration is SuperAdmin's): validation is behind the role check. */
let superAdmin: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('organization@demo.test');
  superAdmin = await t.signIn('superadmin@demo.test');
  ending = await t.signIn('organization@demo.test');
});
afterAll(() => t.close());

describe('the route table under fuzzing', () => {
  it('bounds every string, array and number a route accepts', () => {
    const unbounded = t.app.apiRoutes.flatMap((r) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) =>
        unboundedFields(r.schema?.[part] as JsonSchema | undefined, `${r.method} ${r.url} ${part}`),
      ),
    );
    expect(unbounded).toEqual([]);
  });

  it('declares a schema for the parameters of every path that has some', () => {
    const without = t.app.apiRoutes.filter((r) => /:\w+/.test(r.url) && !r.schema?.params);
    expect(without.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  // Before the route fuzzer: its requests may archive or delete the demo survey (its id is among the known ones).
  it('answers broken multipart submissions below 500, in the envelope', { timeout: 60_000 }, async () => {
    const route = t.app.apiRoutes.find(isMultipartRoute)!;
    const entries = submissionEntries(await demoSurveyOf(t));
    const reqs = fc.sample(multipartRequests(route.url, entries), { seed: SEED, numRuns: 60 });
    const tally = await fuzzRoute(t, route.url, reqs, undefined);
    expect(tally.findings).toEqual([]);
    expect(tally.ok).toBeGreaterThan(0);
  });

  // Every route of the table, 40 requests each: it grows with the table (the task routes added ~20 s on a busy machine).
  it('answers every generated request below 500, in the envelope, naming the broken field', { timeout: 240_000 }, async () => {
    const findings: string[] = [];
    let requests = 0;
    const ids = knownIds(t, [(await demoSurveyOf(t)).id]);
    for (const [i, route] of inFuzzOrder(t.app.apiRoutes)) {
      if (isMultipartRoute(route)) continue;
      const reqs = fc.sample(routeRequests(route, { ids }), { seed: SEED + i, numRuns: RUNS_PER_ROUTE });
      const ends = endsSession(route);
      const tally = await fuzzRoute(
        t,
        `${route.method} ${route.url}`,
        reqs,
        callerFor(route, ends ? ending : Array.isArray(route.access) && !route.access.includes('Organization') ? superAdmin : owner),
        { endsSession: ends },
      );
      requests += tally.requests;
      findings.push(...tally.findings.map((f) => `${route.method} ${route.url}: ${f}`));
    }
    expect(findings).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  });
});
