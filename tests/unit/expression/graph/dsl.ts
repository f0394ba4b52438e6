// A tiny survey DSL for scenario tests, and matchers that read a form like a respondent would:
//   const form = survey(integer('age'), text('job').relevant('${age} >= 18')).start();
//   expect(form.answer('age', 20)).toBeRelevant('job');
import { expect } from 'vitest';
import {
  addRepeat,
  buildGraph,
  initialize,
  recalculate,
  removeRepeat,
  type Bind,
  type BindKind,
  type Changes,
  type Choice,
  type Data,
  type FieldShape,
  type FormState,
  type Graph,
  type InitializeOptions,
  type QuestionState,
} from '../../../../engine/expression/index';

export class Item {
  constructor(
    readonly shape: FieldShape,
    readonly binds: readonly Bind[] = [],
    readonly children: readonly Item[] = [],
  ) {}
  private with(kind: BindKind, expression: string): Item {
    return new Item(this.shape, [...this.binds, { field: this.shape.name, kind, expression }], this.children);
  }
  relevant(expression: string): Item {
    return this.with('relevant', expression);
  }
  required(expression = 'yes'): Item {
    return this.with('required', expression);
  }
  constraint(expression: string): Item {
    return this.with('constraint', expression);
  }
  calculation(expression: string): Item {
    return this.with('calculate', expression);
  }
  default(expression: string): Item {
    return this.with('default', expression);
  }
  choiceFilter(expression: string): Item {
    return this.with('choice_filter', expression);
  }
  label(text: string): Item {
    return this.with('label', text);
  }
  hint(text: string): Item {
    return this.with('hint', text);
  }
  count(expression: string): Item {
    return this.with('repeat_count', expression);
  }
  /** Flattened in document order, parents set. */
  flatten(parent?: string): { fields: FieldShape[]; binds: Bind[] } {
    const own: FieldShape = parent === undefined ? this.shape : { ...this.shape, parent };
    const out = { fields: [own], binds: [...this.binds] };
    for (const child of this.children) {
      const inner = child.flatten(this.shape.name);
      out.fields.push(...inner.fields);
      out.binds.push(...inner.binds);
    }
    return out;
  }
}

const question = (type: string) => (name: string) => new Item({ name, type });
export const text = question('text');
export const integer = question('integer');
export const decimal = question('decimal');
export const date = question('date');
export const calculate = (name: string, expression: string) => new Item({ name, type: 'calculate' }).calculation(expression);
export const selectOne = (name: string, list: string) => new Item({ name, type: `select_one ${list}` });
export const selectMultiple = (name: string, list: string) => new Item({ name, type: `select_multiple ${list}` });
export const group = (name: string, ...children: Item[]) => new Item({ name, type: 'begin_group' }, [], children);
export const repeat = (name: string, ...children: Item[]) => new Item({ name, type: 'begin_repeat' }, [], children);

export class Form {
  constructor(
    readonly state: FormState,
    readonly changes: Changes,
  ) {}
  answer(path: string, value: unknown): Form {
    const r = recalculate(this.state, path, value);
    return new Form(r.state, r.changes);
  }
  clear(path: string): Form {
    return this.answer(path, undefined);
  }
  add(repeatPath: string): Form {
    const r = addRepeat(this.state, repeatPath);
    return new Form(r.state, r.changes);
  }
  remove(instancePath: string): Form {
    const r = removeRepeat(this.state, instancePath);
    return new Form(r.state, r.changes);
  }
  question(path: string): QuestionState {
    const q = this.state.questions.get(path);
    if (q === undefined) throw new Error(`no question ${path}; have ${[...this.state.questions.keys()].join(', ')}`);
    return q;
  }
  value(path: string): unknown {
    let node: unknown = this.state.values;
    for (const segment of path.split('/')) {
      const m = /^(.+)\[(\d+)\]$/.exec(segment);
      const record = node as Record<string, unknown> | undefined;
      node = m === null ? record?.[segment] : (record?.[m[1] ?? ''] as unknown[] | undefined)?.[Number(m[2]) - 1];
    }
    return node;
  }
}

export class Survey {
  readonly graph: Graph;
  constructor(items: readonly Item[], choices: Readonly<Record<string, readonly Choice[]>> = {}) {
    const flat = items.map((i) => i.flatten());
    this.graph = buildGraph(
      flat.flatMap((f) => f.binds),
      { fields: flat.flatMap((f) => f.fields), choices },
    );
  }
  start(answers: Data = {}, options: InitializeOptions = {}): Form {
    const r = initialize(this.graph, answers, { now: new Date('2024-06-15T10:30:00Z'), timeZoneOffset: 0, ...options });
    return new Form(r.state, r.changes);
  }
}

export const survey = (...items: Item[]) => new Survey(items);
export const surveyWithChoices = (choices: Record<string, readonly Choice[]>, ...items: Item[]) => new Survey(items, choices);

function matcher(test: (q: QuestionState, form: Form, path: string) => boolean, describe: string) {
  return function (this: { isNot: boolean }, form: Form, path: string) {
    const pass = test(form.question(path), form, path);
    return { pass, message: () => `expected ${path} ${this.isNot ? 'not ' : ''}to ${describe} (${JSON.stringify(form.question(path))})` };
  };
}

expect.extend({
  toBeRelevant: matcher((q) => q.relevant, 'be relevant'),
  toBeValid: matcher((q) => q.validity === 'valid', 'be valid'),
  toBeMissing: matcher((q) => q.validity === 'required', 'be a missing required answer'),
  toViolateConstraint: matcher((q) => q.validity === 'constraint', 'violate its constraint'),
  toBeRequired: matcher((q) => q.required, 'be required'),
  toHaveValue(form: Form, path: string, expected: unknown) {
    const actual = form.value(path);
    return {
      pass: Object.is(actual, expected) || JSON.stringify(actual) === JSON.stringify(expected),
      message: () => `expected ${path} to be ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    };
  },
});

interface FormMatchers<R = unknown> {
  toBeRelevant(path: string): R;
  toBeValid(path: string): R;
  toBeMissing(path: string): R;
  toViolateConstraint(path: string): R;
  toBeRequired(path: string): R;
  toHaveValue(path: string, expected: unknown): R;
}

// Vitest declares Matchers<T = any>; a merged declaration must repeat its parameters exactly.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends FormMatchers<T> {}
}
