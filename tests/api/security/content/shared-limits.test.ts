// Two server hosts on one database hold one allowance of the public calls between them: each counts in
// memory and adds its counts to the database's once a second (security/sharedCounts.ts; the second is
// stepped here by share(), as the timer does). A host that has not shared since may let one more call
// through; past that, both refuse, where two hosts counting alone would each have taken the whole
// allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, toFormEntries } from '../../../../engine/survey/index';
import { buildApp, type App } from '../../../../server/app';
import { sharedCounts } from '../../../../server/security/sharedCounts';
import { createTestApp, type TestApp } from '../../../support/app';
import { entriesToParts, multipart } from '../../../support/multipart';
import { createSurvey, submissionCount, submissionOf, type TestSurvey } from '../../../support/surveys';

let t: TestApp;
let other: App;
let survey: TestSurvey;
beforeAll(async () => {
  t = await createTestApp({ config: { publicLimits: { perAddress: 4, perSurvey: 1000 } } });
  // A second host: its own process memory, the same database.
  other = await buildApp(t.app.deps);
  await other.ready();
  survey = await createSurvey(t, [q.text('name')], { multipleLink: true });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function submitTo(host: App, address: string): Promise<number> {
  const { payload, headers } = multipart(entriesToParts(toFormEntries(submissionOf(survey, { name: 'x' }))));
  const res = await host.inject({ method: 'POST', url: '/api/DataCollection/SubmitSurvey', payload, headers, remoteAddress: address });
  return res.statusCode;
}

describe('the public calls counted on two hosts', () => {
  it('hold one allowance between the hosts, not one each', async () => {
    const a = t.app;
    const b = other;
    const address = '203.0.113.77';
    const seen: number[] = [];
    seen.push(await submitTo(a, address), await submitTo(a, address));
    await a.counts.share();
    seen.push(await submitTo(b, address), await submitTo(b, address));
    await b.counts.share();
    // b has read the four: its next is refused at once.
    seen.push(await submitTo(b, address));
    // a last read two: one more gets through before its next share tells it of the others.
    seen.push(await submitTo(a, address));
    await a.counts.share();
    seen.push(await submitTo(a, address));
    await b.counts.share();
    seen.push(await submitTo(b, address));
    expect(seen).toEqual([200, 200, 200, 200, 429, 200, 429, 429]);
    expect(await submissionCount(t, survey.id)).toBe(5);
  });

  it('count another address apart, on either host', async () => {
    expect(await submitTo(other, '203.0.113.78')).toBe(200);
    expect(await submitTo(t.app, '203.0.113.78')).toBe(200);
  });

  it("carry the window just ended into the next, so no count starts over at a window's edge", async () => {
    const windowMs = 15 * 60 * 1000;
    let at = Date.UTC(2026, 11, 7, 10, 14, 59); // a second before a window ends
    const counts = sharedCounts(t.db, () => at);
    try {
      for (let i = 0; i < 4; i++) expect(counts.hit('edge', 4, windowMs).allowed).toBe(true);
      expect(counts.hit('edge', 4, windowMs)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      at += 2_000; // into the next window: the last one's count still weighs almost whole
      expect(counts.hit('edge', 4, windowMs).allowed).toBe(false);
      at += windowMs - 10_000; // near the end of it, the last window has all but gone
      expect(counts.hit('edge', 4, windowMs).allowed).toBe(true);
    } finally {
      await counts.close();
    }
  });
});
