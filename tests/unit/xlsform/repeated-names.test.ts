// The same name in two groups (XLSForm names are unique per parent): the export writes each question
// under its own name in its own group, and a choice list per question (list names are one per form).
import { importBytes } from './helpers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildSurvey, q, section, xlsformSheets } from '../../../engine/survey/index';
import { workbookOf } from '../../../server/services/surveyExport';
import { judgeBuffers, mustJudge, pyxformMissing } from './pyxform';

const missing = pyxformMissing();

describe('a name used in two groups', () => {
  const model = buildSurvey({ name: 'Household and member', languages: [{ code: 'en', languageId: 1, name: 'English' }] }, [
    section('household', q.text('name').label('Head'), q.select_one('sex').label('Sex of head').choices('f', 'm')),
    section('member', q.text('name').label('Member'), q.select_one('sex').label('Sex of member').choices('female', 'male', 'other')),
    q.select_one('tenure').label('Tenure').choices('own', 'rent'),
  ]);

  it(
    'exports a list per question, named by its path only where the name repeats, and pyxform accepts it',
    { timeout: 60_000 },
    async () => {
      const choices = xlsformSheets(model).find((s) => s.name === 'choices')!.rows;
      const lists = new Map<string, string[]>();
      for (const [list, name] of choices.slice(1)) lists.set(list!, [...(lists.get(list!) ?? []), name!]);
      expect(Object.fromEntries(lists)).toEqual({
        household__sex: ['f', 'm'],
        member__sex: ['female', 'male', 'other'],
        tenure: ['own', 'rent'],
      });
      if (missing) {
        if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
        return;
      }
      const [verdict] = judgeBuffers([{ name: 'twice.xlsx', bytes: await workbookOf(model) }]);
      expect(verdict?.error).toBeUndefined();
      expect(verdict?.questions?.filter((x) => x.name === 'name' || x.name === 'sex').map((x) => x.path)).toEqual([
        expect.stringMatching(/\/household\/name$/),
        expect.stringMatching(/\/household\/sex$/),
        expect.stringMatching(/\/member\/name$/),
        expect.stringMatching(/\/member\/sex$/),
      ]);
    },
  );
});

describe('a reference to a name used twice', () => {
  it('is reported by sheet, row and column, as pyxform refuses it; a unique name is not', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('survey').addRows([
      ['type', 'name', 'label', 'relevant'],
      ['begin_group', 'household', 'Household', ''],
      ['text', 'name', 'Name', ''],
      ['integer', 'size', 'Size', ''],
      ['end_group', '', '', ''],
      ['begin_group', 'member', 'Member', ''],
      ['text', 'name', 'Name', ''],
      ['end_group', '', '', ''],
      ['note', 'summary', '${name} lives with ${size}', "${size} > 1 and ${name} != ''"],
    ]);
    const { model, report } = await importBytes(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(model).toBeNull();
    expect(report.filter((r) => r.level === 'error').map((r) => [r.row, r.column, r.code, r.params])).toEqual([
      [9, 'label', 'referenceAmbiguous', { name: 'name', count: 2 }],
      [9, 'relevant', 'referenceAmbiguous', { name: 'name', count: 2 }],
    ]);
  });
});
