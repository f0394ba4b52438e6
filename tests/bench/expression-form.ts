// The synthetic form of the recalculation benchmark: 1,000 fields, of which 300 calculations and
// 300 questions with relevance rules, wired like real forms (chains, fan-in, a repeat), built
// deterministically so every run measures the same thing.
import type { Bind, FieldShape } from '../../engine/expression/index';

export interface SyntheticForm {
  readonly fields: FieldShape[];
  readonly binds: Bind[];
  readonly inputs: string[];
  readonly answers: Record<string, unknown>;
}

/** A small linear congruential generator: repeatable pseudo-random choices. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function syntheticForm(): SyntheticForm {
  const random = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const fields: FieldShape[] = [];
  const binds: Bind[] = [];
  const inputs: string[] = [];
  const calcs: string[] = [];
  const answers: Record<string, unknown> = {};

  for (let i = 0; i < 380; i++) {
    const name = `in_${i}`;
    fields.push({ name, type: i % 5 === 0 ? 'text' : 'integer' });
    if (i % 5 !== 0) inputs.push(name);
    answers[name] = i % 5 === 0 ? `t${i}` : i;
  }
  fields.push({ name: 'people', type: 'begin_repeat' });
  for (let i = 0; i < 20; i++) fields.push({ name: `p_${i}`, type: 'integer', parent: 'people' });
  answers['people'] = Array.from({ length: 5 }, (_, k) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p_${i}`, k + i])));

  for (let i = 0; i < 300; i++) {
    const name = `calc_${i}`;
    fields.push({ name, type: 'calculate' });
    const a = pick(inputs);
    const b = pick(inputs);
    const earlier = calcs.length > 0 && random() < 0.5 ? pick(calcs) : undefined;
    const shapes = [
      `\${${a}} + \${${b}} * 2`,
      `if(\${${a}} > 50, \${${b}}, 0)`,
      earlier === undefined ? `round(\${${a}} div 3, 1)` : `\${${earlier}} + \${${a}}`,
      earlier === undefined ? `max(\${${a}}, \${${b}})` : `coalesce(\${${earlier}}, 0) * 2`,
      `sum(\${p_${i % 20}}) + \${${a}}`,
    ];
    binds.push({ field: name, kind: 'calculate', expression: pick(shapes) });
    calcs.push(name);
  }
  for (let i = 0; i < 300; i++) {
    const name = `q_${i}`;
    fields.push({ name, type: i % 3 === 0 ? 'integer' : 'text' });
    const a = pick(inputs);
    const c = pick(calcs);
    const shapes = [`\${${a}} > 50`, `\${${c}} < 200 or \${${a}} = 7`, `\${${c}} != '' and \${${a}} mod 2 = 0`];
    binds.push({ field: name, kind: 'relevant', expression: pick(shapes) });
    if (i % 3 === 0) binds.push({ field: name, kind: 'constraint', expression: `. >= \${${a}}` });
    if (i % 10 === 0) binds.push({ field: name, kind: 'required', expression: 'yes' });
  }
  return { fields, binds, inputs, answers };
}
