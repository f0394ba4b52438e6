// Bindings -> engine/expression's dependency graph. The fill page keeps a FormState over this graph
// (initialize, recalculate, addRepeat, removeRepeat) and the validator settles a submission with the
// very same graph, so what the respondent sees and what the server accepts cannot drift apart.
import { buildGraph, type Bind, type FieldShape, type Graph } from '../expression/index';
import type { BindingNode, Bindings } from './bindings';
import { coerceAnswer } from './coerce';
import { QUESTION_TYPES } from './question-types';
import { textIn } from './text';

/** A literal as an XPath string expression ("it's" -> "it's" in double quotes, both kinds -> concat()). */
export function literalExpression(value: string): string {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `concat(${value
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}

/** A literal default as an expression whose result already has the question's type (5, not '5'). */
function typedLiteral(type: BindingNode['type'], value: string): string {
  const v = coerceAnswer(type, value);
  if (typeof v === 'number') return String(v);
  if (v === true) return 'true()';
  return literalExpression(value);
}

function bindsOf(node: BindingNode, languageId: number | undefined, baseLanguageId: number): Bind[] {
  const field = node.name;
  const out: Bind[] = [];
  const add = (kind: Bind['kind'], expression: string | null | undefined): void => {
    if (expression !== null && expression !== undefined && expression.trim() !== '') out.push({ field, kind, expression });
  };
  add('relevant', node.relevant?.source);
  if (languageId !== undefined) {
    // Only texts that show answers need the graph; the others are the compiled titles.
    const label = textIn(node.model.questionLabels, languageId, baseLanguageId);
    const hint = textIn(node.model.surveyQuestionHints, languageId, baseLanguageId);
    if (label?.includes('${')) add('label', label);
    if (hint?.includes('${')) add('hint', hint);
  }
  if (node.kind === 'section') {
    if (node.repeatCount !== null)
      add('repeat_count', typeof node.repeatCount === 'number' ? String(node.repeatCount) : node.repeatCount.source);
    return out;
  }
  const defaultExpression = node.defaultExpr?.source ?? (node.defaultValue !== null ? typedLiteral(node.type, node.defaultValue) : null);
  if (node.required) add('required', 'true()');
  else add('required', node.requiredIf?.source);
  add('constraint', node.constraint?.source);
  add('choice_filter', node.choiceFilter?.source);
  if (node.calculation !== null) add('calculate', node.calculation.source);
  // Hidden, calculate and note questions without a calculation hold their default, always.
  else if (QUESTION_TYPES[node.type].source !== 'input') add('calculate', defaultExpression);
  else add('default', defaultExpression);
  return out;
}

/** What buildGraph takes: the survey's shape and its binds (labels and hints in one language). */
export function graphInput(b: Bindings, languageId?: number): { binds: Bind[]; fields: FieldShape[] } {
  const fields: FieldShape[] = b.nodes.map((node) => ({
    name: node.name,
    type: node.kind === 'section' ? (node.repeat ? 'begin_repeat' : 'begin_group') : (b.types[node.name] ?? 'text'),
    ...(node.parent ? { parent: node.parent.name } : {}),
  }));
  return { binds: b.nodes.flatMap((n) => bindsOf(n, languageId, b.baseLanguageId)), fields };
}

const graphs = new WeakMap<Bindings, Map<number | undefined, Graph>>();

/**
 * The survey's dependency graph, built once per bindings and language. Without a language it has no
 * label or hint binds: what the validator needs.
 */
export function graphOf(b: Bindings, languageId?: number): Graph {
  let byLanguage = graphs.get(b);
  if (byLanguage === undefined) graphs.set(b, (byLanguage = new Map()));
  let g = byLanguage.get(languageId);
  if (g === undefined) {
    const { binds, fields } = graphInput(b, languageId);
    g = buildGraph(binds, { fields, choices: b.choices, attachments: b.attachments });
    byLanguage.set(languageId, g);
  }
  return g;
}
