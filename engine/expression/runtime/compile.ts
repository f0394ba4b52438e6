// AST -> closures. Each node becomes a function of the scope, with coercions chosen once here
// rather than on every evaluation; constant sub-expressions are computed once; constant arguments
// let a function specialise itself (a regex compiled once, a date format split once).
import { unreachable, type AstNode, type BinaryOperator, type FunctionCall, type Span } from '../ast';
import { ExpressionError, UNLOCATED } from '../errors';
import { lookupFunction } from '../functions/index';
import { kindAt, type Kind, type PathArg, type ResultKind, type Scope } from '../functions/types';
import { NodeSet, equality, relational, toBool, toDate, toNum, toStr, type Relation, type Val } from '../values/value';
import { foldingScope, NotConstant } from './fold';
import type { EvaluationScope } from './scope';

export type Run = (scope: EvaluationScope) => Val;
type StaticType = ResultKind | 'nodes';

interface Code {
  readonly run: Run;
  readonly type: StaticType;
  /** Present when the value is known without any answers. */
  readonly constant?: Val;
}

/** Gives an error raised inside a function or reference the position of the node that raised it. */
function locate(error: unknown, span: Span): unknown {
  if (error instanceof ExpressionError && error.offset === UNLOCATED.offset) {
    return new ExpressionError(error.code, error.message, span);
  }
  return error;
}

function constant(value: Val, type: StaticType): Code {
  return { run: () => value, type, constant: value };
}

/** Runs a code once at compile time if it needs nothing but constants. */
function tryFold(code: Code, parts: readonly Code[]): Code {
  if (parts.some((p) => p.constant === undefined)) return code;
  try {
    return constant(code.run(foldingScope as unknown as EvaluationScope), code.type);
  } catch (e) {
    if (e instanceof NotConstant || e instanceof ExpressionError) return code; // leave it to run time
    throw e;
  }
}

const asNumber = (code: Code): ((s: EvaluationScope) => number) =>
  code.type === 'number' ? (code.run as (s: EvaluationScope) => number) : (s) => toNum(code.run(s), s);
const asString = (code: Code): ((s: EvaluationScope) => string) =>
  code.type === 'string' ? (code.run as (s: EvaluationScope) => string) : (s) => toStr(code.run(s), s);
const asBoolean = (code: Code): ((s: EvaluationScope) => boolean) =>
  code.type === 'boolean' ? (code.run as (s: EvaluationScope) => boolean) : (s) => toBool(code.run(s));

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
    const test = { '<': (x: number, y: number) => x < y, '<=': (x: number, y: number) => x <= y, '>': (x: number, y: number) => x > y, '>=': (x: number, y: number) => x >= y }[op];
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

/** A node-set argument (count, sum, ...): always a node-set, even for a single answer. */
function compileNodes(node: AstNode): (s: EvaluationScope) => NodeSet {
  switch (node.kind) {
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

const VALUE_KINDS: ReadonlySet<Kind> = new Set<Kind>(['string', 'number', 'boolean', 'value', 'lazy', 'date']);

/** The closure producing one argument in the form its parameter kind asks for. */
function compileArgument(node: AstNode, kind: Kind, code: Code | undefined): (s: EvaluationScope) => unknown {
  const value = (): Code => code ?? compileNode(node);
  switch (kind) {
    case 'string':
      return asString(value());
    case 'number':
      return asNumber(value());
    case 'boolean':
      return asBoolean(value());
    case 'value':
      return value().run;
    case 'lazy': {
      const thunk = value().run;
      return () => thunk;
    }
    case 'date': {
      const run = value().run;
      const { span } = node;
      return (s) => {
        try {
          return toDate(run(s), s);
        } catch (e) {
          throw locate(e, span);
        }
      };
    }
    case 'nodes':
      return compileNodes(node);
    case 'ref': {
      if (node.kind !== 'ref') throw new ExpressionError('argument', 'A question reference such as ${name} is needed here', node.span);
      const { name } = node;
      return () => name;
    }
    case 'path': {
      const path: PathArg | undefined =
        node.kind === 'parent' ? { kind: 'parent' } : node.kind === 'ref' ? { kind: 'ref', name: node.name } : undefined;
      if (path === undefined) throw new ExpressionError('argument', "Expected '..' or a repeat reference", node.span);
      return () => path;
    }
    default:
      return unreachable(kind);
  }
}

/** A variadic tail: node-sets contribute every answer they hold (concat, join, min, max). */
function compileRest(codes: readonly Code[], kind: Kind): (s: EvaluationScope) => unknown[] {
  const runs = codes.map((c) => c.run);
  const convert: (v: Val, s: EvaluationScope) => unknown =
    kind === 'number' ? toNum : kind === 'string' ? toStr : kind === 'boolean' ? (v) => toBool(v) : (v) => v;
  return (s) => {
    const out: unknown[] = [];
    for (const run of runs) {
      const v = run(s);
      if (v instanceof NodeSet) for (let i = 0; i < v.size; i++) out.push(convert(v.at(i, s), s));
      else out.push(convert(v, s));
    }
    return out;
  };
}

type Impl = (scope: Scope, ...args: unknown[]) => Val;
type SpecializeFn = (constants: readonly (Val | undefined)[]) => Impl | undefined;

/** Constant arguments coerced to their parameter kinds, for specialisation. */
function constantArguments(codes: readonly (Code | undefined)[], kinds: readonly Kind[]): (Val | undefined)[] {
  return codes.map((code, i) => {
    if (code?.constant === undefined) return undefined;
    try {
      switch (kinds[i]) {
        case 'string':
          return toStr(code.constant, foldingScope);
        case 'number':
          return toNum(code.constant, foldingScope);
        case 'boolean':
          return toBool(code.constant);
        default:
          return undefined;
      }
    } catch {
      return undefined;
    }
  });
}

function compileCall(node: FunctionCall): Code {
  const entry = lookupFunction(node.name);
  if (entry === undefined) throw new ExpressionError('unknown-function', `Unknown function ${node.name}()`, node.span);
  const { spec } = entry;
  const params = spec.params;
  const kinds = node.args.map((_, i) => kindAt(params, i) ?? 'value');
  const codes = node.args.map((arg, i) => (VALUE_KINDS.has(kinds[i] ?? 'value') ? compileNode(arg) : undefined));
  const restAt = params.findIndex((p) => p.startsWith('...'));
  const fixedCount = restAt === -1 ? node.args.length : Math.min(restAt, node.args.length);
  const fixed = node.args.slice(0, fixedCount).map((arg, i) => compileArgument(arg, kinds[i] ?? 'value', codes[i]));
  const rest =
    restAt === -1
      ? undefined
      : compileRest(
          node.args.slice(restAt).map((arg, i) => codes[restAt + i] ?? compileNode(arg)),
          kindAt(params, restAt) ?? 'value',
        );
  let impl = spec.impl.bind(spec) as Impl;
  const specialize = spec.specialize?.bind(spec) as SpecializeFn | undefined;
  if (specialize !== undefined) {
    const constants = constantArguments(codes, kinds);
    if (constants.some((c) => c !== undefined)) {
      try {
        impl = specialize(constants) ?? impl;
      } catch {
        // a bad constant fails at run time, with its position
      }
    }
  }
  const call = bindCall(impl, fixed, rest);
  const { span } = node;
  const run: Run = (s) => {
    try {
      return call(s);
    } catch (e) {
      throw locate(e, span);
    }
  };
  const code: Code = { run, type: spec.returns };
  if (spec.volatile || codes.some((c) => c === undefined)) return code;
  return tryFold(code, codes as Code[]);
}

/** Fixed-arity fast paths: no argument arrays for the common one-, two- and three-argument calls. */
function bindCall(
  impl: Impl,
  fixed: readonly ((s: EvaluationScope) => unknown)[],
  rest: ((s: EvaluationScope) => unknown[]) | undefined,
): Run {
  const [a, b, c] = fixed;
  if (rest !== undefined) {
    if (fixed.length === 0) return (s) => impl(s, rest(s));
    if (fixed.length === 1 && a) return (s) => impl(s, a(s), rest(s));
    return (s) => impl(s, ...fixed.map((f) => f(s)), rest(s));
  }
  switch (fixed.length) {
    case 0:
      return (s) => impl(s);
    case 1:
      if (a) return (s) => impl(s, a(s));
      break;
    case 2:
      if (a && b) return (s) => impl(s, a(s), b(s));
      break;
    case 3:
      if (a && b && c) return (s) => impl(s, a(s), b(s), c(s));
      break;
    default:
      break;
  }
  return (s) => impl(s, ...fixed.map((f) => f(s)));
}

export function compileNode(node: AstNode): Code {
  switch (node.kind) {
    case 'number':
      return constant(node.value, 'number');
    case 'string':
      return constant(node.value, 'string');
    case 'ref': {
      const { name, span } = node;
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
    case 'negate': {
      const operand = compileNode(node.operand);
      const n = asNumber(operand);
      return tryFold({ run: (s) => -n(s), type: 'number' }, [operand]);
    }
    case 'binary':
      return compileBinary(node.op, node.left, node.right);
    case 'call':
      return compileCall(node);
    default:
      return unreachable(node);
  }
}
