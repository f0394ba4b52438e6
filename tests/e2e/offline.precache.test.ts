// The service worker keeps the fill page's files only: a respondent's phone on a slow link
// must not fetch the admin screens after the form. Read from the served worker, as a phone gets it.
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

async function precached(): Promise<string[]> {
  const res = await fetch(`${baseUrl()}/sw.js`);
  expect(res.status).toBe(200);
  const body = await res.text();
  return [...new Set([...body.matchAll(/assets\/[\w.-]+/g)].map((m) => m[0]))];
}

describe("the service worker's precache", () => {
  it('holds the fill page, its offline runtime and the respondent languages, and no admin screen', async () => {
    const files = await precached();
    const named = (prefix: string) => files.some((f) => f.startsWith(`assets/${prefix}-`));
    for (const fill of ['fillRoot', 'RoutedFillPage', 'runtime', 'fill', 'app', 'fa']) expect(named(fill), fill).toBe(true);
    // 'useTranslation': i18next and react-i18next, which only the signed-in app loads (src/i18n/i18next.ts).
    for (const admin of [
      'appRoot',
      'useTranslation',
      'BuilderPage',
      'SurveyDataPage',
      'AdminMembersPage',
      'DashboardPage',
      'PaymentPage',
      'exceljs.min',
    ])
      expect(named(admin), admin).toBe(false);
  });

  it('is a fraction of the whole product', async () => {
    const files = await precached();
    const sizes = await Promise.all(files.map(async (f) => (await (await fetch(`${baseUrl()}/${f}`)).arrayBuffer()).byteLength));
    // Raw bytes (the phone downloads them compressed, about a quarter): the product is about 4.7 MiB.
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2 * 1024 * 1024);
  });
});
