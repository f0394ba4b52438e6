// Heavy work from untrusted content runs off the request loop. A worker that spins or
// hoards memory is stopped at its budget and replaced; a workbook of 6,000 questions is read in a worker
// while the server goes on answering, and its refusal names the limit. A submission of a survey of
// 1,000 questions is re-validated in a worker, with the same outcome as in the request's thread.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, type ItemBuilder } from '../../../../engine/survey/index';
import { WORKER_VALIDATION } from '../../../../server/services/answerCheck';
import { createPool, runOn, WorkerBudgetError, workerExecArgv } from '../../../../server/workers/pool';
import { createTestApp, type Session, type TestApp } from '../../../support/app';
import { multipart } from '../../../support/multipart';
import { createSurvey, submissionCount, submit } from '../../../support/surveys';

const misbehaving = createPool(new URL('../../../support/misbehave.worker.mjs', import.meta.url), {
  maxOldGenerationSizeMb: 48,
  maxYoungGenerationSizeMb: 8,
  threads: 1,
});

let t: TestApp;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.signIn('organization@demo.test');
});
afterAll(async () => {
  await misbehaving.destroy();
  await t.close();
});

describe('the worker pool', () => {
  it('stops a task that spins past its time budget, and the next task is answered', async () => {
    await expect(runOn(misbehaving, 'spin', null, 300)).rejects.toEqual(new WorkerBudgetError('time'));
    expect(await runOn(misbehaving, 'echo', { ok: 1 }, 5_000)).toEqual({ ok: 1 });
  });

  it('stops a task that hoards memory past its ceiling, and the next task is answered', async () => {
    await expect(runOn(misbehaving, 'hoard', null, 30_000)).rejects.toEqual(new WorkerBudgetError('memory'));
    expect(await runOn(misbehaving, 'echo', 'still here', 5_000)).toBe('still here');
  });
});

describe("the workers' Node options", () => {
  // The benchmarks run the server's sources under tsx; a worker that inherited its loader cost the process
  // twice the memory (the standing export worker: 87-93 MB of RSS instead of 39-44 MB) and started later.
  const underTsx = [
    '--require',
    '/app/node_modules/tsx/dist/preflight.cjs',
    '--import',
    'file:///app/node_modules/tsx/dist/loader.mjs',
    '--max-semi-space-size=64',
  ];

  it('leaves the TypeScript loader (and the V8 options a worker refuses) out when the server runs under tsx', () => {
    expect(workerExecArgv(underTsx)).toEqual([]);
    expect(workerExecArgv(['--import', 'tsx'])).toEqual([]);
    expect(workerExecArgv(['--import=tsx/esm'])).toEqual([]);
  });

  it("keeps Node's default (the process's options) otherwise", () => {
    expect(workerExecArgv(['--no-warnings'])).toBeUndefined();
    expect(workerExecArgv(['--import', '/app/src/tsxish.mjs'])).toBeUndefined();
  });

  it('a worker started with those options answers', async () => {
    const plain = createPool(new URL('../../../support/misbehave.worker.mjs', import.meta.url), {
      maxOldGenerationSizeMb: 48,
      maxYoungGenerationSizeMb: 8,
      threads: 1,
    });
    try {
      expect(await runOn(plain, 'execArgv', null, 10_000)).toEqual(workerExecArgv() ?? process.execArgv);
    } finally {
      await plain.destroy();
    }
  });
});

describe('an XLSForm import at the limits', () => {
  it('is read in a worker: the request loop stays responsive and the refusal names the limit', async () => {
    const wb = new ExcelJS.Workbook();
    const rows = [['type', 'name', 'label']];
    for (let i = 0; i < 6_000; i++) rows.push(['text', `q${i}`, `Question ${i}: ${'how many people live in this household? '.repeat(8)}`]);
    wb.addWorksheet('survey').addRows(rows);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { payload, headers } = multipart([
      ['ProjectId', t.ids.projects['Household Needs Assessment 2026']!],
      ['File', { fileName: 'large.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes }],
    ]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/DataCollection/importXlsForm',
      payload,
      headers: { ...headers, authorization: `Bearer ${manager.token}`, 'organization-id': manager.organizationId },
    });
    delay.disable();
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.report[0].message).toMatch(/more than 2000 questions/);
    // Read in this thread, ExcelJS alone would hold the loop for seconds on a workbook this size.
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });
});

describe('an unusually large submission', () => {
  it('is re-validated in a worker: a complete one is stored, a wrong one is refused naming the question', async () => {
    const items: ItemBuilder[] = [];
    for (let i = 0; i < WORKER_VALIDATION.nodes; i++) items.push(q.integer(`n${i}`).constraint('. < 100'));
    const s = await createSurvey(t, items);
    const good = await submit(t, s, Object.fromEntries(items.map((_, i) => [`n${i}`, i % 100])));
    expect(good.status).toBe(200);
    const bad = await submit(t, s, { n0: 1, n7: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.some((e) => e.includes('n7'))).toBe(true);
    expect(await submissionCount(t, s.id)).toBe(1);
  });
});
