// A small language for writing surveys in code (fixtures, tests, benchmarks):
//   survey(q.text('name').label('Name').required(), q.integer('age').relevant("${name} != ''"))
// Texts are a string (the base language) or { en: 'Age', fr: 'Âge', ar: 'العمر' }.
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel, SurveyStatus } from './model';
import { emptyQuestion } from './editor/defaults';
import { QUESTION_TYPES, QUESTION_TYPE_CODES, type QuestionKey, type QuestionType, type SheetType } from './question-types';

export type Texts = string | Readonly<Record<string, string>>;
export type ChoiceSpec = string | { name: string; label?: Texts; emoji?: string; filters?: Record<string, string> };

interface Common {
  label?: Texts;
  hint?: Texts;
  relevant?: string;
}

export class QuestionBuilder {
  readonly kind = 'question';
  p: Common & {
    /** true: always; an expression: while it holds. */
    required?: boolean | string;
    requiredMessage?: Texts;
    readOnly?: boolean;
    constraint?: string;
    constraintMessage?: Texts;
    calculation?: string;
    default?: string;
    appearance?: string;
    sheetType?: SheetType;
    parameters?: string;
    choices?: ChoiceSpec[];
    columns?: ChoiceSpec[];
    maxChoices?: number;
    choiceFilter?: string;
    range?: [Texts, Texts];
    emoji?: boolean;
  } = {};
  constructor(
    readonly type: Exclude<QuestionType, 0>,
    readonly name: string,
  ) {}
  label(t: Texts): this {
    this.p.label = t;
    return this;
  }
  hint(t: Texts): this {
    this.p.hint = t;
    return this;
  }
  required(on: boolean | string = true, message?: Texts): this {
    this.p.required = on;
    if (message !== undefined) this.p.requiredMessage = message;
    return this;
  }
  readOnly(on = true): this {
    this.p.readOnly = on;
    return this;
  }
  relevant(e: string): this {
    this.p.relevant = e;
    return this;
  }
  constraint(e: string, message?: Texts): this {
    this.p.constraint = e;
    if (message !== undefined) this.p.constraintMessage = message;
    return this;
  }
  calculation(e: string): this {
    this.p.calculation = e;
    return this;
  }
  default(v: string): this {
    this.p.default = v;
    return this;
  }
  appearance(a: string): this {
    this.p.appearance = a;
    return this;
  }
  /** The XLSForm variant of the type ('geotrace' on a text, 'audio' on a file). */
  sheetType(v: SheetType): this {
    this.p.sheetType = v;
    return this;
  }
  parameters(p: string): this {
    this.p.parameters = p;
    return this;
  }
  choices(...c: ChoiceSpec[]): this {
    this.p.choices = c;
    return this;
  }
  columns(...c: ChoiceSpec[]): this {
    this.p.columns = c;
    return this;
  }
  maxChoices(n: number): this {
    this.p.maxChoices = n;
    return this;
  }
  choiceFilter(e: string): this {
    this.p.choiceFilter = e;
    return this;
  }
  rangeLabels(first: Texts, second: Texts): this {
    this.p.range = [first, second];
    return this;
  }
  emoji(): this {
    this.p.emoji = true;
    return this;
  }
}

export class SectionBuilder {
  readonly kind = 'section';
  p: Common & { repeat?: boolean; count?: string | number } = {};
  constructor(
    readonly name: string,
    readonly children: readonly ItemBuilder[],
  ) {}
  label(t: Texts): this {
    this.p.label = t;
    return this;
  }
  /** The section's description. */
  hint(t: Texts): this {
    this.p.hint = t;
    return this;
  }
  relevant(e: string): this {
    this.p.relevant = e;
    return this;
  }
  /** Makes it a repeat group; with a count (number or expression) the instances are fixed. */
  repeat(count?: string | number): this {
    this.p.repeat = true;
    if (count !== undefined) this.p.count = count;
    return this;
  }
}

export type ItemBuilder = QuestionBuilder | SectionBuilder;

export const section = (name: string, ...children: ItemBuilder[]): SectionBuilder => new SectionBuilder(name, children);
export const repeat = (name: string, ...children: ItemBuilder[]): SectionBuilder => new SectionBuilder(name, children).repeat();

/** One factory per question type, by type key: q.select_one('colour'), q.integer('age'), ... */
export const q = Object.fromEntries(
  QUESTION_TYPE_CODES.filter((c) => c !== 0).map((code) => [
    QUESTION_TYPES[code].key,
    (name: string) => new QuestionBuilder(code as Exclude<QuestionType, 0>, name),
  ]),
) as Record<Exclude<QuestionKey, 'section'>, (name: string) => QuestionBuilder>;

export interface BuildOptions {
  id?: string;
  name?: string;
  description?: string;
  endDate?: string | null;
  status?: SurveyStatus;
  toggleLocation?: boolean;
  /** The first one is the base language. Default: English with id 1. */
  languages?: { code: string; languageId: number; name: string }[];
  /** Ids of items and choices; by default stable ids derived from the survey name and the item's path. */
  idFor?: (path: string) => string;
}

/** A deterministic uuid-shaped id (FNV-1a), so that a fixture builds the same ids every time. */
export function stableId(key: string): string {
  let hex = '';
  for (let round = 0; round < 4; round++) {
    let h = 0x811c9dc5;
    const k = `${round}:${key}`;
    for (let i = 0; i < k.length; i++) h = Math.imul(h ^ k.charCodeAt(i), 0x01000193);
    // murmur3's finalizer spreads FNV's weak low bits over the whole word
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    hex += ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function buildSurvey(opts: BuildOptions, items: readonly ItemBuilder[]): SurveyModel {
  const name = opts.name ?? 'Survey';
  const langs = opts.languages ?? [{ code: 'en', languageId: 1, name: 'English' }];
  const idFor = opts.idFor ?? ((path: string) => stableId(`${name}:${path}`));
  const idOf = new Map(langs.map((l) => [l.code, l.languageId]));
  const base = langs[0]!.languageId;
  const texts = (t: Texts | undefined): LocalizedText[] => {
    if (t === undefined) return [];
    if (typeof t === 'string') return [{ languageId: base, text: t }];
    return Object.entries(t).map(([code, text]) => {
      const languageId = idOf.get(code);
      if (languageId === undefined) throw new Error(`The survey has no language '${code}'`);
      return { languageId, text };
    });
  };
  const choices = (list: readonly ChoiceSpec[] | undefined, path: string): ChoiceModel[] =>
    (list ?? []).map((c) => {
      const spec = typeof c === 'string' ? { name: c } : c;
      return {
        id: idFor(`${path}/${spec.name}`),
        name: spec.name,
        choiceLabels: texts(spec.label ?? spec.name),
        emoji: spec.emoji ?? null,
        filters: spec.filters ?? {},
      };
    });

  const build = (list: readonly ItemBuilder[], sectionId: string | null, xpath: string): SurveyItem[] =>
    list.map((item, order) => {
      const path = xpath ? `${xpath}/${item.name}` : item.name;
      const id = idFor(path);
      const common = {
        ...emptyQuestion(),
        id,
        name: item.name,
        relevant: item.p.relevant ?? null,
        questionLabels: texts(item.p.label),
        surveyQuestionHints: texts(item.p.hint),
        order: order + 1,
      } satisfies Omit<QuestionModel, 'questionType'>;
      if (item.kind === 'section') {
        const count = item.p.count;
        return {
          itemLabel: 'Section',
          id,
          sectionId,
          xpath: path,
          repeatGroup: item.p.repeat === true,
          repeat_count: count === undefined ? null : String(count),
          surveyItem: { ...common, questionType: 0 },
          innerItems: build(item.children, id, path),
        };
      }
      const p = item.p;
      const question: QuestionModel = {
        ...common,
        questionType: item.type,
        isRequired: p.required === true,
        requiredExpression: typeof p.required === 'string' ? p.required : null,
        default: p.default ?? null,
        calculation: p.calculation ?? null,
        constraint: p.constraint ?? null,
        constraintMessages: texts(p.constraintMessage),
        requiredMessages: texts(p.requiredMessage),
        readOnly: p.readOnly ?? false,
        choiceFilter: p.choiceFilter ?? null,
        appearance: p.appearance ?? null,
        ...(p.sheetType ? { sheetType: p.sheetType } : {}),
        parameters: p.parameters ?? null,
        selectQuestionChoices: choices(p.choices, `${path}#choices`),
        secondChoices: choices(p.columns, `${path}#columns`),
        maxChoices: p.maxChoices ?? null,
        range: p.range ? { firstLabel: texts(p.range[0]), secondLabel: texts(p.range[1]) } : null,
        hasEmoji: p.emoji ?? false,
      };
      return {
        itemLabel: 'Question',
        id,
        sectionId,
        xpath: path,
        repeatGroup: false,
        repeat_count: null,
        surveyItem: question,
        innerItems: [],
      };
    });

  return {
    id: opts.id ?? idFor('#survey'),
    name,
    description: opts.description ?? '',
    endDate: opts.endDate ?? null,
    surveyStatusId: opts.status ?? 1,
    toggleLocation: opts.toggleLocation ?? false,
    surveyLanguageMaps: langs.map((l, i): SurveyLanguage => ({
      languageId: l.languageId,
      name: l.name,
      code: l.code,
      isBaseLanguage: i === 0,
      translateStatus: 0,
    })),
    surveyItems: build(items, null, ''),
  };
}

/** The shortest form, for tests: an English survey of these items. */
export function survey(...items: ItemBuilder[]): SurveyModel {
  return buildSurvey({}, items);
}
