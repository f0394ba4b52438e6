// The engine's messages reach the respondent in their language: every fixed text of the
// engine has a key, the texts with figures are recognised by their shape, English stays verbatim (the
// spec's texts), and an author's own message is shown as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, QUESTION_TYPES, SUBMIT_MESSAGES } from '../../../engine/survey/index';
import { GEO_MESSAGES } from '../../../widgets/geopoint/locate';
import { IMAGE_MESSAGES } from '../../../widgets/image/scale';
import { texts, translate, type TFunction, type Texts } from '../../../widgets/runtime/texts';
import { engineMessage, fieldError, plainLabel } from '../../../widgets/runtime/messages';

const dir = join(import.meta.dirname, '../../../src/i18n');
const load = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Texts;
// The fill route's translator (widgets/runtime/texts.ts), as the fill page gives it to the widgets.
beforeAll(() => {
  texts.addResourceBundle('en', load('locales/en.json'));
  texts.addResourceBundle('ar', load('locales/ar.json'));
  texts.addResourceBundle('ru', load('respondent/ru.json'));
});
const i18n = {
  getFixedT:
    (lng: string): TFunction =>
    (key, options) =>
      translate(key, options, lng),
};

const englishTexts: string[] = [
  ...(Object.values(FIELD_MESSAGES) as unknown[]).filter((m): m is string => typeof m === 'string'),
  ...Object.values(SUBMIT_MESSAGES),
  ...new Set(Object.values(QUESTION_TYPES).map((q) => q.requiredMessage)),
  FIELD_MESSAGES.maxChoices(3),
  FIELD_MESSAGES.range(1, 10, 1),
  FIELD_MESSAGES.range(0, 1, 0.25),
  // The widgets' own: the device's location, a photo that cannot be read.
  ...Object.values(GEO_MESSAGES),
  ...Object.values(IMAGE_MESSAGES),
];

describe('engine messages', () => {
  it('stay verbatim in English', () => {
    const t = i18n.getFixedT('en');
    for (const m of englishTexts) expect(engineMessage(m, t)).toBe(m);
  });

  it('are all translated into Arabic, with the figures in place', () => {
    const t = i18n.getFixedT('ar');
    const untranslated = englishTexts.filter((m) => engineMessage(m, t) === m || /widgets\.engine/.test(engineMessage(m, t)));
    expect(untranslated).toEqual([]);
    expect(engineMessage(FIELD_MESSAGES.range(0, 1, 0.25), t)).toBe('يرجى اختيار قيمة بين 0 و1 بخطوات مقدارها 0.25.');
    expect(engineMessage(FIELD_MESSAGES.maxChoices(2), t)).toBe('يمكنك اختيار خيارين كحد أقصى.');
  });

  it('follow the language plural rules (Russian: 1, 3, 5)', () => {
    const t = i18n.getFixedT('ru');
    expect([1, 3, 5].map((n) => engineMessage(FIELD_MESSAGES.maxChoices(n), t))).toEqual([
      'Можно выбрать не более 1 варианта.',
      'Можно выбрать не более 3 вариантов.',
      'Можно выбрать не более 5 вариантов.',
    ]);
  });

  it("name a server's refusal of a question as written, its rule translated", () => {
    const t = i18n.getFixedT('ar');
    expect(fieldError('consent: This field is required', t)).toEqual({ name: 'consent', message: 'هذا الحقل مطلوب' });
    expect(fieldError('Something else', t)).toEqual({ name: null, message: 'Something else' });
  });

  it("say a label's placeholders in plain text (an option, an aria-label) in the reader's language", () => {
    const t = i18n.getFixedT('ar');
    expect(plainLabel('( No label )', t)).toBe('( بلا تسمية )');
    expect(plainLabel('**عمر** [No value] و [No value]', t)).toBe('عمر [لا توجد قيمة] و [لا توجد قيمة]');
  });

  it("leave an author's message as written", () => {
    expect(engineMessage('Age must be under 120', i18n.getFixedT('ar'))).toBe('Age must be under 120');
  });
});
