// Checks that need no answers: known functions, argument counts, argument shapes, constant
// arguments (date formats, regular expressions). Every problem is reported with its position.
import { walk, type AstNode, type FunctionCall } from './ast';
import { ExpressionError } from './errors';
import { FUNCTIONS, lookupFunction } from './functions/index';
import { arity, kindAt, type Kind } from './functions/types';
import { toBool, toNum, toStr, type Val } from './values/value';

const NO_CLOCK = { offsetAt: () => 0, offsetAtWall: () => 0 };

/** A literal argument, coerced to the kind the function wants; undefined when not a literal. */
export function literalArgument(node: AstNode, kind: Kind | undefined): Val | undefined {
  let value: Val | undefined;
  if (node.kind === 'string' || node.kind === 'number') value = node.value;
  else if (node.kind === 'negate' && node.operand.kind === 'number') value = -node.operand.value;
  if (value === undefined) return undefined;
  switch (kind) {
    case 'string':
      return toStr(value, NO_CLOCK);
    case 'number':
      return toNum(value, NO_CLOCK);
    case 'boolean':
      return toBool(value, NO_CLOCK);
    default:
      return value;
  }
}

const isNodeExpression = (node: AstNode): boolean =>
  node.kind === 'ref' ||
  node.kind === 'current' ||
  node.kind === 'filter' ||
  (node.kind === 'call' && lookupFunction(node.name)?.spec.returns === 'nodes') ||
  (node.kind === 'binary' && node.op === '|' && isNodeExpression(node.left) && isNodeExpression(node.right));

function checkArgument(call: FunctionCall, arg: AstNode, kind: Kind | undefined): ExpressionError | undefined {
  const at = arg.span;
  switch (kind) {
    case 'nodes':
      return isNodeExpression(arg)
        ? undefined
        : new ExpressionError('argument', `${call.name}() needs a question reference such as \${name}`, at);
    case 'ref':
      return arg.kind === 'ref'
        ? undefined
        : new ExpressionError('argument', `${call.name}() needs a question reference such as \${name} here`, at);
    case 'path':
      return arg.kind === 'parent' || arg.kind === 'ref'
        ? undefined
        : new ExpressionError('argument', `${call.name}() takes '..' or a repeat reference such as \${name}`, at);
    default:
      return undefined;
  }
}

function describeArity(name: string, min: number, max: number): string {
  const plural = (n: number): string => `${n} argument${n === 1 ? '' : 's'}`;
  if (max === Infinity) return `${name}() takes at least ${plural(min)}`;
  if (min === max) return `${name}() takes ${plural(min)}`;
  return `${name}() takes ${min} ${max === min + 1 ? 'or' : 'to'} ${plural(max)}`;
}

/** Closest known name within two edits (fewer for short names), for "did you mean". */
function suggest(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(3, Math.ceil(name.length / 2));
  for (const known of FUNCTIONS.keys()) {
    const d = distance(name.toLowerCase(), known);
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** Edit distance counting a swap of neighbours as one edit (conut -> count). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) (d[0] ??= [])[j] = j;
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i, j - 1) + 1, at(i - 1, j) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * A call with the wrong number of arguments for a known function. JavaRosa checks the count only when
 * it evaluates the call (XPathFuncExpr.eval: assertArgsCount / checkArity), so a call that `and`, `or`
 * or `if()` skip is no error there: parse() leaves these to run time, diagnose() still lists them.
 */
export function arityProblem(call: FunctionCall): ExpressionError | undefined {
  const entry = lookupFunction(call.name);
  if (entry === undefined) return undefined;
  const { min, max } = arity(entry.spec.params);
  const { counts } = entry.spec;
  if (call.args.length < min || call.args.length > max) {
    return new ExpressionError('arity', `${describeArity(call.name, min, max)} but was given ${call.args.length}`, call.span);
  }
  if (counts !== undefined && !counts.includes(call.args.length)) {
    const listed = `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1] ?? ''}`;
    return new ExpressionError('arity', `${call.name}() takes ${listed} arguments but was given ${call.args.length}`, call.span);
  }
  return undefined;
}

function checkCall(call: FunctionCall, errors: ExpressionError[]): void {
  const entry = lookupFunction(call.name);
  const nameSpan = { offset: call.span.offset, length: call.name.length };
  if (entry === undefined) {
    const hint = suggest(call.name);
    errors.push(
      new ExpressionError('unknown-function', `Unknown function ${call.name}()${hint ? `; did you mean ${hint}()?` : ''}`, nameSpan),
    );
    return;
  }
  const { params } = entry.spec;
  const wrongCount = arityProblem(call);
  if (wrongCount !== undefined) {
    errors.push(wrongCount);
    return;
  }
  call.args.forEach((arg, i) => {
    const problem = checkArgument(call, arg, kindAt(params, i));
    if (problem) errors.push(problem);
    if (entry.spec.quoted?.includes(i) && (arg.kind === 'number' || (arg.kind === 'negate' && arg.operand.kind === 'number'))) {
      errors.push(new ExpressionError('argument', `The choice given to ${call.name}() must be in quotes (like '1')`, arg.span));
    }
  });
  if (entry.spec.specialize !== undefined) {
    const constants = call.args.map((arg, i) => literalArgument(arg, kindAt(params, i)));
    if (constants.some((c) => c !== undefined)) {
      try {
        entry.spec.specialize(constants);
      } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        const literal = call.args.find((_, i) => constants[i] !== undefined);
        errors.push(new ExpressionError(e.code, e.message, literal?.span ?? call.span));
      }
    }
  }
}

/** Every problem in the tree, in source order. */
export function check(root: AstNode): ExpressionError[] {
  const errors: ExpressionError[] = [];
  const pathArguments = new Set<AstNode>();
  walk(root, (node) => {
    if (node.kind === 'call') {
      const params = lookupFunction(node.name)?.spec.params;
      node.args.forEach((arg, i) => {
        if (params !== undefined && kindAt(params, i) === 'path') pathArguments.add(arg);
      });
      checkCall(node, errors);
    } else if (node.kind === 'parent' && !pathArguments.has(node)) {
      errors.push(new ExpressionError('argument', "'..' can only be used as position(..)", node.span));
    }
  });
  return errors.sort((a, b) => a.offset - b.offset);
}

export interface Analysis {
  /** Question names read through ${name}, each once, in order of appearance. */
  readonly references: readonly string[];
  /** Reads the question it sits on: '.', or string()/number()/... without arguments, or once(). */
  readonly readsCurrent: boolean;
  /** Reads other repeat instances than the current one (indexed-repeat) or their position. */
  readonly crossesInstances: boolean;
  /** Reads choice columns by bare name: a choice filter. */
  readonly readsColumns: boolean;
  /** Calls a function whose result is not fixed by its arguments (today, random, ...). */
  readonly volatile: boolean;
}

const READS_CURRENT_WITHOUT_ARGUMENTS = new Set(['string', 'string-length', 'normalize-space', 'number', 'once']);

export function analyze(root: AstNode): Analysis {
  const references = new Set<string>();
  let readsCurrent = false;
  let crossesInstances = false;
  let readsColumns = false;
  let volatile = false;
  walk(root, (node) => {
    switch (node.kind) {
      case 'ref':
        references.add(node.name);
        break;
      case 'current':
        readsCurrent = true;
        break;
      case 'column':
        readsColumns = true;
        break;
      case 'filter':
        crossesInstances = true;
        break;
      case 'call':
        if (node.name === 'once' || (node.args.length === 0 && READS_CURRENT_WITHOUT_ARGUMENTS.has(node.name))) readsCurrent = true;
        if (node.name === 'indexed-repeat') crossesInstances = true;
        if (lookupFunction(node.name)?.spec.volatile === true) volatile = true;
        break;
      default:
        break;
    }
  });
  return { references: [...references], readsCurrent, crossesInstances, readsColumns, volatile };
}
