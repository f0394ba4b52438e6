// The fixture surveys the XForm tests read: the demo survey, one question of every type as the builder makes
// it, and each published workbook in fixtures/xlsforms that our import accepts.
import { readdirSync } from 'node:fs';
import { QUESTION_TYPE_CODES, type SurveyModel } from '../../../engine/survey/index';
import { newItem } from '../../../engine/survey/editor/defaults';
import { demoSurvey } from '../../../fixtures/demo/surveys';
import { importFile } from '../xlsform/helpers';

const FIXTURES = 'fixtures/xlsforms';

export const LANGUAGES = [
  { code: 'en', languageId: 1, name: 'English' },
  { code: 'fr', languageId: 2, name: 'French' },
  { code: 'ar', languageId: 3, name: 'Arabic' },
];

export function everyType(): SurveyModel {
  const demo = demoSurvey(LANGUAGES);
  const items = QUESTION_TYPE_CODES.map((t, i) => {
    const it = newItem(t, {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `q${i}`,
      languageId: 1,
      newId: () => crypto.randomUUID(),
    });
    it.surveyItem.order = i + 1;
    return it;
  });
  return { ...demo, name: 'Every type', surveyItems: items };
}

export async function fixtureSurveys(): Promise<{ name: string; model: SurveyModel }[]> {
  const out: { name: string; model: SurveyModel }[] = [
    { name: 'demo', model: demoSurvey(LANGUAGES) },
    { name: 'every-type', model: everyType() },
  ];
  for (const f of readdirSync(FIXTURES)
    .filter((f) => /\.xlsx?$/.test(f))
    .sort()) {
    const r = await importFile(`${FIXTURES}/${f}`).catch(() => null);
    if (r?.model && !r.report.some((l) => l.level === 'error')) out.push({ name: f, model: r.model });
  }
  return out;
}
