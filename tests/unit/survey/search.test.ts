// The search() appearance: a select question's choices are the rows of a CSV attached to the
// survey, all of them or those a filter keeps ('matches', 'contains', 'startswith', 'endswith', and a
// second column that must match), labelled by the columns the question's own choice row names.
import { describe, expect, it } from 'vitest';
import {
  bindSurvey,
  compileSurvey,
  expressionTrees,
  publishProblems,
  q,
  survey,
  validateAnswers,
  type FieldNode,
  type SurveyModel,
} from '../../../engine/survey/index';
import { acceptsAppearance } from '../../../engine/survey/question-types';
import { appearanceWords, csvChoiceId, parseSearch } from '../../../engine/survey/search';
import { stored } from './helpers';

const towns = [
  { code: 'nbo', town: 'Nairobi', county: 'nairobi', region: 'central' },
  { code: 'thk', town: 'Thika', county: 'kiambu', region: 'central' },
  { code: 'kiambu', town: 'Kiambu', county: 'kiambu', region: 'central' },
  { code: 'msa', town: 'Mombasa', county: 'mombasa', region: 'coast' },
  { code: 'thk', town: 'Thika again', county: 'kiambu', region: 'central' },
  { code: '', town: 'No code', county: 'kiambu', region: 'central' },
];

const withTowns = (m: SurveyModel): SurveyModel => ({ ...m, attachments: { towns } });
// The question's own choice row names the CSV's columns (ODK): name = values, label = what is shown.
const template = { name: 'code', label: 'town' };
const field = (m: SurveyModel, name: string) => bindSurvey(m).byName.get(name) as FieldNode;
const names = (m: SurveyModel, name: string) => field(m, name).choices.map((c) => c.name);

describe('reading the appearance', () => {
  it('keeps a search() call whole among the other words', () => {
    expect(appearanceWords("minimal search('towns', 'matches', 'county', ${county})  autocomplete")).toEqual([
      'minimal',
      "search('towns', 'matches', 'county', ${county})",
      'autocomplete',
    ]);
    expect(appearanceWords("search ('towns')")).toEqual(["search('towns')"]);
  });

  it('reads the file, the mode and the column/value pairs', () => {
    expect(parseSearch("search('towns.csv')")).toMatchObject({ file: 'towns', mode: null, pairs: [] });
    expect(parseSearch("search('towns', 'startswith', 'town', ${typed})")).toMatchObject({
      file: 'towns',
      mode: 'startswith',
      pairs: [{ column: 'town', value: '${typed}' }],
    });
    expect(parseSearch("search('towns', 'matches', 'county', ${c}, 'region', 'central')")).toMatchObject({
      pairs: [{ column: 'county' }, { column: 'region', value: "'central'" }],
    });
  });

  it('explains a call it cannot read', () => {
    expect(parseSearch("search('towns', 'like', 'town', 'x')")).toMatch(/'matches', 'contains'.*not 'like'/);
    expect(parseSearch("search('towns', 'matches')")).toMatch(/takes a file name/);
    expect(parseSearch('search(${file})')).toMatch(/file's name in quotes/);
  });

  it('is an appearance of select questions only, and the builder keeps it whole', () => {
    expect(acceptsAppearance(32, "search('towns')")).toBe(true);
    expect(acceptsAppearance(33, "search('towns', 'matches', 'county', ${county})")).toBe(true);
    expect(acceptsAppearance(34, "search('towns')")).toBe(false);
  });
});

describe('choices from the CSV', () => {
  it("are the file's rows: one per distinct non-blank value, labelled by the label column", () => {
    const m = withTowns(survey(q.select_one('town').appearance("search('towns')").choices(template)));
    expect(names(m, 'town')).toEqual(['nbo', 'thk', 'kiambu', 'msa']);
    expect(field(m, 'town').choices.map((c) => c.labels[0]?.text)).toEqual(['Nairobi', 'Thika', 'Kiambu', 'Mombasa']);
    // The other appearance words stay; the call is not one of them.
    expect(field(withTowns(survey(q.select_one('t').appearance("minimal search('towns')").choices(template))), 't').appearance).toEqual([
      'minimal',
    ]);
  });

  it('join several label columns with a space, and fall back to the value for a blank label', () => {
    const m = withTowns(survey(q.select_one('town').appearance("search('towns')").choices({ name: 'code', label: 'town, county' })));
    expect(field(m, 'town').choices[0]?.labels[0]?.text).toBe('Nairobi nairobi');
    const blank = { ...m, attachments: { towns: [{ code: 'x', town: '' }] } };
    expect(field(blank, 'town').choices[0]?.labels[0]?.text).toBe('x');
  });

  it('keep the same id for a value in every load, so stored answers still name their choice', () => {
    const a = field(withTowns(survey(q.select_one('town').appearance("search('towns')").choices(template))), 'town');
    const reordered = {
      ...survey(q.select_one('town').appearance("search('towns')").choices(template)),
      attachments: { towns: [...towns].reverse() },
    };
    const b = field(reordered, 'town');
    expect(b.choices.find((c) => c.name === 'msa')?.id).toBe(a.choices.find((c) => c.name === 'msa')?.id);
    expect(a.choices[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(csvChoiceId(a.id, 'nbo')).not.toBe(csvChoiceId(a.id, 'nbO'));
  });

  it('are none when the file is not attached, and are shown as options on the fill page', () => {
    const m = survey(q.select_one('town').appearance("search('towns')").choices(template));
    expect(names(m, 'town')).toEqual([]);
    const form = compileSurvey(withTowns(m));
    expect(JSON.stringify(form.uiSchema)).toContain('Mombasa');
  });

  it('are checked on submission: a value the file does not hold is refused', () => {
    const m = withTowns(survey(q.select_one('town').appearance("search('towns')").choices(template)));
    expect(validateAnswers(bindSurvey(m), { town: 'msa' }).valid).toBe(true);
    expect(validateAnswers(bindSurvey(m), { town: 'kisumu' }).valid).toBe(false);
  });
});

describe('filtered search()', () => {
  const filtered = (call: string, extra?: string) =>
    withTowns(
      survey(
        q.select_one('county').choices('nairobi', 'kiambu', 'mombasa'),
        q.text('typed'),
        q
          .select_one('town')
          .appearance(call)
          .choices(template)
          .choiceFilter(extra ?? ''),
      ),
    );

  it("'matches' keeps the rows whose column equals the value, as the answers change", () => {
    const m = filtered("search('towns', 'matches', 'county', ${county})");
    expect(stored(m, { county: 'kiambu', town: 'thk' })).toEqual({ county: 'kiambu', town: 'thk' });
    // A town of another county is cleared, as a choice filter clears what it no longer allows.
    expect(stored(m, { county: 'mombasa', town: 'thk' })).toEqual({ county: 'mombasa' });
  });

  it("'contains', 'startswith' and 'endswith' compare the column's text", () => {
    expect(stored(filtered("search('towns', 'contains', 'town', ${typed})"), { typed: 'omba', town: 'msa' })).toMatchObject({
      town: 'msa',
    });
    expect(stored(filtered("search('towns', 'startswith', 'town', ${typed})"), { typed: 'omba', town: 'msa' })).not.toHaveProperty('town');
    expect(stored(filtered("search('towns', 'startswith', 'town', ${typed})"), { typed: 'Mom', town: 'msa' })).toMatchObject({
      town: 'msa',
    });
    expect(stored(filtered("search('towns', 'endswith', 'town', ${typed})"), { typed: 'ika', town: 'thk' })).toMatchObject({ town: 'thk' });
  });

  it('a second column and value must match exactly, whatever the mode', () => {
    const m = filtered("search('towns', 'startswith', 'town', ${typed}, 'region', 'coast')");
    expect(stored(m, { typed: 'M', town: 'msa' })).toMatchObject({ town: 'msa' });
    expect(stored(m, { typed: 'K', town: 'kiambu' })).not.toHaveProperty('town');
  });

  it("and the question's own choice filter both apply; a CSV column named like a question's choice column is no clash", () => {
    const m = filtered("search('towns', 'matches', 'region', 'central')", 'county = ${county}');
    expect(stored(m, { county: 'kiambu', town: 'kiambu' })).toMatchObject({ town: 'kiambu' });
    expect(stored(m, { county: 'nairobi', town: 'kiambu' })).not.toHaveProperty('town');
  });

  it("its filter's parse tree travels with the survey, so the fill page needs no parser", () => {
    const m = filtered("search('towns', 'matches', 'county', ${county})");
    const trees = expressionTrees(bindSurvey(m));
    expect(trees["search('towns', 'matches', 'county', ${county})"]).toMatchObject({ kind: 'call', name: 'search' });
    expect(trees[field(m, 'town').choiceFilter!.source]).not.toBeNull();
  });

  it('a call that cannot be read is a diagnostic naming the appearance', () => {
    const m = filtered("search('towns', 'like', 'town', 'x')");
    expect(bindSurvey(m).diagnostics).toEqual([expect.objectContaining({ name: 'town', role: 'appearance', code: 'search' })]);
  });
});

describe('publishing', () => {
  const m = survey(
    q.text('item'),
    q.calculate('price').calculation("pulldata('prices', 'price', 'key', ${item})"),
    q.select_one('town').appearance("search('towns.csv')").choices(template),
    q.calculate('dynamic').calculation("pulldata(${item}, 'price', 'key', 'x')"),
  );

  it('refuses a pulldata() or search() whose CSV is not attached, naming the question and the file', () => {
    const problems = publishProblems(m, undefined, ['towns']);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'attachmentMissing', name: 'price', property: 'calculation', file: 'prices.csv' }),
    ]);
    expect(publishProblems(m, undefined, []).map((p) => `${p.name}:${p.file}`)).toEqual(['price:prices.csv', 'town:towns.csv']);
  });

  it('passes once every named file is attached; a name computed at run time is not checked', () => {
    expect(publishProblems(m, undefined, ['towns', 'prices'])).toEqual([]);
    expect(publishProblems({ ...m, attachments: { towns, prices: [] } })).toEqual([]);
  });
});

describe('an XLSForm that reads CSV files', () => {
  it('imports search() as the appearance and warns per question, naming the file to attach', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const { importBytes } = await import('../xlsform/helpers');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('survey').addRows([
      ['type', 'name', 'label', 'appearance', 'calculation'],
      ['select_one towns', 'town', 'Town', "minimal search('towns', 'matches', 'county', ${county})", ''],
      ['text', 'county', 'County', '', ''],
      ['calculate', 'price', '', '', "pulldata('prices', 'price', 'key', ${county}) + pulldata(\"fees.csv\", 'fee', 'key', 'x')"],
    ]);
    wb.addWorksheet('choices').addRows([
      ['list_name', 'name', 'label'],
      ['towns', 'code', 'town'],
    ]);
    const { model, report } = await importBytes(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(model).not.toBeNull();
    const warned = report.filter((r) => r.code === 'search' || r.code === 'pulldata').map((r) => `${r.name}/${r.column}: ${r.message}`);
    expect(warned).toEqual([
      "town/appearance: The choices are the rows of the CSV file 'towns.csv' (search()): attach it to the survey under the same name before publishing.",
      "price/calculation: pulldata() reads the CSV file 'prices.csv': attach it to the survey under the same name before publishing.",
      "price/calculation: pulldata() reads the CSV file 'fees.csv': attach it to the survey under the same name before publishing.",
    ]);
    const town = field({ ...model!, attachments: { towns } }, 'town');
    expect(town.appearance).toEqual(['minimal']);
    expect(town.search).toMatchObject({ file: 'towns', mode: 'matches' });
  });
});
