// The surveys of the fill-page benchmark, built deterministically with the survey DSL:
// - 2,000 questions in 20 sections: 1,700 inputs, 300 calculations, 300 relevance rules, wired like
//   real forms (calculations of answers and of other calculations, rules on earlier answers), with
//   `q0` read by 30 of the rules and calculations: the field the typing measurement types into.
// - a repeat that the respondent sizes, 5 questions an instance, and a total over all instances.
import {
  bindSurvey,
  buildSurvey,
  expressionTrees,
  q,
  repeat,
  section,
  type ItemBuilder,
  type SurveyModel,
} from '../../engine/survey/index';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const INPUTS = ['integer', 'text', 'integer', 'select_one', 'decimal', 'integer', 'date', 'select_multiple'] as const;
export const BIG_QUESTIONS = 2000;
export const DRIVER = 'q0';

/** The questions whose only rule is on the driver: present exactly when it is over 5. */
export function driverDependants(model: SurveyModel): string[] {
  const out: string[] = [];
  for (const sec of model.surveyItems)
    for (const item of sec.innerItems) if (item.surveyItem.relevant === `coalesce(\${${DRIVER}}, 0) > 5`) out.push(item.surveyItem.name);
  return out;
}

/**
 * `driven`: how many of the 300 relevance rules are on the driver itself (the fill-page bench asks for
 * 200: a question that opens 200 others); the others, as the rest, on a random earlier number.
 */
export function bigSurvey(driven = 0): SurveyModel {
  const random = rng(7);
  const numbers: string[] = [];
  const calcs: string[] = [];
  const sections: ItemBuilder[] = [];
  let calcCount = 0;
  let ruleCount = 0;
  for (let s = 0; s < 20; s++) {
    const items: ItemBuilder[] = [];
    for (let k = 0; k < 100; k++) {
      const i = s * 100 + k;
      const name = `q${i}`;
      const pick = (list: readonly string[]): string =>
        random() < 0.1 && i > 0 ? DRIVER : (list[Math.floor(random() * list.length)] ?? DRIVER);
      // 15 of every 100 are calculations, 15 carry a relevance rule: 300 of each.
      if (i > 0 && k % 20 >= 1 && k % 20 <= 3) {
        const a = pick(numbers);
        const b = pick(numbers);
        const earlier = calcs.length > 0 && random() < 0.5 ? calcs[Math.floor(random() * calcs.length)] : undefined;
        const expr =
          earlier !== undefined
            ? `coalesce(\${${earlier}}, 0) + coalesce(\${${a}}, 0)`
            : `coalesce(\${${a}}, 0) * 2 + coalesce(\${${b}}, 0)`;
        items.push(q.calculate(name).calculation(expr));
        calcs.push(name);
        calcCount++;
        continue;
      }
      const kind = INPUTS[i % INPUTS.length]!;
      let item = q[kind](name).label(`Question ${i}: how many, how much, which one?`);
      if (kind === 'select_one' || kind === 'select_multiple') item = item.choices('a', 'b', 'c', 'd');
      if (kind === 'integer') item = item.constraint('. >= 0', 'At least 0');
      if (i > 0 && k % 20 >= 4 && k % 20 <= 6) {
        item = item.relevant(`coalesce(\${${ruleCount < driven ? DRIVER : pick(numbers)}}, 0) > 5`);
        ruleCount++;
      }
      items.push(item);
      if (kind === 'integer' || kind === 'decimal') numbers.push(name);
    }
    sections.push(section(`s${s}`, ...items).label(`Section ${s + 1}`));
  }
  if (calcCount !== 300 || ruleCount !== 300) throw new Error(`bench survey has ${calcCount} calculations and ${ruleCount} rules`);
  return buildSurvey({ name: 'Benchmark: 2,000 questions' }, sections);
}

export function repeatSurvey(): SurveyModel {
  return buildSurvey({ name: 'Benchmark: repeats' }, [
    repeat(
      'item',
      q.text('item_name').label('Item ${item_name}'),
      q.integer('qty').label('Quantity'),
      q.select_one('unit').label('Unit').choices('kg', 'litre', 'piece'),
      q.date('bought').label('Bought on'),
      q.calculate('line').calculation('coalesce(${qty}, 0) * 2'),
    ).label('Items'),
    q.calculate('total').calculation('sum(${line})'),
    q.note('summary').label('Total: ${total}'),
  ]);
}

/** What GET /Survey/GetPreviewData answers for a deployed survey (server/services/surveys.ts). */
export const previewOf = (model: SurveyModel) => ({
  ...model,
  languageId: 1,
  isExpired: false,
  alreadySubmitted: false,
  canSubmitSurvey: true,
  expressionTrees: expressionTrees(bindSurvey(model)),
});
