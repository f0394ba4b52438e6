// Survey model -> bindings: the language-independent, compiled view of a survey that the validator,
// the answer codecs and the fill page's runtime share. Expressions are compiled here once, references
// are resolved, and the order in which relevance, repeat counts and calculations must be evaluated is
// fixed here (practice 7: the runtime only walks a sorted list).
import type { Choice as EngineChoice } from '../expression/index';
import { exprOrNull, isDynamicDefault, textReferences, type Expr, type ExpressionRole } from './expressions';
import type { ChoiceModel, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel } from './model';
import { keyLabel, surveyKeys } from './keys';
import type { BindingNode, ChoiceBinding, FieldNode, SectionNode } from './nodes';
import { evaluationOrder } from './order';
import { QUESTION_TYPES, isQuestionType, xlsformTypeOf } from './question-types';
import { appearanceWords, readAppearance, searchChoices, searchColumns, searchFilter } from './search';
import { parseParameters, rangeOf } from './values';

export type { BindingNode, ChoiceBinding, FieldNode, SectionNode } from './nodes';

/** What kind of problem a diagnostic is: the publish checks name it, the builder may filter by it. */
export type DiagnosticCode =
  'syntax' | 'reference' | 'ambiguousReference' | 'cycle' | 'name' | 'duplicateName' | 'choices' | 'structure' | 'search';

export interface Diagnostic {
  readonly name: string;
  readonly itemId: string;
  readonly role: ExpressionRole | 'name' | 'choices' | 'structure' | 'appearance';
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Where in the expression (syntax problems). */
  readonly at?: { readonly offset: number; readonly length: number };
}

export interface Bindings {
  readonly surveyId: string;
  readonly languages: readonly SurveyLanguage[];
  readonly baseLanguageId: number;
  readonly root: readonly BindingNode[];
  /** Every node in document order. */
  readonly nodes: readonly BindingNode[];
  /** By key (keys.ts): the name, or the path of names where the name repeats. */
  readonly byName: ReadonlyMap<string, BindingNode>;
  /** Names more than one question or section holds: `${name}` of them is ambiguous. */
  readonly repeatedNames: ReadonlySet<string>;
  readonly byId: ReadonlyMap<string, BindingNode>;
  /** Every node, each after everything its relevance, repeat count, calculation or default reads. */
  readonly order: readonly BindingNode[];
  /** Env.types, Env.repeats and Env.choices for engine/expression. */
  readonly types: Readonly<Record<string, string>>;
  readonly repeats: Readonly<Record<string, readonly string[]>>;
  readonly choices: Readonly<Record<string, readonly EngineChoice[]>>;
  /** Env.attachments: the survey's CSV files for pulldata(). */
  readonly attachments: NonNullable<SurveyModel['attachments']>;
  /** Problems the builder must show; the form still works around them. */
  readonly diagnostics: readonly Diagnostic[];
}

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const bySurvey = new WeakMap<SurveyModel, Bindings>();

/** The bindings of a survey, built once per survey object. */
export function bindSurvey(survey: SurveyModel): Bindings {
  let b = bySurvey.get(survey);
  if (b === undefined) {
    b = build(survey);
    bySurvey.set(survey, b);
  }
  return b;
}

const sortedItems = (items: readonly SurveyItem[]): SurveyItem[] => [...items].sort((a, b) => a.surveyItem.order - b.surveyItem.order);

function choiceBindings(list: readonly ChoiceModel[]): ChoiceBinding[] {
  return list.map((c) => ({
    id: c.id,
    name: c.name,
    labels: c.choiceLabels,
    emoji: c.emoji,
    filters: c.filters ?? {},
    media: c.media ?? [],
  }));
}

function build(survey: SurveyModel): Bindings {
  const diagnostics: Diagnostic[] = [];
  const nodes: BindingNode[] = [];
  const byName = new Map<string, BindingNode>();
  const byId = new Map<string, BindingNode>();
  const baseLanguageId = (survey.surveyLanguageMaps.find((l) => l.isBaseLanguage) ?? survey.surveyLanguageMaps[0])?.languageId ?? 0;
  const note: Note = (q, role, message, code = 'structure', at) => {
    diagnostics.push({ name: q.name, itemId: q.id, role, code, message, ...(at ? { at } : {}) });
  };
  const compiled = (q: QuestionModel, source: string | null, role: ExpressionRole): Expr | null => {
    const e = exprOrNull(source, role);
    if (e?.error) note(q, role, e.error.message, 'syntax', { offset: e.error.offset, length: e.error.length });
    // Wrong argument counts fail only when evaluated (as in JavaRosa), but the author is still told.
    for (const d of e?.compiled?.expression.deferred ?? []) note(q, role, d.message, 'syntax', { offset: d.offset, length: d.length });
    return e;
  };

  const { keys, repeated } = surveyKeys(survey.surveyItems);
  const visit = (items: readonly SurveyItem[], parent: SectionNode | null, repeats: readonly string[]): BindingNode[] => {
    const out: BindingNode[] = [];
    for (const item of sortedItems(items)) {
      const q = item.surveyItem;
      if (!isQuestionType(q.questionType)) {
        note(q, 'structure', `Unknown question type ${String(q.questionType)}`, 'structure');
        continue;
      }
      if (!NAME_PATTERN.test(q.name)) note(q, 'name', `'${q.name}' is not a valid name`, 'name');
      // Names are unique per parent (XLSForm): only a second one in the same group or repeat is refused.
      const key = keys.get(item.id) ?? q.name;
      if (byName.has(key)) {
        note(q, 'name', `The name '${q.name}' is used twice in one group`, 'duplicateName');
        continue;
      }
      const base = {
        id: item.id,
        name: key,
        type: q.questionType,
        model: q,
        parent,
        repeats,
        relevant: compiled(q, q.relevant, 'relevant'),
        index: nodes.length,
      };
      let node: BindingNode;
      if (item.itemLabel === 'Section' || q.questionType === 0) {
        const repeat = item.repeatGroup;
        const countSource = item.repeat_count?.trim() ?? '';
        let repeatCount: Expr | number | null = null;
        if (countSource !== '') {
          if (!repeat) note(q, 'repeatCount', 'A repeat count needs a repeat group', 'structure');
          else repeatCount = /^\d+$/.test(countSource) ? Number(countSource) : compiled(q, countSource, 'repeatCount');
        }
        const section = { ...base, kind: 'section' as const, type: 0 as const, repeat, repeatCount, children: [] as BindingNode[] };
        node = section;
        register(node);
        section.children = visit(item.innerItems, section, repeat ? [...repeats, key] : repeats);
      } else {
        const info = QUESTION_TYPES[q.questionType];
        const parameters = parseParameters(q.parameters);
        const defaultSource = q.default?.trim() ? q.default.trim() : null;
        const dynamic = defaultSource !== null && isDynamicDefault(defaultSource);
        const texts = [...q.questionLabels, ...q.surveyQuestionHints].map((t) => t.text).join(' ');
        const look =
          info.choices === 'list' ? readAppearance(q.appearance) : { words: appearanceWords(q.appearance), search: null, problem: null };
        if (look.problem !== null) note(q, 'appearance', look.problem, 'search');
        const ownFilter = info.choices === 'none' ? null : compiled(q, q.choiceFilter, 'choiceFilter');
        const search = look.search;
        let choiceFilter = ownFilter;
        const byCsv = search === null ? null : searchFilter(search);
        if (byCsv !== null) {
          choiceFilter = exprOrNull(ownFilter === null ? byCsv : `(${byCsv}) and (${ownFilter.source})`, 'choiceFilter');
          if (choiceFilter?.error) note(q, 'appearance', `${search!.text}: ${choiceFilter.error.message}`, 'search');
        }
        // The CSV's rows; a file not attached leaves none (the publish check names it).
        const rows = search === null ? undefined : survey.attachments?.[search.file];
        const listed =
          search === null
            ? q.selectQuestionChoices
            : searchChoices(q.id, search, rows ?? [], searchColumns(q.selectQuestionChoices, baseLanguageId));
        node = {
          ...base,
          kind: 'field',
          // A condition decides when present (the model's rule); only a respondent's input can be required.
          ...requiredOf(q, info.source === 'input', (source) => compiled(q, source, 'requiredIf')),
          calculation: compiled(q, q.calculation, 'calculation'),
          constraint: compiled(q, q.constraint, 'constraint'),
          choiceFilter,
          defaultValue: dynamic ? null : defaultSource,
          defaultExpr: dynamic ? compiled(q, defaultSource, 'default') : null,
          appearance: look.words,
          search,
          parameters,
          choices: info.choices === 'none' ? [] : choiceBindings(listed),
          columns: info.choices === 'grid' ? choiceBindings(q.secondChoices) : [],
          maxChoices: q.questionType === 33 && q.maxChoices !== null && q.maxChoices > 0 ? q.maxChoices : null,
          range: q.questionType === 275 ? rangeOf(parameters) : null,
          textRefs: textReferences(texts),
        };
        register(node);
        // CSV values are the file's, not the author's: a row with a space or twice is not the form's fault.
        if (search === null) checkChoices(node, note);
      }
      out.push(node);
    }
    return out;
  };

  function register(node: BindingNode): void {
    nodes.push(node);
    byName.set(node.name, node);
    byId.set(node.id, node);
  }

  const root = visit(survey.surveyItems, null, []);
  const ambiguous = (ref: string): string =>
    `'\${${ref}}' is ambiguous: ${nodes
      .filter((n) => n.model.name === ref)
      .map((n) => `'${keyLabel(n.name)}'`)
      .join(', ')} are all named '${ref}'`;
  for (const node of nodes) {
    for (const e of expressionsOf(node)) {
      for (const ref of e.references) {
        if (repeated.has(ref)) note(node.model, e.role, ambiguous(ref), 'ambiguousReference');
        else if (!byName.has(ref)) note(node.model, e.role, `There is no question named '${ref}'`, 'reference');
      }
    }
    // Labels and hints show answers by name: pyxform refuses an ambiguous one there too.
    if (node.kind === 'field')
      for (const ref of node.textRefs) if (repeated.has(ref)) note(node.model, 'label', ambiguous(ref), 'ambiguousReference');
  }
  const { order, cycles } = evaluationOrder(nodes, byName);
  for (const cycle of cycles) {
    const first = byName.get(cycle[0]!)!;
    note(first.model, 'calculation', `These questions depend on each other: ${cycle.join(', ')}`, 'cycle');
  }
  const languages = survey.surveyLanguageMaps;
  return {
    surveyId: survey.id,
    languages,
    baseLanguageId,
    root,
    nodes,
    byName,
    repeatedNames: repeated,
    byId,
    order,
    ...engineEnv(nodes, languages, baseLanguageId),
    attachments: survey.attachments ?? {},
    diagnostics,
  };
}

/** Always required, or required while an expression holds: `required: yes` and `required: ${x} = 1`. */
function requiredOf(
  q: QuestionModel,
  input: boolean,
  compile: (source: string) => Expr | null,
): { required: boolean; requiredIf: Expr | null } {
  const condition = q.requiredExpression?.trim() ? q.requiredExpression.trim() : null;
  if (!input) return { required: false, requiredIf: null };
  if (condition === null) return { required: q.isRequired, requiredIf: null };
  return { required: false, requiredIf: compile(condition) };
}

/** The expressions of a node, for reference checks and the dependency order. */
export function expressionsOf(node: BindingNode): Expr[] {
  const list: (Expr | null | number)[] =
    node.kind === 'section'
      ? [node.relevant, node.repeatCount]
      : [node.relevant, node.requiredIf, node.calculation, node.constraint, node.choiceFilter, node.defaultExpr];
  return list.filter((e): e is Expr => e !== null && typeof e !== 'number');
}

type Note = (q: QuestionModel, role: Diagnostic['role'], message: string, code?: DiagnosticCode, at?: Diagnostic['at']) => void;

function checkChoices(node: FieldNode, note: Note): void {
  const info = QUESTION_TYPES[node.type];
  if (info.choices === 'none') return;
  for (const list of [node.choices, node.columns]) {
    const seen = new Set<string>();
    for (const c of list) {
      // As pyxform: a space only breaks a select_multiple (its answer is names joined by spaces); one
      // name twice is a cascade's (a choice filter tells them apart, allow_choice_duplicates in XLSForm).
      if (info.key === 'select_multiple' && !/^\S+$/.test(c.name))
        note(node.model, 'choices', `The choice name '${c.name}' must not contain spaces`, 'choices');
      if (seen.has(c.name) && !node.model.choiceFilter) note(node.model, 'choices', `The choice name '${c.name}' is used twice`, 'choices');
      seen.add(c.name);
    }
  }
  if (node.choices.length === 0) note(node.model, 'choices', 'The question has no choices', 'choices');
  if (info.choices === 'grid' && node.columns.length === 0) note(node.model, 'choices', 'The question has no columns', 'choices');
}

function engineEnv(nodes: readonly BindingNode[], languages: readonly SurveyLanguage[], baseLanguageId: number) {
  const types: Record<string, string> = {};
  const repeats: Record<string, readonly string[]> = {};
  const choices: Record<string, EngineChoice[]> = {};
  const codeOf = new Map(languages.map((l) => [l.languageId, l.code]));
  for (const node of nodes) {
    if (node.repeats.length) repeats[node.name] = node.repeats;
    if (node.kind === 'section') {
      types[node.name] = node.repeat ? 'repeat' : 'group';
      continue;
    }
    const info = QUESTION_TYPES[node.type];
    types[node.name] = info.choices === 'list' ? `${info.xlsform} ${node.name}` : xlsformTypeOf(node.model);
    if (info.choices !== 'none') {
      choices[node.name] = node.choices.map((c) => {
        const labels: Record<string, string> = {};
        for (const t of c.labels) {
          const code = codeOf.get(t.languageId);
          if (code !== undefined) labels[code] = t.text;
        }
        const label = c.labels.find((t) => t.languageId === baseLanguageId)?.text ?? c.labels[0]?.text ?? c.name;
        return { ...c.filters, name: c.name, label, labels };
      });
    }
  }
  return { types, repeats, choices };
}
