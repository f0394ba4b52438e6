// XLSForm's required column holds yes/no or an expression: a conditional required comes in as the
// condition (not as always required: a form nobody could complete), and goes back out as written.
import { describe, expect, it } from 'vitest';
import { buildSurvey, q } from '../../../engine/survey/index';
import { workbookOf } from '../../../server/services/surveyExport';
import { importBytes } from './helpers';
import { judgeBuffers, mustJudge, pyxformMissing } from './pyxform';

const missing = pyxformMissing();
const en = [{ code: 'en', languageId: 1, name: 'English' }];

describe('a required condition', () => {
  const model = buildSurvey({ name: 'Verbal autopsy', languages: en }, [
    q.select_one('health').label('Health').choices('alive', 'dead'),
    q.date('death_date').label('Date of death').required("${health} = 'dead'"),
    q.text('name').label('Name').required(),
    q.text('note_text').label('Notes'),
  ]);

  it('exports as written, pyxform accepts it as the bind, and it imports back as the condition', { timeout: 60_000 }, async () => {
    const bytes = await workbookOf(model);
    const back = await importBytes(bytes, 'autopsy');
    expect(back.report).toEqual([]);
    const byName = new Map(back.model!.surveyItems.map((i) => [i.surveyItem.name, i.surveyItem]));
    expect(byName.get('death_date')).toMatchObject({ isRequired: false, requiredExpression: "${health} = 'dead'" });
    expect(byName.get('name')).toMatchObject({ isRequired: true, requiredExpression: null });
    expect(byName.get('note_text')).toMatchObject({ isRequired: false, requiredExpression: null });
    if (missing) {
      if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
      return;
    }
    const [verdict] = judgeBuffers([{ name: 'autopsy.xlsx', bytes }]);
    expect(verdict?.error).toBeUndefined();
    expect(verdict?.ok).toBe(true);
    // pyxform writes the reference as the node's path, so ODK Collect asks for the date only then.
    expect(verdict?.xform).toMatch(/nodeset="\/[^"]*\/death_date"[^>]*required=" \/[^"]*\/health  = 'dead'"/);
    expect(verdict?.xform).toMatch(/nodeset="\/[^"]*\/name"[^>]*required="true\(\)"/);
  });
});
