// GET /DataCollection/exportSurvey/{id}: the 'Export survey' download is an XLSForm workbook a member of
// the survey's organization can open in Excel (or load into another XLSForm tool); nobody else gets it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { createSurvey, demoSurveyOf, type TestSurvey } from '../support/surveys';

let t: TestApp;
let demo: TestSurvey;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSurveyOf(t);
  manager = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

interface Row {
  type: string;
  name: string;
  [column: string]: string;
}
type Sheet = Row[];

/** The workbook's sheets as rows keyed by their header. */
async function sheetsOf(bytes: Buffer): Promise<Record<string, Sheet>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, Sheet> = {};
  wb.eachSheet((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[];
      rows.push(
        Array.from({ length: ws.columnCount }, (_, i) =>
          values[i + 1] === undefined || values[i + 1] === null ? '' : String(values[i + 1]),
        ),
      );
    });
    const [header = [], ...body] = rows;
    out[ws.name] = body.map((r) => ({ type: '', name: '', ...Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])) }));
  });
  return out;
}

const download = (id: string, session?: Session) => t.call('GET', `/api/DataCollection/exportSurvey/${id}`, session ? { session } : {});

describe('GET /api/DataCollection/exportSurvey/{id}', () => {
  it("downloads the demo survey as '{survey name}.xlsx' with its survey, choices and settings sheets", async () => {
    const { status, res } = await download(demo.id, manager);
    expect(status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Household Needs Assessment - Round 1.xlsx')}`,
    );

    const sheets = await sheetsOf(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(['survey', 'choices', 'settings']);
    const survey = sheets.survey!;
    const row = (name: string) => survey.find((r) => r.name === name);

    // Every question, group and repeat in document order, with its XLSForm type; the matrix and the
    // rating are table-list groups of selects (docs/xlsform.md).
    expect(survey.map((r) => r.type).filter((ty) => ty.startsWith('begin_') || ty.startsWith('end_'))).toEqual([
      'begin_group',
      'end_group',
      'begin_group',
      'end_group',
      'begin_group',
      'begin_repeat',
      'end_repeat',
      'end_group',
      'begin_group',
      'begin_group',
      'end_group',
      'begin_group',
      'end_group',
      'end_group',
    ]);
    expect(row('members')).toMatchObject({
      type: 'begin_repeat',
      repeat_count: '${household_size}',
      'label::English (en)': 'Household members',
    });
    expect(row('phone')).toMatchObject({
      type: 'text',
      appearance: 'numbers',
      fs_type: 'phone',
      'hint::English (en)': 'With the country code, e.g. +254 712 345678',
    });
    expect(row('respondent_name')!.type).toBe('text');
    expect(row('district')).toMatchObject({ type: 'select_one district', choice_filter: 'region = ${region}', required: 'yes' });
    expect(row('priority_needs')).toMatchObject({ type: 'select_multiple priority_needs', fs_max_choices: '3' });
    expect(row('child_share')!.calculation).toBe('if(${household_size} > 0, round(${children_under5} div ${household_size} * 100, 0), 0)');
    expect(row('interview_date')).toMatchObject({
      default: 'today()',
      constraint: '. <= today()',
      'constraint_message::French (fr)': 'La date de l’entretien ne peut pas être dans le futur.',
    });
    expect(row('assistance')).toMatchObject({ type: 'begin_group', appearance: 'table-list', fs_type: 'matrix' });
    expect(survey.filter((r) => r.type === 'select_one assistance_columns').length).toBeGreaterThan(0);
    expect(row('food_security')).toMatchObject({
      type: 'range',
      parameters: 'start=1 end=5 step=1',
      'fs_range_first_label::English (en)': 'Very insecure',
    });
    expect(row('consent')!['label::Arabic (ar)']).toBe('أوافق على المشاركة في هذا الاستبيان.');
    // The 21 types and 5 sections of the demo survey: one row per question, two per section.
    expect(survey.filter((r) => r.name !== '' && !r.type.startsWith('begin_')).length).toBeGreaterThanOrEqual(21);

    const choices = sheets.choices!;
    expect(choices.filter((c) => c.list_name === 'district').map((c) => [c.name, c.region])).toEqual([
      ['lodwar', 'turkana'],
      ['kakuma', 'turkana'],
      ['elwak', 'mandera'],
      ['rhamu', 'mandera'],
      ['mogadishu', 'banadir'],
    ]);
    expect(choices.find((c) => c.list_name === 'assistance_columns' && c.name === 'needed')!['label::French (fr)']).toBe(
      'Nécessaire le mois prochain',
    );

    expect(sheets.settings).toEqual([
      expect.objectContaining({
        form_title: 'Household Needs Assessment - Round 1',
        form_id: `survey_${demo.id.replace(/-/g, '_')}`,
        default_language: 'English (en)',
      }),
    ]);
  });

  it('exports a survey that is still being edited, for its organization', async () => {
    const editing = await createSurvey(t, [q.text('a')], { status: 0 });
    const { status, res } = await download(editing.id, manager);
    expect(status).toBe(200);
    expect((await sheetsOf(res.rawPayload)).survey!.map((r) => [r.type, r.name])).toEqual([['text', 'a']]);
  });

  it('lets every role of the organization download it', async () => {
    for (const email of ['guest@demo.test', 'collector@demo.test', 'organization@demo.test']) {
      expect((await download(demo.id, await t.signIn(email))).status, email).toBe(200);
    }
  });

  it('does not show another organization its survey, nor anyone signed out', async () => {
    const other = await download(demo.id, await t.signIn('other@demo.test'));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ isSuccess: false, message: 'The requested resource is not found' });
    expect((await download(demo.id)).status).toBe(401);
  });

  it('names the id when it is not a survey id', async () => {
    const { status, body } = await download('not-a-uuid', manager);
    expect(status).toBe(400);
    expect(body.errors.join(' ')).toMatch(/id/);
  });
});
