// One recalculation: a working copy of the form state, the binds still to evaluate, and the
// changes seen so far. Binds are evaluated in the graph's order, each only for the instances a
// change reached; a result that did not change stops the propagation there.
import type { Env } from '../env';
import { asExpressionError } from '../runtime/evaluate';
import { BudgetMeter } from './budget';
import { filterChoices } from '../choices';
import type { ExpressionError } from '../errors';
import { interpolate, shownInLabel } from '../template';
import { indexesOf, isEmptyAnswer, keepAllowed, keyOf, normaliseResult, sameList, toBoolean } from './answers';
import { countAt, deleteAt, getAt, hasAt, instancesOf, pathOf, removeInstanceAt, resizeAt, setAt, type Indexes, type Owned } from './data';
import type {
  BindKind,
  Changes,
  Data,
  EvaluationOptions,
  FieldInfo,
  FormState,
  Graph,
  GraphBind,
  QuestionState,
  Recalculation,
  Validity,
} from './types';

/** Binds evaluated after everything else, for the questions a change reached. */
const OBSERVER_KINDS: ReadonlySet<BindKind> = new Set<BindKind>(['required', 'constraint', 'label', 'hint']);
/** Going back in the order only happens when a repeat gains instances; more means a bug, not a form. */
const REWIND_LIMIT = 10_000;
/** No survey needs more; a runaway repeat_count must not freeze the page. */
export const MAX_REPEAT_INSTANCES = 1000;

const NEW_QUESTION: QuestionState = {
  relevant: true,
  required: false,
  validity: 'valid',
  choices: undefined,
  label: undefined,
  hint: undefined,
  errors: {},
};

export class Session {
  answers: Data;
  values: Data;
  readonly questions: Map<string, QuestionState>;
  readonly ownRelevance: Map<string, boolean>;
  private readonly dirty: (Set<string> | undefined)[] = [];
  /** Copies of the caller's data made by this session, safe to update in place. */
  private readonly owned: Owned = new WeakSet();
  private cursor = 0;
  private rewinds = 0;
  private readonly observed = new Map<string, readonly [string, Indexes]>();
  /** Question instances created in this recalculation: their defaults apply. */
  private readonly fresh = new Set<string>();
  private readonly changed = {
    visibility: new Set<string>(),
    values: new Set<string>(),
    validity: new Set<string>(),
    required: new Set<string>(),
    choices: new Set<string>(),
    labels: new Set<string>(),
    repeats: new Set<string>(),
  };
  private readonly errors: { path: string; kind: BindKind; error: ExpressionError }[] = [];
  private readonly baseEnv: Omit<Env, 'fields'>;
  private readonly meter: BudgetMeter | undefined;

  constructor(
    readonly graph: Graph,
    readonly options: EvaluationOptions,
    from: Pick<FormState, 'answers' | 'values' | 'questions' | 'ownRelevance'>,
  ) {
    this.answers = from.answers;
    this.values = from.values;
    this.questions = new Map(from.questions);
    this.ownRelevance = new Map(from.ownRelevance);
    this.baseEnv = { types: graph.types, repeats: graph.repeats, choices: graph.choices, attachments: graph.attachments, ...options };
    this.meter = options.budget ? new BudgetMeter(options.budget) : undefined;
  }

  info(field: string): FieldInfo {
    const info = this.graph.fields.get(field);
    if (info === undefined) throw new Error(`graph: unknown field ${field}`);
    return info;
  }

  path(field: string, indexes: Indexes): string {
    return pathOf(field, this.info(field).repeats, indexes);
  }

  private env(path: string): Env {
    return { ...this.baseEnv, fields: this.values, context: path };
  }

  // ---- marking -------------------------------------------------------------------------------

  /** Queues a bind for the instances of its question that can see the given instance. */
  private mark(bind: GraphBind, repeats: readonly string[], indexes: Indexes): void {
    const own = this.info(bind.field).repeats;
    let shared = 0;
    if (!bind.crossesInstances) while (shared < own.length && shared < repeats.length && own[shared] === repeats[shared]) shared++;
    const targets = instancesOf(this.answers, own, indexes.slice(0, shared));
    if (OBSERVER_KINDS.has(bind.kind)) {
      for (const t of targets) this.observe(bind.field, t);
      return;
    }
    const keys = (this.dirty[bind.id] ??= new Set());
    for (const t of targets) keys.add(keyOf(t));
    this.rewind(bind.id);
  }

  /** Everything that reads a question (or, with short indexes, every instance under them) is stale. */
  markReaders(field: string, indexes: Indexes): void {
    const { repeats } = this.info(field);
    for (const id of this.graph.readers.get(field) ?? []) {
      const bind = this.graph.binds[id];
      if (bind !== undefined && bind.kind !== 'default') this.mark(bind, repeats, indexes);
    }
    for (const t of instancesOf(this.answers, repeats, indexes)) this.observe(field, t);
  }

  markBind(bind: GraphBind, indexes: Indexes): void {
    if (OBSERVER_KINDS.has(bind.kind)) {
      this.observe(bind.field, indexes);
      return;
    }
    (this.dirty[bind.id] ??= new Set()).add(keyOf(indexes));
    this.rewind(bind.id);
  }

  /** The graph's order makes this rare (a repeat's new instances); the scan resumes at that bind. */
  private rewind(id: number): void {
    if (id >= this.cursor) return;
    if (++this.rewinds > REWIND_LIMIT) throw new Error('graph: recalculation does not settle');
    this.cursor = id - 1;
  }

  observe(field: string, indexes: Indexes): void {
    this.observed.set(this.path(field, indexes), [field, indexes]);
  }

  // ---- instances -----------------------------------------------------------------------------

  /** Question states for every question inside the given instances, and all their binds queued. */
  createQuestions(fields: readonly string[], prefix: Indexes, withDefaults: boolean): void {
    for (const field of fields) {
      const { repeats } = this.info(field);
      const ids = this.graph.bindsOf.get(field) ?? {};
      for (const indexes of instancesOf(this.answers, repeats, prefix)) {
        const path = pathOf(field, repeats, indexes);
        if (!this.questions.has(path)) this.questions.set(path, NEW_QUESTION);
        if (withDefaults) this.fresh.add(path);
        for (const id of Object.values(ids)) {
          const bind = this.graph.binds[id];
          if (bind !== undefined) this.markBind(bind, indexes);
        }
        this.observe(field, indexes);
        this.applyRelevance(field, indexes, false);
      }
    }
  }

  /** Forgets the states of everything at or below a path prefix ('household[2]/member[3]'). */
  dropQuestions(prefix: string): void {
    for (const map of [this.questions, this.ownRelevance]) {
      for (const key of [...map.keys()]) if (key === prefix || key.startsWith(`${prefix}/`)) map.delete(key);
    }
    for (const key of [...this.observed.keys()]) if (key.startsWith(`${prefix}/`)) this.observed.delete(key);
  }

  /** Removes one instance of a repeat from both answers and values. */
  removeInstance(repeat: string, indexes: Indexes, index: number): void {
    const { repeats } = this.info(repeat);
    this.answers = removeInstanceAt(this.answers, repeats, indexes, repeat, index, this.owned);
    this.values = removeInstanceAt(this.values, repeats, indexes, repeat, index, this.owned);
  }

  /** Sets the number of instances of a repeat inside one instance of its enclosing repeats. */
  resize(repeat: string, indexes: Indexes, count: number): void {
    const info = this.info(repeat);
    const current = countAt(this.answers, info.repeats, indexes, repeat);
    if (current === count) return;
    this.answers = resizeAt(this.answers, info.repeats, indexes, repeat, count, this.owned);
    this.values = resizeAt(this.values, info.repeats, indexes, repeat, count, this.owned);
    for (let k = count + 1; k <= current; k++) this.dropQuestions(`${pathOf(repeat, info.repeats, indexes)}[${k}]`);
    for (let k = current + 1; k <= count; k++) this.createQuestions(info.descendants, [...indexes, k], true);
    this.structureChanged(repeat, indexes);
  }

  structureChanged(repeat: string, indexes: Indexes): void {
    this.changed.repeats.add(this.path(repeat, indexes));
    for (const field of [repeat, ...this.info(repeat).descendants]) this.markReaders(field, indexes);
    // New or moved instances: their relevance is their own (instanceRelevance).
    const relevance = this.graph.bindsOf.get(repeat)?.relevant;
    const bind = relevance === undefined ? undefined : this.graph.binds[relevance];
    if (bind !== undefined) this.markBind(bind, indexes);
  }

  // ---- values --------------------------------------------------------------------------------

  /** Records an answer (entered or computed) and, if it is visible, what expressions read. */
  setAnswer(field: string, indexes: Indexes, value: unknown): void {
    const { repeats } = this.info(field);
    const cleared = value === undefined;
    this.answers = cleared
      ? deleteAt(this.answers, repeats, indexes, field, this.owned)
      : setAt(this.answers, repeats, indexes, field, value, this.owned);
    this.syncValue(field, indexes);
    this.observe(field, indexes);
  }

  /** After the caller changed `answers` itself: brings `values` up to date and marks the readers. */
  refresh(field: string, indexes: Indexes): void {
    this.syncValue(field, indexes);
    this.markReaders(field, indexes);
  }

  /** values = answers for a visible question, blank for a hidden one. */
  private syncValue(field: string, indexes: Indexes): void {
    const { repeats, container } = this.info(field);
    if (container !== undefined) return;
    const path = pathOf(field, repeats, indexes);
    const visible = this.questions.get(path)?.relevant ?? true;
    const answered = hasAt(this.answers, repeats, indexes, field);
    const before = getAt(this.values, repeats, indexes, field);
    const hadValue = hasAt(this.values, repeats, indexes, field);
    if (!answered) this.values = deleteAt(this.values, repeats, indexes, field, this.owned);
    else this.values = setAt(this.values, repeats, indexes, field, visible ? getAt(this.answers, repeats, indexes, field) : '', this.owned);
    const after = getAt(this.values, repeats, indexes, field);
    if (!Object.is(before, after) || hadValue !== hasAt(this.values, repeats, indexes, field)) {
      this.changed.values.add(path);
      this.markReaders(field, indexes);
    }
  }

  // ---- relevance -----------------------------------------------------------------------------

  private effectiveRelevance(field: string, indexes: Indexes): boolean {
    const info = this.info(field);
    if (this.ownRelevance.get(pathOf(field, info.repeats, indexes)) === false) return false;
    for (const a of info.ancestors) {
      const outer = this.info(a);
      const at = pathOf(a, outer.repeats, indexes.slice(0, outer.repeats.length));
      if (this.ownRelevance.get(at) === false) return false;
      // A repeat's relevance holds per instance: the one this question sits in.
      if (outer.container === 'repeat' && this.ownRelevance.get(`${at}[${indexes[outer.repeats.length] ?? 0}]`) === false) return false;
    }
    return true;
  }

  /**
   * A repeat's relevance, evaluated in each of its instances (position(..) is that instance's):
   * its state is the instance's path ('member[2]'), and a hidden instance hides what it holds. The
   * repeat itself ('member') is shown while an instance is, or while the next one would be (as
   * JavaRosa asks before offering to add one), so a repeat whose rule fails starts hidden.
   */
  private instanceRelevance(bind: GraphBind, indexes: Indexes): void {
    const info = this.info(bind.field);
    const around = this.effectiveRelevance(bind.field, indexes);
    const repeatPath = pathOf(bind.field, info.repeats, indexes);
    const next = this.evaluate(bind, `${repeatPath}[${countAt(this.answers, info.repeats, indexes, bind.field) + 1}]`);
    let shown = next !== undefined && toBoolean(next);
    for (const instance of instancesOf(this.answers, [...info.repeats, bind.field], indexes)) {
      const path = `${pathOf(bind.field, info.repeats, instance.slice(0, -1))}[${instance[instance.length - 1] ?? 0}]`;
      if (!this.questions.has(path)) this.questions.set(path, NEW_QUESTION);
      const result = this.evaluate(bind, path);
      const own = result === undefined ? false : toBoolean(result);
      const question = this.questions.get(path) ?? NEW_QUESTION;
      if (question.relevant !== (own && around)) {
        this.questions.set(path, { ...question, relevant: own && around });
        this.changed.visibility.add(path);
      }
      shown ||= own;
      if ((this.ownRelevance.get(path) ?? true) === own) continue;
      this.ownRelevance.set(path, own);
      this.applyRelevanceTo(info.descendants, instance);
    }
    const repeat = this.questions.get(repeatPath);
    if (repeat !== undefined && repeat.relevant !== (shown && around)) {
      this.questions.set(repeatPath, { ...repeat, relevant: shown && around });
      this.changed.visibility.add(repeatPath);
    }
  }

  /** Recomputes whether a question (and, for a group, everything in it) is shown. */
  applyRelevance(field: string, indexes: Indexes, withDescendants = true): void {
    this.applyRelevanceTo(withDescendants ? [field, ...this.info(field).descendants] : [field], indexes);
  }

  private applyRelevanceTo(targets: readonly string[], indexes: Indexes): void {
    for (const target of targets) {
      const { repeats, container } = this.info(target);
      const perInstance = container === 'repeat' ? this.graph.bindsOf.get(target)?.relevant : undefined;
      const bind = perInstance === undefined ? undefined : this.graph.binds[perInstance];
      if (bind !== undefined) {
        // Its shown state is instanceRelevance's, which needs the groups around it again.
        for (const instance of instancesOf(this.answers, repeats, indexes.slice(0, repeats.length))) this.markBind(bind, instance);
        continue;
      }
      for (const instance of instancesOf(this.answers, repeats, indexes)) {
        const path = pathOf(target, repeats, instance);
        const question = this.questions.get(path);
        if (question === undefined) continue;
        const relevant = this.effectiveRelevance(target, instance);
        if (question.relevant === relevant) continue;
        this.questions.set(path, { ...question, relevant });
        this.changed.visibility.add(path);
        this.syncValue(target, instance);
        this.observe(target, instance);
      }
    }
  }

  // ---- evaluation ----------------------------------------------------------------------------

  /** A bind's result, or undefined after recording its failure on the question. */
  evaluate(bind: GraphBind, path: string): string | number | boolean | undefined {
    if (bind.compiled === undefined) return undefined;
    this.meter?.step(bind.field);
    let value: string | number | boolean | undefined;
    try {
      value = bind.compiled.evaluate(this.env(path));
      this.setError(path, bind.kind, undefined);
    } catch (e) {
      this.setError(path, bind.kind, asExpressionError(e, bind.expression).withContext({ field: bind.field }));
      return undefined;
    }
    // Outside the catch: going over the budget stops the whole settling, it is not one question's error.
    this.meter?.value(bind.field, value);
    return value;
  }

  private setError(path: string, kind: BindKind, error: ExpressionError | undefined): void {
    const question = this.questions.get(path);
    if (question === undefined || question.errors[kind] === error) return;
    if (error === undefined && question.errors[kind] === undefined) return;
    const errors = { ...question.errors };
    if (error === undefined) delete errors[kind];
    else {
      errors[kind] = error;
      this.errors.push({ path, kind, error });
    }
    this.questions.set(path, { ...question, errors });
  }

  /** relevant, calculate, default, choice_filter, repeat_count: results others read. */
  private evaluateActive(bind: GraphBind, indexes: Indexes): void {
    const path = this.path(bind.field, indexes);
    if (!this.questions.has(path)) return;
    switch (bind.kind) {
      case 'relevant': {
        if (this.info(bind.field).container === 'repeat') {
          this.instanceRelevance(bind, indexes);
          return;
        }
        const result = this.evaluate(bind, path);
        const relevant = result === undefined ? false : toBoolean(result);
        if ((this.ownRelevance.get(path) ?? true) === relevant) return;
        this.ownRelevance.set(path, relevant);
        this.applyRelevance(bind.field, indexes);
        return;
      }
      case 'calculate': {
        const result = this.evaluate(bind, path);
        this.setAnswer(bind.field, indexes, normaliseResult(result));
        return;
      }
      case 'default': {
        if (!this.fresh.has(path)) return;
        const { repeats } = this.info(bind.field);
        if (!isEmptyAnswer(getAt(this.answers, repeats, indexes, bind.field))) return;
        const result = this.evaluate(bind, path);
        if (result !== undefined) this.setAnswer(bind.field, indexes, normaliseResult(result));
        return;
      }
      case 'choice_filter':
        this.filter(bind, indexes, path);
        return;
      case 'repeat_count': {
        const result = this.evaluate(bind, path);
        const wanted = Math.trunc(Number(result ?? 0));
        const count = Number.isFinite(wanted) && wanted > 0 ? Math.min(wanted, MAX_REPEAT_INSTANCES) : 0;
        // Instances cost work even with nothing to compute in them (nested counts multiply).
        this.meter?.step(bind.field, count);
        this.resize(bind.field, indexes, count);
        return;
      }
      default:
        return;
    }
  }

  private filter(bind: GraphBind, indexes: Indexes, path: string): void {
    const info = this.info(bind.field);
    const list = info.list === undefined ? [] : (this.graph.choices[info.list] ?? []);
    const result =
      bind.compiled === undefined ? { choices: list } : filterChoices(bind.compiled.expression, list, this.env(path), bind.field);
    this.setError(path, bind.kind, result.error);
    const names = result.choices.map((c) => c.name);
    const question = this.questions.get(path);
    if (question !== undefined && !sameList(question.choices, names)) {
      this.questions.set(path, { ...question, choices: names });
      this.changed.choices.add(path);
    }
    // A selected choice the filter no longer allows is cleared (spec 001 section 4); a filter that
    // failed allows nothing, but that is the author's bug, not a reason to lose the answer.
    if (result.error !== undefined) return;
    const answer = getAt(this.answers, info.repeats, indexes, bind.field);
    const kept = keepAllowed(answer, new Set(names));
    if (kept !== answer) this.setAnswer(bind.field, indexes, kept);
  }

  /** required, constraint, label, hint and validity of one question instance. */
  private observeQuestion(field: string, indexes: Indexes): void {
    const path = this.path(field, indexes);
    const before = this.questions.get(path);
    if (before === undefined) return;
    const ids = this.graph.bindsOf.get(field) ?? {};
    const bindFor = (kind: BindKind): GraphBind | undefined => (ids[kind] === undefined ? undefined : this.graph.binds[ids[kind]]);
    const requiredBind = bindFor('required');
    const requiredResult = requiredBind === undefined ? false : this.evaluate(requiredBind, path);
    const required = requiredResult === undefined ? false : toBoolean(requiredResult);
    const label = this.template(bindFor('label'), path);
    const hint = this.template(bindFor('hint'), path);
    const validity = this.validity(field, indexes, path, required, bindFor('constraint'));
    const question = this.questions.get(path) ?? before;
    if (question.required === required && question.validity === validity && question.label === label && question.hint === hint) return;
    if (question.required !== required) this.changed.required.add(path);
    if (question.validity !== validity) this.changed.validity.add(path);
    if (question.label !== label || question.hint !== hint) this.changed.labels.add(path);
    this.questions.set(path, { ...question, required, validity, label, hint });
  }

  private template(bind: GraphBind | undefined, path: string): string | undefined {
    // Labels are shown with the author's formatting; the answers they show are escaped out of it.
    return bind === undefined ? undefined : interpolate(bind.expression, this.env(path), shownInLabel);
  }

  private validity(field: string, indexes: Indexes, path: string, required: boolean, constraint: GraphBind | undefined): Validity {
    const question = this.questions.get(path);
    const info = this.info(field);
    if (question === undefined || !question.relevant || info.container !== undefined) return 'valid';
    // ODK checks constraints only on answered questions; an empty one can only be missing.
    if (isEmptyAnswer(getAt(this.values, info.repeats, indexes, field))) return required ? 'required' : 'valid';
    if (constraint === undefined) return 'valid';
    const result = this.evaluate(constraint, path);
    if (result === undefined) return 'error';
    return toBoolean(result) ? 'valid' : 'constraint';
  }

  // ---- driving -------------------------------------------------------------------------------

  run(): void {
    const binds = this.graph.binds;
    for (this.cursor = 0; this.cursor < binds.length; this.cursor++) {
      const id = this.cursor;
      const keys = this.dirty[id];
      const bind = binds[id];
      if (keys === undefined || bind === undefined) continue;
      this.dirty[id] = undefined;
      for (const key of keys) this.evaluateActive(bind, indexesOf(key));
    }
    for (const [field, indexes] of this.observed.values()) this.observeQuestion(field, indexes);
    this.observed.clear();
  }

  result(): Recalculation {
    const state: FormState = {
      graph: this.graph,
      options: this.options,
      answers: this.answers,
      values: this.values,
      questions: this.questions,
      ownRelevance: this.ownRelevance,
    };
    const changes: Changes = {
      visibility: [...this.changed.visibility],
      values: [...this.changed.values],
      validity: [...this.changed.validity],
      required: [...this.changed.required],
      choices: [...this.changed.choices],
      labels: [...this.changed.labels],
      repeats: [...this.changed.repeats],
      errors: this.errors,
    };
    return { state, changes };
  }
}
