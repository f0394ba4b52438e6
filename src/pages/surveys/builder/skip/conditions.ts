// Skip logic as conditions <-> the relevance expression it writes. A condition is one question, an
// operator that fits its type and a value; conditions join with all (and) or any (or). Reading an
// expression back succeeds only when it is exactly such a list (engine's parse tree, not text
// matching); anything else stays in the raw editor.
import type { AstNode } from '../../../../../engine/expression/index';
import { QUESTION_TYPES, type QuestionType } from '../../../../../engine/survey/index';

export const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'selected', 'notSelected', 'answered', 'notAnswered'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  name: string;
  op: Operator;
  value: string;
}

export interface Conditions {
  join: 'and' | 'or';
  list: Condition[];
}

type Kind = 'number' | 'ordered' | 'one' | 'many' | 'text';

/** How a type compares: numbers unquoted, dates and times in order but quoted, choices by name. */
export function kindOf(type: QuestionType): Kind {
  const info = QUESTION_TYPES[type];
  if (info.key === 'select_multiple' || info.key === 'ranking') return 'many';
  if (info.choices === 'list') return 'one';
  if (info.slot === 'number' && info.key !== 'phone') return 'number';
  if (info.key === 'date' || info.key === 'time' || info.key === 'datetime') return 'ordered';
  return 'text';
}

const BY_KIND: Record<Kind, readonly Operator[]> = {
  number: ['=', '!=', '>', '>=', '<', '<=', 'answered', 'notAnswered'],
  ordered: ['=', '!=', '>', '>=', '<', '<=', 'answered', 'notAnswered'],
  one: ['=', '!=', 'answered', 'notAnswered'],
  many: ['selected', 'notSelected', 'answered', 'notAnswered'],
  text: ['=', '!=', 'answered', 'notAnswered'],
};

export const operatorsFor = (type: QuestionType): readonly Operator[] => BY_KIND[kindOf(type)];
export const needsValue = (op: Operator): boolean => op !== 'answered' && op !== 'notAnswered';

const quote = (s: string): string => (s.includes("'") ? `"${s}"` : `'${s}'`);

function literal(value: string, type: QuestionType | undefined): string {
  const n = value.trim();
  return type !== undefined && kindOf(type) === 'number' && n !== '' && Number.isFinite(Number(n)) ? n : quote(value);
}

function one(c: Condition, type: QuestionType | undefined): string {
  const ref = `\${${c.name}}`;
  switch (c.op) {
    case 'answered':
      return `${ref} != ''`;
    case 'notAnswered':
      return `${ref} = ''`;
    case 'selected':
      return `selected(${ref}, ${quote(c.value)})`;
    case 'notSelected':
      return `not(selected(${ref}, ${quote(c.value)}))`;
    default:
      return `${ref} ${c.op} ${literal(c.value, type)}`;
  }
}

/** The relevance expression; '' for no conditions. */
export function toExpression(c: Conditions, typeOf: (name: string) => QuestionType | undefined): string {
  return c.list.map((x) => one(x, typeOf(x.name))).join(` ${c.join} `);
}

const COMPARE = new Set<string>(['=', '!=', '>', '>=', '<', '<=']);

function leaf(node: AstNode): Condition | null {
  if (node.kind === 'binary' && COMPARE.has(node.op) && node.left.kind === 'ref') {
    const r = node.right;
    if (r.kind === 'string' && r.value === '' && (node.op === '=' || node.op === '!='))
      return { name: node.left.name, op: node.op === '=' ? 'notAnswered' : 'answered', value: '' };
    if (r.kind === 'string' || r.kind === 'number') return { name: node.left.name, op: node.op as Operator, value: String(r.value) };
    if (r.kind === 'negate' && r.operand.kind === 'number')
      return { name: node.left.name, op: node.op as Operator, value: String(-r.operand.value) };
    return null;
  }
  if (node.kind === 'call' && node.name === 'selected' && node.args.length === 2) {
    const [ref, value] = node.args;
    if (ref?.kind === 'ref' && value?.kind === 'string') return { name: ref.name, op: 'selected', value: value.value };
  }
  if (node.kind === 'call' && node.name === 'not' && node.args.length === 1) {
    const inner = leaf(node.args[0]!);
    if (inner?.op === 'selected') return { ...inner, op: 'notSelected' };
  }
  return null;
}

/** The conditions an expression tree is, or null when it is something the builder cannot show. */
export function fromTree(root: AstNode | null): Conditions | null {
  if (root === null) return { join: 'and', list: [] };
  let join: 'and' | 'or' | null = null;
  const list: Condition[] = [];
  const visit = (node: AstNode): boolean => {
    if (node.kind === 'binary' && (node.op === 'and' || node.op === 'or')) {
      if (join !== null && join !== node.op) return false;
      join = node.op;
      return visit(node.left) && visit(node.right);
    }
    const c = leaf(node);
    if (!c) return false;
    list.push(c);
    return true;
  };
  return visit(root) ? { join: join ?? 'and', list } : null;
}
