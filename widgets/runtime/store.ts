// The live state of one fill-in: the expression engine's form state over the survey's graph, plus
// who is listening to which answer. Widgets subscribe by instance path and re-render only when their
// own answer, visibility, label, choices or error changes; rjsf's own per-change pass over the whole
// form is never run (see README "Why the runtime and not rjsf's onChange").
import {
  addRepeat,
  initialize,
  recalculate,
  removeRepeat,
  type FormState,
  type Graph,
  type QuestionState,
  type Recalculation,
} from '../../engine/expression/index';
import {
  FIELD_MESSAGES,
  isEmptyValue,
  shapeAnswers,
  type BindingNode,
  type Bindings,
  type CompiledForm,
  type FormValues,
  type Issue,
  type ValidationResult,
} from '../../engine/survey/index';
import { invalidAppearances } from './appearance';
import { coerceAnswer } from './coerce';
import { surveyGraph } from './graph';
import { joinPath, splitInstance, valueAt } from './paths';
import { afterPaint } from './schedule';

type Listener = () => void;

/** A broken expression, reported once per question and role (the page shows the spec's warning). */
export interface ExpressionProblem {
  name: string;
  kind: string;
  /** 'Error evaluating choice filter' or 'Error evaluating xlsform fields'. */
  message: string;
  detail: string;
}

/** What checks the answers: engine/survey's validator (the form's rjsf ValidatorType), on the live state. */
export interface AnswerChecker {
  checkState(b: Bindings, state: FormState, languageId: number): ValidationResult;
}

export interface RuntimeOptions {
  /** Answers to start from: a draft, a stored submission. */
  data?: FormValues;
  /** Shows the answers as they are: nothing recomputed, nothing editable, relevance ignored (spec 001 section 4). */
  readOnly?: boolean;
  /** A new fill-in: defaults apply and each repeat the respondent sizes starts with one instance. Default: no data given. */
  fresh?: boolean;
  now?: Date;
  checker?: AnswerChecker;
  onProblem?: (p: ExpressionProblem) => void;
  /** Milliseconds after a change before the answers are checked again, at the least (then after the next paint, in idle time). Default 250. */
  checkDelayMs?: number;
}

const REQUIRED_KINDS = new Set(['required', 'ranking']);

export class FormRuntime {
  readonly readOnly: boolean;
  private form: CompiledForm;
  private graph!: Graph;
  private state!: FormState;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly changeListeners = new Set<(path: string) => void>();
  private issues = new Map<string, Issue>();
  private shown = new Map<string, string>();
  private attempted = false;
  private readonly touched = new Set<string>();
  private readonly reported = new Set<string>();
  private brokenFilters = new Set<string>();
  private cancelCheck: (() => void) | undefined;

  constructor(
    form: CompiledForm,
    private readonly opts: RuntimeOptions = {},
  ) {
    this.form = form;
    this.readOnly = opts.readOnly === true;
    const fresh = opts.fresh ?? opts.data === undefined;
    for (const bad of invalidAppearances(form.bindings)) console.warn(`Invalid appearance (${bad})`);
    this.build(opts.data ?? {}, fresh && !this.readOnly);
    if (fresh && !this.readOnly) this.seedRepeats(this.form.bindings.root, '');
  }

  get compiled(): CompiledForm {
    return this.form;
  }

  private build(answers: FormValues, defaults: boolean): void {
    const b = this.form.bindings;
    this.graph = surveyGraph(b, this.form.language.languageId, this.readOnly);
    this.brokenFilters = new Set(this.graph.problems.filter((p) => p.kind === 'choice_filter').map((p) => p.field));
    for (const p of this.graph.problems) this.report(p.field, p.kind, p.error.message);
    const options = { language: this.form.language.code, ...(this.opts.now ? { now: this.opts.now } : {}) };
    const r = initialize(this.graph, this.readOnly ? answers : shapeAnswers(b, answers), { ...options, defaults });
    this.state = r.state;
    this.normalize(r.changes.values);
  }

  /** Each repeat without a fixed count starts with one instance in a new fill-in, as Enketo does. */
  private seedRepeats(nodes: readonly BindingNode[], prefix: string): void {
    for (const node of nodes) {
      if (node.kind !== 'section') continue;
      if (!node.repeat) {
        this.seedRepeats(node.children, prefix);
        continue;
      }
      const path = joinPath(prefix, node.name);
      if (node.repeatCount !== null || this.count(path) > 0) continue;
      this.apply(addRepeat(this.state, path), false);
      this.seedRepeats(node.children, `${path}[1]`);
    }
  }

  private report(name: string, kind: string, detail: string): void {
    const key = `${name}\u0000${kind}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const message = kind === 'choice_filter' ? FIELD_MESSAGES.choiceFilter : FIELD_MESSAGES.expression;
    this.opts.onProblem?.({ name, kind, message, detail });
  }

  // ---- reading --------------------------------------------------------------------------------

  private nodeOf(path: string): BindingNode | undefined {
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\[\d+\]$/, '');
    return this.form.bindings.byName.get(name);
  }

  /** The answer at a path, in the type the question's widget and the validator expect. */
  value(path: string): unknown {
    return valueAt(this.state.answers, path);
  }

  question(path: string): QuestionState | undefined {
    return this.state.questions.get(path);
  }

  /** Shown: its relevance and that of every section around it hold. A stored submission shows everything. */
  relevant(path: string): boolean {
    return this.readOnly || (this.state.questions.get(path)?.relevant ?? true);
  }

  /** Names of the choices offered here; undefined when the question has no filter; 'error' when it failed. */
  choices(path: string): readonly string[] | 'error' | undefined {
    const node = this.nodeOf(path);
    if (node !== undefined && this.brokenFilters.has(node.name)) return 'error';
    const q = this.state.questions.get(path);
    return q?.errors.choice_filter ? 'error' : q?.choices;
  }

  /** Instances of a repeat at a path ('household', 'household[2]/member'). */
  count(path: string): number {
    const list = valueAt(this.state.answers, path);
    return Array.isArray(list) ? list.length : 0;
  }

  /** The error shown under a question: required ones only after a submit attempt (spec 001 section 4). */
  error(path: string): string | undefined {
    return this.shown.get(path);
  }

  get submitAttempted(): boolean {
    return this.attempted;
  }

  /** The answers as plain, serializable form data (hidden questions' answers kept, for drafts). */
  data(): FormValues {
    const out: FormValues = {};
    const walk = (nodes: readonly BindingNode[], src: FormValues, dst: FormValues): void => {
      for (const node of nodes) {
        if (node.kind === 'section') {
          if (!node.repeat) walk(node.children, src, dst);
          else {
            const list = src[node.name];
            if (!Array.isArray(list)) continue;
            dst[node.name] = list.map((item: unknown) => {
              const copy: FormValues = {};
              walk(node.children, typeof item === 'object' && item !== null ? (item as FormValues) : {}, copy);
              return copy;
            });
          }
          continue;
        }
        const v = src[node.name];
        if (!isEmptyValue(v)) dst[node.name] = structuredClone(v);
      }
    };
    walk(this.form.bindings.root, this.state.answers, out);
    return out;
  }

  /**
   * The answers of the questions shown now. The rules "at least one answer before a draft or a submit"
   * count these: a default filled into a question that its section hides is not the respondent's answer.
   */
  shownData(): FormValues {
    const out: FormValues = {};
    const walk = (nodes: readonly BindingNode[], src: FormValues, dst: FormValues, prefix: string): void => {
      for (const node of nodes) {
        if (node.kind === 'section') {
          if (!node.repeat) walk(node.children, src, dst, prefix);
          else {
            const list = src[node.name];
            if (!Array.isArray(list)) continue;
            dst[node.name] = list.map((item: unknown, i: number) => {
              const copy: FormValues = {};
              walk(
                node.children,
                typeof item === 'object' && item !== null ? (item as FormValues) : {},
                copy,
                `${prefix}${node.name}[${i + 1}]/`,
              );
              return copy;
            });
          }
          continue;
        }
        const v = src[node.name];
        if (!isEmptyValue(v) && this.relevant(`${prefix}${node.name}`)) dst[node.name] = v;
      }
    };
    walk(this.form.bindings.root, this.state.answers, out, '');
    return out;
  }

  // ---- changing -------------------------------------------------------------------------------

  set(path: string, value: unknown): void {
    if (this.readOnly) return;
    const v = isEmptyValue(value) ? undefined : value;
    this.apply(recalculate(this.state, path, v));
    this.notify(path);
    this.emitChange(path);
    this.scheduleCheck();
  }

  /**
   * The respondent left a question: from now on its errors other than a missing answer show, so a
   * number half typed is not called invalid while it is being typed.
   */
  touch(path: string): void {
    if (this.readOnly || this.touched.has(path)) return;
    this.touched.add(path);
    this.scheduleCheck(0);
  }

  /** Appends an instance to a repeat the respondent sizes. */
  add(repeatPath: string): void {
    if (this.readOnly) return;
    this.apply(addRepeat(this.state, repeatPath), true);
    const node = this.nodeOf(repeatPath);
    if (node?.kind === 'section') this.seedRepeats(node.children, `${repeatPath}[${this.count(repeatPath)}]`);
    this.emitChange(repeatPath);
    this.scheduleCheck();
  }

  /** Removes one instance ('household[2]'); later instances move up. */
  remove(instancePath: string): void {
    if (this.readOnly || splitInstance(instancePath) === undefined) return;
    this.apply(removeRepeat(this.state, instancePath), true);
    this.emitChange(instancePath);
    this.scheduleCheck();
  }

  /** The same answers in another language of the survey: labels, hints, choices and jr:choice-name follow. */
  setLanguage(form: CompiledForm): void {
    const answers = this.state.answers as FormValues;
    this.form = form;
    this.build(answers, false);
    for (const set of this.listeners.values()) for (const fn of set) fn();
    if (this.attempted || this.issues.size) this.check();
  }

  private apply(r: Recalculation, structural = false): void {
    this.state = r.state;
    const c = r.changes;
    this.normalize(c.values);
    for (const list of [c.values, c.visibility, c.required, c.choices, c.labels]) for (const p of list) this.notify(p);
    for (const p of c.repeats) {
      this.notify(p);
      // Instances after a removed one have new paths: everything under the repeat reads again.
      if (structural) this.notifyUnder(p);
    }
    for (const e of c.errors) {
      const node = this.nodeOf(e.path);
      this.report(node?.name ?? e.path, e.kind, e.error.message);
    }
  }

  /** Computed answers in their question's type ('5' -> 5 for a number); each fix recalculates its readers. */
  private normalize(paths: readonly string[]): void {
    for (const path of paths) {
      const node = this.nodeOf(path);
      if (node === undefined || node.kind === 'section') continue;
      const raw = valueAt(this.state.answers, path);
      const typed = coerceAnswer(node.type, raw);
      if (typed !== raw) this.apply(recalculate(this.state, path, typed));
    }
  }

  // ---- checking -------------------------------------------------------------------------------

  /**
   * The full check waits for the frame that shows the change to be painted, then for idle time: on a
   * cheap phone it ran in the middle of a relevance change that opened 200 questions (schedule.ts).
   */
  private scheduleCheck(delay = this.opts.checkDelayMs ?? 250): void {
    if (this.opts.checker === undefined) return;
    this.cancelCheck?.();
    this.cancelCheck = afterPaint(() => {
      this.cancelCheck = undefined;
      this.check();
    }, delay);
  }

  /** Checks every answer now and shows the errors a respondent should see at this point. */
  check(): ValidationResult | undefined {
    if (this.opts.checker === undefined) return undefined;
    const result = this.opts.checker.checkState(this.form.bindings, this.state, this.form.language.languageId);
    this.issues = new Map(result.issues.map((i) => [i.path, i]));
    const shown = new Map<string, string>();
    for (const [path, issue] of this.issues) {
      if (this.attempted || (this.touched.has(path) && !REQUIRED_KINDS.has(issue.kind))) shown.set(path, issue.message);
    }
    const before = this.shown;
    this.shown = shown;
    for (const p of new Set([...before.keys(), ...shown.keys()])) if (before.get(p) !== shown.get(p)) this.notify(p);
    return result;
  }

  /** A submit attempt: from now on every error shows, required ones included. */
  validate(): ValidationResult | undefined {
    this.cancelCheck?.();
    this.cancelCheck = undefined;
    this.attempted = true;
    return this.check();
  }

  /** Errors the server gave for a submission the browser accepted (a survey changed meanwhile). */
  showIssues(issues: readonly { path: string; message: string }[]): void {
    this.attempted = true;
    for (const i of issues) {
      if (this.shown.get(i.path) === i.message) continue;
      this.shown.set(i.path, i.message);
      this.notify(i.path);
    }
  }

  /** Forgets the submit attempt and the errors (after a draft is saved or the form is reset). */
  clearErrors(): void {
    this.attempted = false;
    this.touched.clear();
    const before = this.shown;
    this.shown = new Map();
    for (const p of before.keys()) this.notify(p);
  }

  dispose(): void {
    this.cancelCheck?.();
    this.listeners.clear();
    this.changeListeners.clear();
  }

  // ---- listening ------------------------------------------------------------------------------

  subscribe(path: string, fn: Listener): () => void {
    let set = this.listeners.get(path);
    if (set === undefined) this.listeners.set(path, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.listeners.get(path) === set) this.listeners.delete(path);
    };
  }

  /** Called after every change the respondent makes (the page's unsaved-changes flag, a draft's autosave). */
  onChange(fn: (path: string) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  private emitChange(path: string): void {
    for (const fn of this.changeListeners) fn(path);
  }

  private notify(path: string): void {
    const set = this.listeners.get(path);
    if (set) for (const fn of [...set]) fn();
  }

  private notifyUnder(prefix: string): void {
    for (const [path, set] of this.listeners) if (path.startsWith(`${prefix}[`)) for (const fn of [...set]) fn();
  }
}
