// The server's re-validation works under a budget. Calculations that double a text per
// step, nested computed repeat counts and plain step floods stop with BudgetExceeded naming the question,
// quickly; real surveys, the largest submissions included, stay far below it.
import { describe, expect, it } from 'vitest';
import { BudgetExceeded } from '../../../engine/expression/index';
import { buildSurvey, compileSurvey, q, repeat, validateAnswers, type ItemBuilder } from '../../../engine/survey/index';
import { evaluationBudget } from '../../../server/services/answerCheck';

const bindingsOf = (items: ItemBuilder[]) => compileSurvey(buildSurvey({ name: 'budget' }, items)).bindings;
const budget = evaluationBudget;

// How long it takes is the budget's own clock (800 ms of CPU), not asserted here: timed tests flake under load.
function timed<T>(f: () => T): { value?: T; error?: unknown } {
  try {
    return { value: f() };
  } catch (error) {
    return { error };
  }
}

describe('the evaluation budget', () => {
  it('stops a calculation that doubles a text at each step, naming the question where it went over', () => {
    const items: ItemBuilder[] = [q.calculate('c0').calculation("'abcdefghijklmnop'")];
    for (let i = 1; i <= 40; i++) items.push(q.calculate(`c${i}`).calculation(`concat(\${c${i - 1}}, \${c${i - 1}})`));
    const r = timed(() => validateAnswers(bindingsOf(items), {}, { budget: budget() }));
    expect(r.error).toBeInstanceOf(BudgetExceeded);
    expect(r.error).toMatchObject({ limit: 'text', field: 'c16' });
  });

  it('stops nested computed repeat counts that multiply', () => {
    const items: ItemBuilder[] = [
      q.integer('n'),
      repeat(
        'outer',
        repeat('inner', repeat('innermost', q.calculate('x').calculation('position(..) * 2')).repeat('${n}')).repeat('${n}'),
      ).repeat('${n}'),
    ];
    const r = timed(() => validateAnswers(bindingsOf(items), { n: 1000 }, { budget: budget() }));
    expect(r.error).toBeInstanceOf(BudgetExceeded);
    expect(['steps', 'time']).toContain((r.error as BudgetExceeded).limit);
  });

  it('lets the same surveys through without a budget (the fill page) when their numbers are small', () => {
    const items: ItemBuilder[] = [q.integer('n'), repeat('outer', q.calculate('x').calculation('position(..) * 2')).repeat('${n}')];
    expect(validateAnswers(bindingsOf(items), { n: 3 }, { budget: budget() }).valid).toBe(true);
  });

  it(
    'leaves room for a 2,000-question survey and for a submission of 1,000 repeat instances of 10 calculations',
    { timeout: 30_000 },
    () => {
      const flat: ItemBuilder[] = [];
      for (let i = 0; i < 2000; i++)
        flat.push(
          i % 2
            ? q
                .integer(`q${i}`)
                .relevant(`\${q${i - 1}} > 0`)
                .constraint('. < 1000')
            : q.calculate(`q${i}`).calculation('1 + 1'),
        );
      expect(validateAnswers(bindingsOf(flat), { q1: 5 }, { budget: budget() }).valid).toBe(true);
      const calcs = Array.from({ length: 10 }, (_, i) => q.calculate(`k${i}`).calculation(`position(..) + ${i}`));
      const rows = [q.integer('n'), repeat('r', ...calcs).repeat('${n}')];
      expect(validateAnswers(bindingsOf(rows), { n: 1000 }, { budget: budget() }).valid).toBe(true);
    },
  );
});
