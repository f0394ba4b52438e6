// AST -> closures. Each node becomes a function of the scope, with coercions chosen once here
// rather than on every evaluation and constant sub-expressions computed once. Calls are compiled
// in compile-call.ts.
import { unreachable, type AstNode, type BinaryOperator, type Filter } from '../ast';
import { ExpressionError } from '../errors';
import type { Scope } from '../functions/types';
import { NodeSet, equality, relational, toBool, type Relation, type Val } from '../values/value';
import { asBoolean, asNumber, constant, locate, tryFold, type Code } from './code';
import { compileCall, type Compilers } from './compile-call';
import type { EvaluationScope } from './scope';

export type { Run } from './code';

const ARITHMETIC: Partial<Record<BinaryOperator, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  div: (a, b) => a / b,
  mod: (a, b) => a % b,
};

function compileBinary(op: BinaryOperator, left: AstNode, right: AstNode): Code {
  if (op === '|') {
    const l = compileNodes(left);
    const r = compileNodes(right);
    return { run: (s) => union(l(s), r(s), s), type: 'nodes' };
  }
  const l = compileNode(left);
  const r = compileNode(right);
  let code: Code;
  switch (op) {
    case 'or': {
      const a = asBoolean(l);
      const b = asBoolean(r);
      code = { run: (s) => a(s) || b(s), type: 'boolean' };
      break;
    }
    case 'and': {
      const a = asBoolean(l);
      const b = asBoolean(r);
      code = { run: (s) => a(s) && b(s), type: 'boolean' };
      break;
    }
    case '=':
    case '!=': {
      const negate = op === '!=';
      code = { run: (s) => equality(negate, l.run(s), r.run(s), s), type: 'boolean' };
      break;
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
      code = compileRelation(op, l, r);
      break;
    default: {
      const apply = ARITHMETIC[op];
      if (apply === undefined) throw new Error(`no operator ${op}`);
      const a = asNumber(l);
      const b = asNumber(r);
      code = { run: (s) => apply(a(s), b(s)), type: 'number' };
    }
  }
  return tryFold(code, [l, r]);
}

function compileRelation(op: Relation, l: Code, r: Code): Code {
  if (l.type === 'number' && r.type === 'number') {
    const a = asNumber(l);
    const b = asNumber(r);
    const test = {
      '<': (x: number, y: number) => x < y,
      '<=': (x: number, y: number) => x <= y,
      '>': (x: number, y: number) => x > y,
      '>=': (x: number, y: number) => x >= y,
    }[op];
    return { run: (s) => test(a(s), b(s)), type: 'boolean' };
  }
  return { run: (s) => relational(op, l.run(s), r.run(s), s), type: 'boolean' };
}

function union(a: NodeSet, b: NodeSet, scope: Scope): NodeSet {
  const items: Val[] = [];
  for (let i = 0; i < a.size; i++) items.push(a.at(i, scope));
  for (let i = 0; i < b.size; i++) items.push(b.at(i, scope));
  return new NodeSet(items, undefined);
}

/** The nodes of the target a predicate keeps: a number keeps the node at that place, else its truth. */
function compileFilter(node: Filter): (s: EvaluationScope) => NodeSet {
  const target = compileNodes(node.target);
  const predicate = compileNode(node.predicate);
  const { span } = node;
  if (predicate.constant !== undefined && typeof predicate.constant === 'number') {
    const place = predicate.constant;
    return (s) => {
      const set = target(s);
      const raw = Number.isInteger(place) && place >= 1 && place <= set.size ? [set.raw[place - 1]] : [];
      return new NodeSet(raw, set.type, set.name);
    };
  }
  const test = predicate.run;
  return (s) => {
    const set = target(s);
    const kept: unknown[] = [];
    try {
      for (let i = 0; i < set.size; i++) {
        const v = test(s.within(set.raw[i], i + 1));
        if (typeof v === 'number' ? v === i + 1 : toBool(v, s)) kept.push(set.raw[i]);
      }
    } catch (e) {
      throw locate(e, span);
    }
    return new NodeSet(kept, set.type, set.name);
  };
}

/** A node-set argument (count, sum, ...): always a node-set, even for a single answer. */
export function compileNodes(node: AstNode): (s: EvaluationScope) => NodeSet {
  switch (node.kind) {
    case 'filter':
      return compileFilter(node);
    case 'call': {
      const code = compileNode(node);
      if (code.type !== 'nodes') break;
      return (s) => {
        const v = code.run(s);
        return v instanceof NodeSet ? v : new NodeSet([v], undefined);
      };
    }
    case 'ref': {
      const { name, span } = node;
      return (s) => {
        try {
          return s.nodes(name);
        } catch (e) {
          throw locate(e, span);
        }
      };
    }
    case 'current':
      return (s) => new NodeSet([s.current()], undefined);
    case 'binary':
      if (node.op === '|') {
        const l = compileNodes(node.left);
        const r = compileNodes(node.right);
        return (s) => union(l(s), r(s), s);
      }
      break;
    default:
      break;
  }
  throw new ExpressionError('argument', 'A question reference such as ${name} is needed here', node.span);
}

export function compileNode(node: AstNode): Code {
  switch (node.kind) {
    case 'number':
      return constant(node.value, 'number');
    case 'string':
      return constant(node.value, 'string');
    case 'ref': {
      const { name, span } = node;
      if (node.lastSaved) {
        return {
          run: (s) => {
            try {
              return s.lastSaved(name);
            } catch (e) {
              throw locate(e, span);
            }
          },
          type: 'value',
        };
      }
      return {
        run: (s) => {
          try {
            return s.value(name);
          } catch (e) {
            throw locate(e, span);
          }
        },
        type: 'value',
      };
    }
    case 'column': {
      const { name, span } = node;
      return {
        run: (s) => {
          try {
            return s.column(name);
          } catch (e) {
            throw locate(e, span);
          }
        },
        type: 'value',
      };
    }
    case 'current': {
      const { span } = node;
      return {
        run: (s) => {
          try {
            return s.current();
          } catch (e) {
            throw locate(e, span);
          }
        },
        type: 'value',
      };
    }
    case 'parent':
      throw new ExpressionError('argument', "'..' can only be used as position(..)", node.span);
    case 'filter': {
      const nodes = compileFilter(node);
      return { run: nodes, type: 'nodes' };
    }
    case 'negate': {
      const operand = compileNode(node.operand);
      const n = asNumber(operand);
      return tryFold({ run: (s) => -n(s), type: 'number' }, [operand]);
    }
    case 'binary':
      return compileBinary(node.op, node.left, node.right);
    case 'call':
      return compileCall(COMPILERS, node);
    default:
      return unreachable(node);
  }
}

const COMPILERS: Compilers = { value: compileNode, nodes: compileNodes };
