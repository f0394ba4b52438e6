// Function calls: arguments coerced to the kinds the function declares, fixed-arity fast paths,
// constant arguments handed to the function to specialise itself, pure calls on constants folded.
import { unreachable, type AstNode, type FunctionCall } from '../ast';
import { arityProblem } from '../check';
import { ExpressionError } from '../errors';
import { lookupFunction } from '../functions/index';
import { kindAt, type Kind, type PathArg, type Scope } from '../functions/types';
import { NodeSet, toBool, toDate, toNum, toStr, type Val } from '../values/value';
import { asBoolean, asNumber, asString, locate, tryFold, type Code, type Run } from './code';
import { foldingScope } from './fold';
import type { EvaluationScope } from './scope';

/** The node compilers, passed in so this module and compile.ts do not import each other. */
export interface Compilers {
  readonly value: (node: AstNode) => Code;
  readonly nodes: (node: AstNode) => (s: EvaluationScope) => NodeSet;
}

const VALUE_KINDS: ReadonlySet<Kind> = new Set<Kind>(['string', 'number', 'boolean', 'value', 'lazy', 'date', 'day']);

/** The closure producing one argument in the form its parameter kind asks for. */
function compileArgument(c: Compilers, node: AstNode, kind: Kind, code: Code | undefined): (s: EvaluationScope) => unknown {
  const value = (): Code => code ?? c.value(node);
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
    case 'date':
    case 'day': {
      const run = value().run;
      const { span } = node;
      const whole = kind === 'day';
      return (s) => {
        try {
          const v = run(s);
          return toDate(v, s, whole);
        } catch (e) {
          throw locate(e, span);
        }
      };
    }
    case 'nodes':
      return c.nodes(node);
    case 'ref': {
      if (node.kind !== 'ref') throw new ExpressionError('argument', 'A question reference such as ${name} is needed here', node.span);
      const { name } = node;
      return () => name;
    }
    case 'path': {
      const path: PathArg | undefined =
        node.kind === 'parent'
          ? { kind: 'parent', levels: node.levels ?? 1 }
          : node.kind === 'ref'
            ? { kind: 'ref', name: node.name }
            : undefined;
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
    kind === 'number' ? toNum : kind === 'string' ? toStr : kind === 'boolean' ? toBool : (v) => v;
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
          return toBool(code.constant, foldingScope);
        default:
          return undefined;
      }
    } catch {
      return undefined;
    }
  });
}

export function compileCall(c: Compilers, node: FunctionCall): Code {
  const entry = lookupFunction(node.name);
  if (entry === undefined) throw new ExpressionError('unknown-function', `Unknown function ${node.name}()`, node.span);
  // JavaRosa counts the arguments only when the call runs: one that `and`, `or` or if() skip is no error.
  const wrongCount = arityProblem(node);
  if (wrongCount !== undefined)
    return {
      run: () => {
        throw wrongCount;
      },
      type: 'value',
    };
  const { spec } = entry;
  const params = spec.params;
  const kinds = node.args.map((_, i) => kindAt(params, i) ?? 'value');
  const codes = node.args.map((arg, i) => (VALUE_KINDS.has(kinds[i] ?? 'value') ? c.value(arg) : undefined));
  const restAt = params.findIndex((p) => p.startsWith('...'));
  const fixedCount = restAt === -1 ? node.args.length : Math.min(restAt, node.args.length);
  const fixed = node.args.slice(0, fixedCount).map((arg, i) => compileArgument(c, arg, kinds[i] ?? 'value', codes[i]));
  const rest =
    restAt === -1
      ? undefined
      : compileRest(
          node.args.slice(restAt).map((arg, i) => codes[restAt + i] ?? c.value(arg)),
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
