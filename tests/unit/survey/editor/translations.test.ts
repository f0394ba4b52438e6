// The translatable texts of a survey, the untranslated count, applying typed translations, and the
// translation spreadsheet's rows both ways.
import { describe, expect, it } from 'vitest';
import {
  buildSurvey,
  compileSurvey,
  q,
  readTranslationSheet,
  section,
  textFor,
  toTranslate,
  translatableTexts,
  translationBody,
  translationSheet,
  untranslatedCount,
  withTranslations,
} from '../../../../engine/survey/index';

const EN = 1;
const FR = 2;
const AR = 3;
const languages = [
  { code: 'en', languageId: EN, name: 'English' },
  { code: 'fr', languageId: FR, name: 'French' },
  { code: 'ar', languageId: AR, name: 'Arabic' },
];

const model = () =>
  buildSurvey({ languages }, [
    section('home', q.select_one('colour').label({ en: 'Colour', fr: 'Couleur' }).hint('Pick one').choices('red', 'blue'))
      .label('Home')
      .hint('About the home'),
    q.range('score').label('Score').rangeLabels('Bad', 'Good'),
    q.integer('age').label('Age').constraint('. > 0', 'Too young'),
  ]);

describe('translatable texts', () => {
  it("lists every localized property the types declare, range labels and choices, in the outline's order", () => {
    const list = translatableTexts(model());
    expect(list.map((t) => `${t.where} ${t.role}`)).toEqual([
      'home title',
      'home hint',
      'home/colour title',
      'home/colour hint',
      'home/colour guidanceHint',
      'home/colour requiredMessage',
      'home/colour constraintMessage',
      'home/colour/red choices',
      'home/colour/blue choices',
      'score title',
      'score hint',
      'score guidanceHint',
      'score requiredMessage',
      'score constraintMessage',
      'score rangeFirst',
      'score rangeSecond',
      'age title',
      'age hint',
      'age guidanceHint',
      'age requiredMessage',
      'age constraintMessage',
    ]);
    expect(list[0]!.isSection).toBe(true);
  });

  it('counts the texts the base language has and a language lacks', () => {
    const list = toTranslate(translatableTexts(model()), EN);
    expect(list).toHaveLength(11);
    expect(untranslatedCount(list, EN, FR)).toBe(10);
    expect(untranslatedCount(list, EN, AR)).toBe(11);
  });

  it('applies typed texts as the server would, an empty text removing one, and the renderer falls back to the base language', () => {
    const m = model();
    const list = translatableTexts(m);
    const colour = list.find((t) => t.where === 'home/colour' && t.role === 'title')!;
    const red = list.find((t) => t.where === 'home/colour/red')!;
    const first = list.find((t) => t.role === 'rangeFirst')!;
    const changes = [
      { key: colour.key, text: '' },
      { key: red.key, text: 'rouge' },
      { key: first.key, text: 'Mauvais' },
    ];
    const next = withTranslations(m, FR, changes);
    const after = translatableTexts(next);
    expect(textFor(after.find((t) => t.key === colour.key)!.texts, FR)).toBe('');
    expect(textFor(after.find((t) => t.key === red.key)!.texts, FR)).toBe('rouge');
    expect(textFor(after.find((t) => t.key === first.key)!.texts, FR)).toBe('Mauvais');
    expect(textFor(after.find((t) => t.key === first.key)!.texts, EN)).toBe('Bad');
    // Untouched items keep their identity (the builder's history shares them).
    expect(next.surveyItems[2]).toBe(m.surveyItems[2]);
    expect(translationBody(list, changes)).toEqual({
      texts: [
        { itemId: colour.itemId, kind: 'label', text: '' },
        { itemId: first.itemId, kind: 'range_first', text: 'Mauvais' },
      ],
      choiceTexts: [{ choiceId: red.choiceId, text: 'rouge' }],
    });
    const compiled = compileSurvey(next, FR);
    expect(JSON.stringify(compiled.schema)).toContain('Colour');
    expect(compiled.language.dir).toBe('ltr');
    expect(compileSurvey(next, AR).language.dir).toBe('rtl');
  });
});

describe('the translation spreadsheet', () => {
  it('has a row per base text and a column per language, base first', () => {
    const rows = translationSheet(model());
    expect(rows[0]).toEqual(['key', 'where', 'what', 'English (en)', 'French (fr)', 'Arabic (ar)']);
    expect(rows).toHaveLength(12);
    expect(rows[1]!.slice(2, 4)).toEqual(['Section name', 'Home']);
    expect(rows.find((r) => r[3] === 'Colour')!.slice(3)).toEqual(['Colour', 'Couleur', '']);
  });

  it('reads back the changed texts per language; blank cells, the base column and unknown keys change nothing', () => {
    const m = model();
    const rows = translationSheet(m).map((r) => [...r]);
    const age = rows.find((r) => r[3] === 'Age')!;
    age[5] = 'العمر';
    age[3] = 'Years';
    rows.find((r) => r[3] === 'Colour')![4] = '';
    rows.push(['item:gone:label', 'x', 'Label', 'Gone', 'Parti', '']);
    // Columns may be moved around in Excel: found by their language code.
    const moved = rows.map((r) => [r[5]!, r[0]!, r[1]!, r[2]!, r[3]!, r[4]!]);
    const reading = readTranslationSheet(m, moved);
    expect(reading.problems).toEqual([]);
    expect(reading.unknownRows).toBe(1);
    expect(reading.languages.sort()).toEqual([FR, AR]);
    expect(reading.changes.get(AR)).toEqual([{ key: age[0], text: 'العمر' }]);
    expect(reading.changes.get(FR)).toBeUndefined();
  });

  it('says what is wrong with a sheet that is not an export', () => {
    expect(readTranslationSheet(model(), [['a', 'b']]).problems[0]).toContain("'key'");
    expect(readTranslationSheet(model(), [['key', 'German (de)']]).problems[0]).toContain('No column');
  });
});
