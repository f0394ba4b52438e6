// `npm run bench -- openrosa`: the OpenRosa targets (docs/openrosa.md), through the app (inject), on
// PGlite by default or PostgreSQL with TEST_DB=postgres (and TEST_DATABASE_URL).
//  1. The Form List of a project with 200 deployed surveys: under 100 ms (median of BENCH_RUNS, once the
//     XForms are written; the first list, which writes them, is shown beside it).
//  2. The XForm of the WHO VA form written: under 200 ms (median; the server keeps it per version).
//  3. Submissions through OpenRosa at least 80 % of the rate of SubmitSurvey, the same answers to the same
//     survey, one after another (BENCH_SUBMISSIONS each, in five rounds taken in turn; the median round).
import { randomUUID } from 'node:crypto';
import { q, repeat, toFormEntries } from '../../engine/survey/index';
import { xformOf } from '../../engine/survey/xform/index';
import { createTestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { createSurvey, submissionOf } from '../support/surveys';
import { median, type Row } from './figures';
import { whoVa } from './who-va-survey';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 300);
const SURVEYS = 200;

export default async function run(): Promise<void> {
  const t = await createTestApp();
  try {
    const manager = await t.signIn('manager@demo.test');
    const items = () => [
      q.text('name').required(),
      q.integer('age'),
      q.select_one('district').choices('north', 'south'),
      q.select_multiple('needs').choices('food', 'water', 'shelter'),
      repeat('members', q.text('member_name'), q.integer('member_age')),
    ];
    const surveys = [];
    for (let i = 0; i < SURVEYS; i++) surveys.push(await createSurvey(t, items(), { name: `Bench survey ${i}` }));
    const created = await t.call<{ token: string }>('POST', '/api/AppUsers/create', {
      session: manager,
      body: { projectId: t.ids.projects['Household Needs Assessment 2026'], name: 'Bench tablet' },
    });
    const token = created.body.data.token;
    const list = async () => {
      const start = performance.now();
      const r = await t.app.inject({ method: 'GET', url: `/openrosa/key/${token}/formList` });
      if (r.statusCode !== 200) throw new Error(`formList: ${r.statusCode}`);
      return performance.now() - start;
    };
    const cold = await list();
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await list());

    const va = await whoVa([{ languageId: 1, name: 'English', code: 'en' }]);
    const xf: number[] = [];
    for (let i = 0; i < Math.max(5, RUNS / 2); i++) {
      const start = performance.now();
      xformOf(va, { version: '1' });
      xf.push(performance.now() - start);
    }

    const survey = surveys[0]!;
    const values = { name: 'Amina', age: 34, district: 'north', needs: 'food water', members: [{ member_name: 'Ali', member_age: 4 }] };
    const web = async () => {
      const { payload, headers } = multipart(toFormEntries(submissionOf(survey, values, { id: randomUUID() })) as [string, string][]);
      const r = await t.app.inject({ method: 'POST', url: '/api/DataCollection/SubmitSurvey', payload, headers });
      if (r.statusCode !== 200) throw new Error(`SubmitSurvey: ${r.statusCode} ${r.payload}`);
    };
    const formId = `survey_${survey.id.replace(/-/g, '_')}`;
    const device = async () => {
      const xml = `<data id="${formId}" version="1"><name>Amina</name><age>34</age><district>north</district><needs>food water</needs><members><member_name>Ali</member_name><member_age>4</member_age></members><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`;
      const { payload, headers } = multipart([
        ['xml_submission_file', { fileName: 'submission.xml', contentType: 'text/xml', bytes: Buffer.from(xml) }],
      ]);
      const r = await t.app.inject({ method: 'POST', url: `/openrosa/key/${token}/submission`, payload, headers });
      if (r.statusCode !== 201) throw new Error(`OpenRosa: ${r.statusCode} ${r.payload}`);
    };
    const rate = async (send: () => Promise<void>, n: number) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) await send();
      return n / ((performance.now() - start) / 1000);
    };
    // Warm both ways first.
    for (let i = 0; i < 20; i++) {
      await web();
      await device();
    }
    // Rounds of each in turn, so that the machine's drift (other work, the collector, the database
    // growing) falls on both alike; the median round's figures.
    const rounds: { web: number; device: number }[] = [];
    for (let r = 0; r < 5; r++) rounds.push({ web: await rate(web, SUBMISSIONS / 5), device: await rate(device, SUBMISSIONS / 5) });
    const ratio = median(rounds.map((r) => r.device / r.web));
    const webRate = median(rounds.map((r) => r.web));
    const deviceRate = median(rounds.map((r) => r.device));

    const table: Row[] = [
      {
        figure: `Form List, ${SURVEYS} surveys (first list, writing the XForms: ${cold.toFixed(0)} ms)`,
        value: `${median(warm).toFixed(1)} ms`,
        target: '< 100 ms',
        met: median(warm) < 100,
      },
      { figure: 'XForm of the WHO VA form written', value: `${median(xf).toFixed(1)} ms`, target: '< 200 ms', met: median(xf) < 200 },
      {
        figure: `submissions through OpenRosa (${deviceRate.toFixed(0)}/s) against SubmitSurvey (${webRate.toFixed(0)}/s)`,
        value: `${(ratio * 100).toFixed(0)} %`,
        target: '>= 80 %',
        met: ratio >= 0.8,
      },
    ];
    console.table(table);
  } finally {
    await t.close();
  }
}
