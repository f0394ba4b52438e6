// The nodes of a survey's bindings (./bindings.ts): its questions and sections as the validator, the
// codecs, the evaluation order (./order.ts) and the fill page's runtime read them. Types only, apart from
// bindings.ts, so that the order can name them without importing the binder.
import type { Expr } from './expressions';
import type { LocalizedText, MediaText, QuestionModel } from './model';
import type { QuestionType } from './question-types';
import type { SearchCall } from './search';
import type { RangeParams } from './values';

export interface ChoiceBinding {
  readonly id: string;
  readonly name: string;
  readonly labels: readonly LocalizedText[];
  readonly emoji: string | null;
  readonly filters: Readonly<Record<string, string>>;
  /** Images (and other media) shown with the choice, per language: file names among the survey's media. */
  readonly media: readonly MediaText[];
}

interface NodeBase {
  readonly id: string;
  readonly name: string;
  readonly type: QuestionType;
  readonly model: QuestionModel;
  /** The enclosing section, null at the top. */
  readonly parent: SectionNode | null;
  /** Names of the enclosing repeat sections, outermost first. */
  readonly repeats: readonly string[];
  readonly relevant: Expr | null;
  /** Position in document order. */
  readonly index: number;
}

export interface SectionNode extends NodeBase {
  readonly kind: 'section';
  readonly repeat: boolean;
  /** A fixed instance count: a number or an expression; null lets the respondent add instances. */
  readonly repeatCount: Expr | number | null;
  readonly children: readonly BindingNode[];
}

export interface FieldNode extends NodeBase {
  readonly kind: 'field';
  /** Always required. */
  readonly required: boolean;
  /** Required while this holds (the model's requiredExpression); null when `required` decides alone. */
  readonly requiredIf: Expr | null;
  readonly calculation: Expr | null;
  readonly constraint: Expr | null;
  readonly choiceFilter: Expr | null;
  /** A literal default, or null; see defaultExpr for dynamic ones. */
  readonly defaultValue: string | null;
  readonly defaultExpr: Expr | null;
  readonly appearance: readonly string[];
  /** The search() call of the appearance: the choices are then the rows of that CSV attachment. */
  readonly search: SearchCall | null;
  readonly parameters: Readonly<Record<string, string>>;
  readonly choices: readonly ChoiceBinding[];
  /** Columns of a matrix or rating question (secondChoices). */
  readonly columns: readonly ChoiceBinding[];
  readonly maxChoices: number | null;
  readonly range: RangeParams | null;
  /** Names referenced by the label and the hint in any language, for live label updates. */
  readonly textRefs: readonly string[];
}

export type BindingNode = SectionNode | FieldNode;
