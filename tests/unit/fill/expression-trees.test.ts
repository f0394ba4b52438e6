// The fill page runs a survey on the parse trees the server sends with it (engine/survey/trees.ts)
// instead of the parser, which the browser build leaves out (src/expression/syntax.ts). Every text the
// page would parse - filling in each language, showing a stored submission, validating - must have its
// tree, or that expression would break on a respondent's phone.
import { describe, expect, it, vi } from 'vitest';
import type * as Syntax from '../../../engine/expression/syntax/parse-syntax';
import type { SurveyModel } from '../../../engine/survey/index';
import { demoSurvey } from '../../../fixtures/demo/surveys';
import { bigSurvey, repeatSurvey } from '../../bench/fill-surveys';
import { syntheticSurvey } from '../../support/synthetic-survey';
import { LANGUAGES } from '../survey/helpers';

const parsed = new Set<string>();
vi.mock('../../../engine/expression/syntax/parse-syntax', async (importOriginal) => {
  const real = await importOriginal<typeof Syntax>();
  return {
    ...real,
    parseSyntax: (source: string) => {
      parsed.add(source);
      return real.parseSyntax(source);
    },
  };
});

/** The texts the fill page parses for a survey, on fresh engine modules (their caches empty). */
async function textsParsedFilling(model: SurveyModel): Promise<Set<string>> {
  vi.resetModules();
  parsed.clear();
  const survey = await import('../../../engine/survey/index');
  const widgets = await import('../../../widgets/index');
  for (const language of [undefined, ...model.surveyLanguageMaps.map((l) => l.languageId)]) {
    const form = survey.compileSurvey(model, language);
    widgets.createRuntime(form, { fresh: true }).dispose();
    widgets.createRuntime(form, { data: {}, readOnly: true }).dispose();
    survey.validateAnswers(form.bindings, {});
  }
  return new Set(parsed);
}

async function treesOf(model: SurveyModel) {
  vi.resetModules();
  const survey = await import('../../../engine/survey/index');
  return survey.expressionTrees(survey.bindSurvey(model));
}

const surveys: [string, () => SurveyModel][] = [
  ['the demo survey (all 21 types, three languages)', () => demoSurvey(LANGUAGES)],
  ['the 2,000-question benchmark survey', bigSurvey],
  ['the repeat benchmark survey', repeatSurvey],
  ['a synthetic 50-question survey', () => syntheticSurvey(50)],
];

describe('expression trees sent with a survey', () => {
  it.each(surveys)(
    'cover every text the fill page parses: %s',
    async (_, make) => {
      const model = make();
      const texts = await textsParsedFilling(model);
      const trees = await treesOf(model);
      expect(texts.size).toBeGreaterThan(0);
      expect([...texts].filter((t) => !(t in trees))).toEqual([]);
      expect(Object.entries(trees).filter(([, tree]) => tree === null)).toEqual([]);
      // The 2,000-question survey compiles and runs its engine four times (each language, read-only, the
      // check): about 2 s alone, close to vitest's 5 s on a loaded CI machine. Not a speed check.
    },
    30_000,
  );

  it('are what the parser makes of each text, and null for a text that does not parse', async () => {
    const { parse } = await import('../../../engine/expression/index');
    const { bindSurvey, expressionTrees, q, survey } = await import('../../../engine/survey/index');
    const model = survey(
      q.integer('age'),
      q.text('job').relevant('${age} >= 18'),
      q.integer('years').constraint('. <= ${age} -').default('0'),
      q.select_one('color').choices('red', 'blue').required(),
    );
    const trees = expressionTrees(bindSurvey(model));
    expect(trees['${age} >= 18']).toEqual(parse('${age} >= 18').root);
    expect(trees['. <= ${age} -']).toBeNull();
    // The binds the graph makes: a typed literal default, required.
    expect(trees['0']).toEqual(parse('0').root);
    expect(trees['true()']).toEqual(parse('true()').root);
    // Through JSON, as the page receives them.
    expect(JSON.parse(JSON.stringify(trees))).toEqual({ ...trees });
  });
});
