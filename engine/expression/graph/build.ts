// Survey binds -> dependency graph: compiled expressions, who reads what, cycles, evaluation order.
// Everything here happens once per survey version; recalculation only walks the result.
import { walk, type AstNode } from '../ast';
import { ExpressionError } from '../errors';
import { asExpressionError, compile, type CompiledExpression } from '../runtime/evaluate';
import { templateReferences } from '../template';
import { findCycles, topologicalOrder } from './order';
import { describeFields } from './shape';
import {
  BIND_KINDS,
  type Bind,
  type BindKind,
  type BindProblem,
  type Cycle,
  type FieldInfo,
  type Graph,
  type GraphBind,
  type SurveyShape,
} from './types';

interface Draft {
  readonly bind: Bind;
  readonly expression: string;
  readonly compiled: CompiledExpression | undefined;
  readonly references: readonly string[];
  /** The question's own value is among its inputs ('.', string(), ...). */
  readonly readsOwnValue: boolean;
  readonly crossesInstances: boolean;
  readonly constant: string | number | boolean | undefined;
}

const TEMPLATE_KINDS: ReadonlySet<BindKind> = new Set<BindKind>(['label', 'hint']);
/** Binds whose results make up a question's value as other expressions see it. */
const VALUE_KINDS = ['calculate', 'default', 'choice_filter', 'relevant'] as const satisfies readonly BindKind[];
const KIND_ORDER = new Map<BindKind, number>(BIND_KINDS.map((k, i) => [k, i]));

/** XLSForm's required column takes yes/no as well as expressions. */
function normalise(bind: Bind): string {
  const text = bind.expression.trim();
  if (bind.kind !== 'required') return text;
  const lower = text.toLowerCase();
  if (lower === 'yes' || lower === 'true' || lower === 'true()') return 'true()';
  if (lower === 'no' || lower === 'false' || lower === 'false()' || lower === '') return 'false()';
  return text;
}

function referenceSpan(root: AstNode, name: string): { offset: number; length: number } {
  let span = root.span;
  let found = false;
  walk(root, (node) => {
    if (!found && node.kind === 'ref' && node.name === name) {
      span = node.span;
      found = true;
    }
  });
  return span;
}

/** The texts buildGraph parses for these binds, as it parses them (labels and hints are texts, not expressions). */
export function compiledSources(binds: readonly Bind[]): string[] {
  return binds.filter((b) => !TEMPLATE_KINDS.has(b.kind)).map(normalise);
}

function draft(bind: Bind, fields: ReadonlyMap<string, FieldInfo>): { draft?: Draft; problem?: ExpressionError } {
  const expression = normalise(bind);
  const context = { source: expression, field: bind.field };
  if (!fields.has(bind.field)) {
    return {
      problem: new ExpressionError('unknown-reference', `There is no question named '${bind.field}'`, { offset: 0, length: 0 }, context),
    };
  }
  if (TEMPLATE_KINDS.has(bind.kind)) {
    const references = templateReferences(expression);
    const unknown = references.find((r) => !fields.has(r));
    if (unknown !== undefined) {
      const offset = expression.indexOf(unknown);
      return {
        problem: new ExpressionError(
          'unknown-reference',
          `There is no question named '${unknown}'`,
          { offset, length: unknown.length },
          context,
        ),
      };
    }
    const constant = references.length === 0 ? expression : undefined;
    return { draft: { bind, expression, compiled: undefined, references, readsOwnValue: false, crossesInstances: false, constant } };
  }
  let compiled: CompiledExpression;
  try {
    compiled = compile(expression);
  } catch (e) {
    return { problem: asExpressionError(e, expression).withContext(context) };
  }
  const { references, readsCurrent, crossesInstances, readsColumns, volatile } = compiled.analysis;
  const unknown = references.find((r) => !fields.has(r));
  if (unknown !== undefined) {
    const at = referenceSpan(compiled.expression.root, unknown);
    return { problem: new ExpressionError('unknown-reference', `There is no question named '${unknown}'`, at, context) };
  }
  let constant: string | number | boolean | undefined;
  if (references.length === 0 && !readsCurrent && !readsColumns && !volatile) {
    try {
      constant = compiled.evaluate({ fields: {} });
    } catch {
      constant = undefined;
    }
  }
  // In a calculation or default, '.' is the previous value (once()), not an input.
  const readsOwnValue = readsCurrent && bind.kind !== 'calculate' && bind.kind !== 'default';
  return { draft: { bind, expression, compiled, references, readsOwnValue, crossesInstances, constant } };
}

export function buildGraph(binds: readonly Bind[], shape: SurveyShape): Graph {
  const fields = describeFields(shape.fields);
  const problems: BindProblem[] = [];
  const drafts: Draft[] = [];
  const seen = new Set<string>();
  for (const bind of binds) {
    const key = `${bind.field}\u0000${bind.kind}`;
    if (seen.has(key)) {
      const error = new ExpressionError(
        'syntax',
        `'${bind.field}' has more than one ${bind.kind} expression`,
        { offset: 0, length: 0 },
        { source: bind.expression, field: bind.field },
      );
      problems.push({ field: bind.field, kind: bind.kind, error });
      continue;
    }
    seen.add(key);
    const result = draft(bind, fields);
    if (result.draft !== undefined) drafts.push(result.draft);
    else if (result.problem !== undefined) problems.push({ field: bind.field, kind: bind.kind, error: result.problem });
  }

  const byFieldKind = new Map<string, number>();
  drafts.forEach((d, i) => byFieldKind.set(`${d.bind.field}\u0000${d.bind.kind}`, i));
  const bindOf = (field: string, kind: BindKind): number | undefined => byFieldKind.get(`${field}\u0000${kind}`);

  /** The binds that decide what a question's value looks like to others. */
  const providers = (name: string): number[] => {
    const info = fields.get(name);
    const out: (number | undefined)[] = VALUE_KINDS.map((k) => bindOf(name, k));
    for (const a of info?.ancestors ?? []) out.push(bindOf(a, 'relevant'));
    for (const r of info?.repeats ?? []) out.push(bindOf(r, 'repeat_count'));
    if (info?.container === 'repeat') out.push(bindOf(name, 'repeat_count'));
    return out.filter((i): i is number => i !== undefined);
  };
  const dependsOn = drafts.map((d) => {
    const deps = new Set<number>();
    const inputs = d.readsOwnValue ? [...d.references, d.bind.field] : d.references;
    for (const name of inputs) for (const p of providers(name)) deps.add(p);
    // A question's instances exist only once the repeats around it have their counts.
    for (const r of fields.get(d.bind.field)?.repeats ?? []) {
      const count = bindOf(r, 'repeat_count');
      if (count !== undefined) deps.add(count);
    }
    return [...deps];
  });

  const cycles: Cycle[] = [];
  const cyclic = new Set<number>();
  for (const component of findCycles(drafts.length, dependsOn)) {
    const members = component.map((i) => drafts[i]).filter((d): d is Draft => d !== undefined);
    const names = [...new Set(members.map((d) => d.bind.field))].sort((a, b) => (fields.get(a)?.index ?? 0) - (fields.get(b)?.index ?? 0));
    const message =
      names.length === 1 ? `'${names[0]}' depends on its own value` : `These questions depend on each other in a loop: ${names.join(', ')}`;
    const error = new ExpressionError('cycle', message, { offset: 0, length: 0 });
    cycles.push({ fields: names, binds: members.map((d) => ({ field: d.bind.field, kind: d.bind.kind })), error });
    for (const i of component) cyclic.add(i);
    for (const d of members)
      problems.push({ field: d.bind.field, kind: d.bind.kind, error: error.withContext({ source: d.expression, field: d.bind.field }) });
  }

  const documentOrder = drafts
    .map((_, i) => i)
    .filter((i) => !cyclic.has(i))
    .sort((a, b) => {
      const da = drafts[a];
      const db = drafts[b];
      if (da === undefined || db === undefined) return 0;
      const byField = (fields.get(da.bind.field)?.index ?? 0) - (fields.get(db.bind.field)?.index ?? 0);
      return byField !== 0 ? byField : (KIND_ORDER.get(da.bind.kind) ?? 0) - (KIND_ORDER.get(db.bind.kind) ?? 0);
    });
  const order = topologicalOrder(documentOrder, dependsOn);

  const graphBinds: GraphBind[] = order.map((draftIndex, id) => {
    const d = drafts[draftIndex];
    if (d === undefined) throw new Error('graph: lost a bind');
    return {
      id,
      field: d.bind.field,
      kind: d.bind.kind,
      expression: d.expression,
      compiled: d.compiled,
      references: d.references,
      crossesInstances: d.crossesInstances,
      constant: d.constant,
    };
  });

  const readers = new Map<string, number[]>();
  const bindsOf = new Map<string, Partial<Record<BindKind, number>>>();
  graphBinds.forEach((b, id) => {
    const d = drafts[order[id] ?? -1];
    const inputs = d?.readsOwnValue ? [...b.references, b.field] : b.references;
    for (const name of new Set(inputs)) readers.set(name, [...(readers.get(name) ?? []), id]);
    bindsOf.set(b.field, { ...bindsOf.get(b.field), [b.kind]: id });
  });

  const types: Record<string, string> = {};
  const repeats: Record<string, readonly string[]> = {};
  for (const info of fields.values()) {
    types[info.name] = info.type;
    repeats[info.name] = info.repeats;
  }
  return {
    fields,
    binds: graphBinds,
    cycles,
    problems,
    types,
    repeats,
    choices: shape.choices ?? {},
    attachments: shape.attachments ?? {},
    readers,
    bindsOf,
  };
}
