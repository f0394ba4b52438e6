// Synthetic surveys for benchmarks and load tests: n questions of the common input types, every
// fifth with a relevance rule, every tenth a calculation, answered completely by `answersFor`.
import { buildSurvey, q, type FormValues, type ItemBuilder, type SurveyModel } from '../../engine/survey/index';

const KINDS = ['text', 'integer', 'select_one', 'decimal', 'select_multiple', 'date', 'integer', 'text', 'select_one', 'integer'] as const;

export function syntheticSurvey(
  n: number,
  opts: { languages?: { code: string; languageId: number; name: string }[]; name?: string } = {},
): SurveyModel {
  const items: ItemBuilder[] = [];
  for (let i = 0; i < n; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const name = `q${i}`;
    let item = q[kind](name).label(`Question ${i}`);
    if (kind === 'select_one' || kind === 'select_multiple') item = item.choices('a', 'b', 'c', 'd');
    if (kind === 'integer') item = item.constraint('. >= 0 and . <= 1000', 'Between 0 and 1000');
    if (i % 5 === 4 && i > 0) item = item.relevant(`\${q${i - 3}} != ''`);
    if (i % 10 === 9) item = q.calculate(name).calculation(`\${q${i - 3}} + 1`);
    if (i % 7 === 0) item = item.required();
    items.push(item);
  }
  return buildSurvey({ name: opts.name ?? `Synthetic ${n}`, ...(opts.languages ? { languages: opts.languages } : {}) }, items);
}

export function answersFor(survey: SurveyModel): FormValues {
  const data: FormValues = {};
  for (const item of survey.surveyItems) {
    const s = item.surveyItem;
    const i = Number(s.name.slice(1));
    switch (s.questionType) {
      case 34:
        data[s.name] = `answer ${i}`;
        break;
      case 35:
        data[s.name] = i % 1000;
        break;
      case 36:
        data[s.name] = i + 0.5;
        break;
      case 32:
        data[s.name] = 'b';
        break;
      case 33:
        data[s.name] = 'a c';
        break;
      case 37:
        data[s.name] = '2026-05-17';
        break;
      default:
        break;
    }
  }
  return data;
}
