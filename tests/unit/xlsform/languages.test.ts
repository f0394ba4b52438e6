// Every language of a form survives the import, whatever its column calls it: a language of our list by
// code, English name or its own name; any other as a language of the survey under its own name; the
// columns without a language as pyxform's default language. Our export of it reads back the same, and
// pyxform's XForm of the export holds the same translations as its XForm of the original.
import { describe, expect, it } from 'vitest';
import type { SurveyModel } from '../../../engine/survey/index';
import { workbookOf } from '../../../server/services/surveyExport';
import { importBytes } from './helpers';
import { itextOf, renamed, workbook, xformsOf } from './itext';

/** Languages by name with their code and whether they are the survey's own; texts by language name. */
function readable(m: SurveyModel) {
  const name = new Map(m.surveyLanguageMaps.map((l) => [l.languageId, l.name]));
  const texts = (list: readonly { languageId: number; text: string }[]) =>
    Object.fromEntries(list.map((t) => [name.get(t.languageId), t.text]));
  return {
    languages: m.surveyLanguageMaps.map((l) => ({ name: l.name, code: l.code, base: l.isBaseLanguage, custom: l.custom ?? false })),
    items: m.surveyItems.map((i) => ({
      name: i.surveyItem.name,
      label: texts(i.surveyItem.questionLabels),
      hint: texts(i.surveyItem.surveyQuestionHints),
      choices: i.surveyItem.selectQuestionChoices.map((c) => [c.name, texts(c.choiceLabels)]),
    })),
  };
}

async function imported(sheets: Record<string, string[][]>) {
  const bytes = await workbook(sheets);
  const r = await importBytes(bytes);
  expect(r.report.filter((e) => e.level === 'error')).toEqual([]);
  return { bytes, model: r.model!, report: r.report };
}

/** Import, export, import: the same languages and texts; and pyxform's translations of both workbooks, the original's languages renamed as the export writes them. */
async function roundTrip(bytes: Buffer, model: SurveyModel, names: Record<string, string> = {}) {
  const exported = await workbookOf(model);
  const back = await importBytes(exported);
  expect(back.report.filter((e) => e.level === 'error')).toEqual([]);
  expect(readable(back.model!)).toEqual(readable(model));
  const xforms = xformsOf([
    { name: 'original.xlsx', bytes },
    { name: 'exported.xlsx', bytes: exported },
  ]);
  if (xforms) expect(itextOf(xforms[1]!)).toEqual(renamed(itextOf(xforms[0]!), names));
}

// Most tests run pyxform (Python) twice: seconds on a loaded machine.
describe('languages of an XLSForm', { timeout: 60_000 }, () => {
  it('keeps languages not on our list under their own names, and finds ours by their own names', async () => {
    const { bytes, model, report } = await imported({
      survey: [
        [
          'type',
          'name',
          'label::العربية',
          'label::Français',
          'label::Local language',
          'label::Tigrinya',
          'label::Kurmanji (kmr)',
          'hint::Local language',
        ],
        ['text', 'who', 'من؟', 'Qui ?', 'Who (local)?', 'መን?', 'Kî?', 'A hint in the local language'],
        ['select_one yn', 'ok', 'بخير؟', 'Ça va ?', 'Fine (local)?', 'ደሓን?', 'Baş e?', ''],
      ],
      choices: [
        ['list_name', 'name', 'label::العربية', 'label::Français', 'label::Local language', 'label::Tigrinya', 'label::Kurmanji (kmr)'],
        ['yn', 'yes', 'نعم', 'Oui', 'Yes (local)', 'እወ', 'Erê'],
        ['yn', 'no', 'لا', 'Non', 'No (local)', 'ኣይፋል', 'Na'],
      ],
      settings: [['default_language'], ['العربية']],
    });
    expect(readable(model).languages).toEqual([
      { name: 'Arabic', code: 'ar', base: true, custom: false },
      { name: 'French', code: 'fr', base: false, custom: false },
      { name: 'Local language', code: '', base: false, custom: true },
      { name: 'Tigrinya', code: 'ti', base: false, custom: false },
      { name: 'Kurmanji', code: 'kmr', base: false, custom: true },
    ]);
    expect(readable(model).items[1]).toEqual({
      name: 'ok',
      label: { Arabic: 'بخير؟', French: 'Ça va ?', 'Local language': 'Fine (local)?', Tigrinya: 'ደሓን?', Kurmanji: 'Baş e?' },
      hint: {},
      choices: [
        ['yes', { Arabic: 'نعم', French: 'Oui', 'Local language': 'Yes (local)', Tigrinya: 'እወ', Kurmanji: 'Erê' }],
        ['no', { Arabic: 'لا', French: 'Non', 'Local language': 'No (local)', Tigrinya: 'ኣይፋል', Kurmanji: 'Na' }],
      ],
    });
    // Said once per language, naming the column where it first appears.
    expect(report.filter((e) => e.code === 'freeLanguage').map((e) => [e.sheet, e.column])).toEqual([
      ['survey', 'label::Local language'],
      ['survey', 'label::Kurmanji (kmr)'],
    ]);
    await roundTrip(bytes, model, { العربية: 'Arabic (ar)', Français: 'French (fr)', Tigrinya: 'Tigrinya (ti)' });
  });

  it("reads the columns without a language beside translated ones as pyxform's 'default' language", async () => {
    // The English-and-Indonesian form: English in the plain columns.
    const { bytes, model, report } = await imported({
      survey: [
        ['type', 'name', 'label', 'hint', 'label::Indonesian', 'hint::Indonesian'],
        ['integer', 'age', 'Age', 'In years', 'Umur', 'Dalam tahun'],
        ['select_one yn', 'ok', 'Fine?', '', 'Baik?', ''],
      ],
      choices: [
        ['list_name', 'name', 'label', 'label::Indonesian'],
        ['yn', 'yes', 'Yes', 'Ya'],
        ['yn', 'no', 'No', 'Tidak'],
      ],
    });
    expect(readable(model)).toEqual({
      languages: [
        { name: 'default', code: '', base: true, custom: true },
        { name: 'Indonesian', code: 'id', base: false, custom: false },
      ],
      items: [
        {
          name: 'age',
          label: { default: 'Age', Indonesian: 'Umur' },
          hint: { default: 'In years', Indonesian: 'Dalam tahun' },
          choices: [],
        },
        {
          name: 'ok',
          label: { default: 'Fine?', Indonesian: 'Baik?' },
          hint: {},
          choices: [
            ['yes', { default: 'Yes', Indonesian: 'Ya' }],
            ['no', { default: 'No', Indonesian: 'Tidak' }],
          ],
        },
      ],
    });
    expect(report).toEqual([]);
    await roundTrip(bytes, model, { Indonesian: 'Indonesian (id)' });
  });

  it('reads a column without a language that no row has in a language as the base language, shown in every language', async () => {
    // pyxform writes such a hint as the same text in every language (a plain <hint>); the fill page
    // shows the base language's text where a language has none.
    const { bytes, model } = await imported({
      survey: [
        ['type', 'name', 'label::English (en)', 'label::French (fr)', 'hint'],
        ['text', 'who', 'Who?', 'Qui ?', 'Your full name'],
      ],
    });
    expect(readable(model)).toEqual({
      languages: [
        { name: 'English', code: 'en', base: true, custom: false },
        { name: 'French', code: 'fr', base: false, custom: false },
      ],
      items: [{ name: 'who', label: { English: 'Who?', French: 'Qui ?' }, hint: { English: 'Your full name' }, choices: [] }],
    });
    const exported = await workbookOf(model);
    expect(readable((await importBytes(exported)).model!)).toEqual(readable(model));
    const xforms = xformsOf([
      { name: 'original.xlsx', bytes },
      { name: 'exported.xlsx', bytes: exported },
    ]);
    if (!xforms) return;
    expect(xforms[0]).toContain('<hint>Your full name</hint>');
    // Ours names the hint's language: the English text is the same, French has none ('-', as pyxform fills a missing text).
    expect(itextOf(xforms[1]!).texts['English (en)']).toContain(':Your full name');
  });

  it('reads the plain columns as the default_language of the settings, found by its own name', async () => {
    // The Arabic form whose settings said Arabic: its Arabic texts are the plain columns.
    const { bytes, model } = await imported({
      survey: [
        ['type', 'name', 'label', 'label::English'],
        ['text', 'who', 'من أنت؟', 'Who are you?'],
      ],
      settings: [['default_language'], ['العربية']],
    });
    expect(readable(model).languages).toEqual([
      { name: 'Arabic', code: 'ar', base: true, custom: false },
      { name: 'English', code: 'en', base: false, custom: false },
    ]);
    expect(readable(model).items[0]!.label).toEqual({ Arabic: 'من أنت؟', English: 'Who are you?' });
    await roundTrip(bytes, model, { العربية: 'Arabic (ar)', English: 'English (en)' });
  });

  it("says how many texts of a plain column the default language's own column replaced, as pyxform does", async () => {
    const { bytes, model, report } = await imported({
      survey: [
        ['type', 'name', 'label', 'label::English (en)', 'hint', 'hint::English (en)'],
        ['text', 'a', 'Plain A', 'English A', 'Same', 'Same'],
        ['text', 'b', 'Plain B', 'English B', '', ''],
        ['text', 'c', '', 'English C', '', ''],
      ],
      settings: [['default_language'], ['English (en)']],
    });
    expect(readable(model).items.map((i) => i.label)).toEqual([
      { English: 'English A' },
      { English: 'English B' },
      { English: 'English C' },
    ]);
    expect(report.map((e) => [e.code, e.column, e.params])).toEqual([
      ['textReplaced', 'label', { column: 'label', by: 'label::English (en)', count: 2 }],
    ]);
    // pyxform reads the same texts from the original: the suffixed column wins.
    await roundTrip(bytes, model);
  });

  it('keeps two spellings of one language apart, as pyxform does', async () => {
    const { model } = await imported({
      survey: [
        ['type', 'name', 'label::English', 'label::English (en)'],
        ['text', 'a', 'One', 'Two'],
      ],
    });
    expect(readable(model).languages.map((l) => [l.name, l.code, l.custom])).toEqual([
      ['English', 'en', false],
      ['English', 'en', true],
    ]);
    expect(model.surveyItems[0]!.surveyItem.questionLabels.map((t) => t.text)).toEqual(['One', 'Two']);
  });

  it("names a column's empty language part 'default' rather than store a language without a name", async () => {
    const { model } = await imported({
      survey: [
        ['type', 'name', 'label::', 'label::French (fr)'],
        ['text', 'a', 'A', 'A fr'],
      ],
    });
    expect(readable(model).languages.map((l) => l.name)).toEqual(['default', 'French']);
    expect(readable(model).items[0]!.label).toEqual({ default: 'A', French: 'A fr' });
  });

  it('refuses a form with more languages than a survey holds, naming the limit', async () => {
    const header = ['type', 'name', ...Array.from({ length: 101 }, (_, i) => `label::Language ${i}`)];
    const r = await importBytes(await workbook({ survey: [header, ['text', 'a', ...header.slice(2).map((h) => h)]] }));
    expect(r.model).toBeNull();
    expect(r.report.filter((e) => e.level === 'error').map((e) => [e.code, e.params])).toEqual([
      ['tooManyLanguages', { count: 101, max: 100 }],
    ]);
  });
});
