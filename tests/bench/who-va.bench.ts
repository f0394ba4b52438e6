// `npm run bench -- who-va`: the WHO 2016 verbal autopsy instrument (fixtures/xlsforms, a real form of
// about 450 questions), once imported:
//  - recalculation after one answer, in Node (this process's CPU time): every top-level question answered
//    in turn on a filled form, median and 90th percentile; target < 2 ms;
//  - interactive on the fill page, in headless Chromium at 1280 px without throttling, against the built
//    app served by the real server on PostgreSQL: from the navigation to a character typed into the first
//    text field having landed (the fill-page bench's measure); target < 1 s on this machine. First visit
//    (nothing cached) and repeat visit (the service worker's precache and the survey's cached data).
import { chromium, type Page } from 'playwright-core';
import { initialize, recalculate, type FormState } from '../../engine/expression/index';
import { bindSurvey, graphOf, QUESTION_TYPES, type FieldNode, type SurveyModel } from '../../engine/survey/index';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { openPostgres } from '../../server/db/database';
import { insertSurvey } from '../../server/db/queries/surveys';
import { median, type Row } from './figures';
import { startServer } from './server';
import { prepareBenchDatabase } from './submission.database';
import { whoVa } from './who-va-survey';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A value of the question's type that differs with `i`, so each answer really changes something. */
function answerFor(node: FieldNode, i: number): unknown {
  const info = QUESTION_TYPES[node.type];
  if (info.key === 'select_one' || info.key === 'select_multiple') return node.choices[i % Math.max(1, node.choices.length)]?.name;
  if (info.slot === 'number') return (i % 90) + 1;
  if (info.key === 'date') return `2025-0${(i % 9) + 1}-15`;
  if (info.key === 'text') return `text ${i}`;
  return undefined;
}

function recalculation(model: SurveyModel): { median: number; p90: number; questions: number; answered: number } {
  const b = bindSurvey(model);
  const inputs = b.nodes.filter(
    (n): n is FieldNode =>
      n.kind === 'field' && n.repeats.length === 0 && QUESTION_TYPES[n.type].source === 'input' && answerFor(n, 0) !== undefined,
  );
  let { state }: { state: FormState } = initialize(graphOf(b), {}, { now: new Date(), timeZoneOffset: 0, defaults: true });
  const times: number[] = [];
  for (let round = 0; round < 6; round++) {
    inputs.forEach((node, k) => {
      const t0 = cpu();
      state = recalculate(state, node.name, answerFor(node, round * 7 + k)).state;
      if (round > 0) times.push(cpu() - t0);
    });
  }
  times.sort((a, c) => a - c);
  return {
    median: median(times),
    p90: times[Math.floor(times.length * 0.9)] ?? NaN,
    questions: b.nodes.filter((n) => n.kind === 'field').length,
    answered: inputs.length,
  };
}

/** From the navigation to a character typed into the first text field having landed. */
async function interactive(page: Page, path: string): Promise<number> {
  const start = Date.now();
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
  const field = page.locator('.fs-q input[type="text"], .fs-q input[inputmode], .fs-q textarea').first();
  await field.waitFor({ timeout: 120_000 });
  await field.pressSequentially('1');
  await page.waitForFunction((el) => (el as HTMLInputElement).value.includes('1'), await field.elementHandle(), { timeout: 60_000 });
  return Date.now() - start;
}

export default async function run(): Promise<void> {
  const bench = await prepareBenchDatabase(10);
  const database = await openPostgres(bench.databaseUrl, 2);
  const languages = (await database.db.selectFrom('languages').select(['id', 'name', 'code']).execute()).map((l) => ({
    languageId: l.id,
    name: l.name,
    code: l.code,
  }));
  const model = await whoVa(languages);
  const demo = await database.db
    .selectFrom('surveys')
    .select(['organization_id', 'project_id'])
    .where('name', '=', DEMO_SURVEY_NAME)
    .executeTakeFirstOrThrow();
  const row = await database.db.transaction().execute((trx) =>
    insertSurvey(trx, {
      organizationId: demo.organization_id,
      projectId: demo.project_id,
      createdBy: null,
      model,
      status: 1,
      multipleLink: true,
    }),
  );
  await database.close();

  const recalc = recalculation(model);
  const rows: Row[] = [
    {
      figure: `WHO VA (${recalc.questions} questions): recalculation after one answer, median of ${recalc.answered} questions x 5`,
      value: `${recalc.median.toFixed(2)} ms`,
      target: '< 2 ms',
      met: recalc.median < 2,
    },
    { figure: 'WHO VA: recalculation, 90th percentile', value: `${recalc.p90.toFixed(2)} ms`, target: 'information', met: true },
  ];

  const server = await startServer({ databaseUrl: bench.databaseUrl });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const path = `/public-survey/multiple-link/${row.id}`;
  try {
    const first: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 850 }, baseURL: server.url, serviceWorkers: 'allow' });
      const page = await context.newPage();
      first.push(await interactive(page, path));
      // The repeat visit: same profile, once the service worker controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 }).catch(() => undefined);
      const next = await context.newPage();
      again.push(await interactive(next, path));
      await context.close();
    }
    rows.push(
      {
        figure: `WHO VA: fill page interactive, first visit, median of ${RUNS}`,
        value: `${Math.round(median(first))} ms`,
        target: '< 1000 ms',
        met: median(first) < 1000,
      },
      {
        figure: `WHO VA: fill page interactive, repeat visit, median of ${RUNS}`,
        value: `${Math.round(median(again))} ms`,
        target: '< 1000 ms',
        met: median(again) < 1000,
      },
    );
  } finally {
    await browser.close();
    await server.stop();
    await bench.drop();
  }
  console.table(rows);
  console.log(
    `load average: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}
