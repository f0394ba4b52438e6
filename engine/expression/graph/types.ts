// The dependency graph's contract: what the survey compiler hands in, what it gets back.
import type { Choice, Env } from '../env';
import type { ExpressionError } from '../errors';
import type { CompiledExpression } from '../runtime/evaluate';
import type { EvaluationBudget } from './budget';

export const BIND_KINDS = [
  'relevant',
  'required',
  'constraint',
  'calculate',
  'default',
  'choice_filter',
  'label',
  'hint',
  'repeat_count',
] as const;
export type BindKind = (typeof BIND_KINDS)[number];

/** One expression of a survey, attached to a question, group or repeat by name. */
export interface Bind {
  readonly field: string;
  readonly kind: BindKind;
  /** An expression; for label and hint the display text with ${name} placeholders. */
  readonly expression: string;
}

/** A question, group or repeat of the survey, in document order. */
export interface FieldShape {
  readonly name: string;
  /** XLSForm type: 'integer', 'select_one colors', 'calculate', 'begin_group', 'begin_repeat', ... */
  readonly type: string;
  /** The group or repeat it sits directly in; absent at the top level. */
  readonly parent?: string;
}

export interface SurveyShape {
  readonly fields: readonly FieldShape[];
  /** Choice lists by list name, with their filter columns. */
  readonly choices?: Readonly<Record<string, readonly Choice[]>>;
  /** CSV files attached to the form, for pulldata() (Env.attachments). */
  readonly attachments?: Env['attachments'];
}

export interface FieldInfo {
  readonly name: string;
  readonly type: string;
  readonly parent: string | undefined;
  readonly container: 'group' | 'repeat' | undefined;
  /** Repeats around it, outermost first (a repeat does not count itself). */
  readonly repeats: readonly string[];
  /** Groups and repeats around it, outermost first. */
  readonly ancestors: readonly string[];
  /** For a group or repeat: everything inside it, in document order. */
  readonly descendants: readonly string[];
  /** For a select question: its choice list. */
  readonly list: string | undefined;
  /** Position in the survey. */
  readonly index: number;
}

/** The checked, compiled form of a Bind. */
export interface GraphBind {
  readonly id: number;
  readonly field: string;
  readonly kind: BindKind;
  readonly expression: string;
  /** Undefined for label and hint, which are templates. */
  readonly compiled: CompiledExpression | undefined;
  readonly references: readonly string[];
  /** Evaluated for every instance of its question whenever any instance of a read question changes. */
  readonly crossesInstances: boolean;
  /** Known without answers (e.g. required 'yes'); undefined when it depends on them. */
  readonly constant: string | number | boolean | undefined;
}

export interface Cycle {
  /** The questions whose expressions depend on each other, in survey order. */
  readonly fields: readonly string[];
  readonly binds: readonly { readonly field: string; readonly kind: BindKind }[];
  readonly error: ExpressionError;
}

export interface BindProblem {
  readonly field: string;
  readonly kind: BindKind;
  readonly error: ExpressionError;
}

export interface Graph {
  readonly fields: ReadonlyMap<string, FieldInfo>;
  /**
   * Every usable bind in evaluation order: each after all binds whose results it reads. Binds
   * with problems or in cycles are left out.
   */
  readonly binds: readonly GraphBind[];
  readonly cycles: readonly Cycle[];
  /** Binds that cannot be used: syntax errors, unknown functions, unknown questions, cycles. */
  readonly problems: readonly BindProblem[];
  /** For evaluation environments. */
  readonly types: Readonly<Record<string, string>>;
  readonly repeats: Readonly<Record<string, readonly string[]>>;
  readonly choices: Readonly<Record<string, readonly Choice[]>>;
  readonly attachments: NonNullable<Env['attachments']>;
  /** Ids of the binds that read each question. */
  readonly readers: ReadonlyMap<string, readonly number[]>;
  /** Bind ids per question and kind. */
  readonly bindsOf: ReadonlyMap<string, Readonly<Partial<Record<BindKind, number>>>>;
}

export type Validity = 'valid' | 'required' | 'constraint' | 'error';

/** What the form shows for one question instance. */
export interface QuestionState {
  /** Shown: its relevance and that of every group around it hold. */
  readonly relevant: boolean;
  readonly required: boolean;
  readonly validity: Validity;
  /** Names of the choices its choice filter lets through; undefined without a filter. */
  readonly choices: readonly string[] | undefined;
  readonly label: string | undefined;
  readonly hint: string | undefined;
  /** Failures of this question's expressions, by kind. */
  readonly errors: Readonly<Partial<Record<BindKind, ExpressionError>>>;
}

export interface EvaluationOptions {
  /** Bounds on the work (the server's re-validation); none on the fill page. */
  readonly budget?: EvaluationBudget;
  readonly now?: Date;
  readonly language?: string;
  readonly timeZoneOffset?: number;
  readonly timeZone?: string;
  readonly random?: () => number;
}

export type Data = Readonly<Record<string, unknown>>;

export interface FormState {
  readonly graph: Graph;
  readonly options: EvaluationOptions;
  /** What was entered or computed, kept while a question is hidden so it returns when shown. */
  readonly answers: Data;
  /** What expressions read and what is submitted: hidden questions blank. */
  readonly values: Data;
  /** By instance path: 'age', 'household[2]/member[1]/age'; groups and repeats too. */
  readonly questions: ReadonlyMap<string, QuestionState>;
  /** Result of each relevance expression, by instance path (internal bookkeeping). */
  readonly ownRelevance: ReadonlyMap<string, boolean>;
}

/** Instance paths that changed, each list in the order the changes happened. */
export interface Changes {
  readonly visibility: readonly string[];
  readonly values: readonly string[];
  readonly validity: readonly string[];
  readonly required: readonly string[];
  readonly choices: readonly string[];
  readonly labels: readonly string[];
  /** Repeats (by path) whose number of instances changed. */
  readonly repeats: readonly string[];
  readonly errors: readonly { readonly path: string; readonly kind: BindKind; readonly error: ExpressionError }[];
}

export interface Recalculation {
  readonly state: FormState;
  readonly changes: Changes;
}
