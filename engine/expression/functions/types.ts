// How a function is declared: its parameters as kinds (the compiler coerces arguments to them before
// the call, so implementations receive plain typed values), what it returns, and whether its result
// may change between evaluations with the same arguments.
import type { DateValue } from '../values/dates';
import type { Clock, NodeSet, Val } from '../values/value';

/** What an implementation can ask of the evaluation it runs in. */
export interface Scope extends Clock {
  /** The clock, as epoch milliseconds. */
  nowMs(): number;
  /** The value of the question the expression sits on ('.'). */
  current(): Val;
  /** 1-based index of the enclosing instance of a repeat ('..' means the innermost one). */
  position(target: PathArg): number;
  /** indexed-repeat(): the answers to `name` in the given instances of the given repeats. */
  indexed(name: string, indexes: readonly (readonly [repeat: string, index: number])[]): NodeSet;
  /** jr:choice-name(): the label of a choice of a select question. */
  choiceLabel(value: string, field: string): string;
  /** pulldata(): `column` of the first row of the attached CSV `instance` whose `keyColumn` is `key`; '' when none. */
  pulldata(instance: string, column: string, keyColumn: string, key: string): string;
  /** A number in [0, 1). */
  random(): number;
}

/**
 * A node argument known when compiling: `..` / `../..` (levels: which enclosing repeat instance, 1 the
 * innermost), `.`, `${repeat}`, or none at all (position(): in a predicate the node's place in the set,
 * elsewhere the innermost repeat instance).
 */
export type PathArg =
  | { readonly kind: 'parent'; readonly levels: number }
  | { readonly kind: 'current' }
  | { readonly kind: 'context' }
  | { readonly kind: 'ref'; readonly name: string };

/** An unevaluated argument, for functions that choose what to evaluate (if). */
export type Thunk = (scope: Scope) => Val;

export interface KindTypes {
  string: string;
  number: number;
  boolean: boolean;
  /** any value, uncoerced */
  value: Val;
  /** null for a blank answer */
  date: DateValue | null;
  /** a date, numbers truncated to whole days (date(6.5) is 1970-01-07, as JavaRosa); null for a blank answer */
  day: DateValue | null;
  /** a ${name} reference evaluated as a node-set (count, sum, ...) */
  nodes: NodeSet;
  /** the name inside a ${name} argument */
  ref: string;
  path: PathArg;
  lazy: Thunk;
}
export type Kind = keyof KindTypes;

/** 'string' required, 'string?' optional, '...string' any number of them (node-sets are flattened). */
export type Param = Kind | `${Kind}?` | `...${Kind}`;

type ParamType<P> = P extends `...${infer K extends Kind}`
  ? KindTypes[K][]
  : P extends `${infer K extends Kind}?`
    ? KindTypes[K] | undefined
    : P extends Kind
      ? KindTypes[P]
      : never;
export type Args<P extends readonly Param[]> = { -readonly [I in keyof P]: ParamType<P[I]> };

/** The static type of a result, used to skip coercions the compiler can prove unnecessary. */
export type ResultKind = 'string' | 'number' | 'boolean' | 'date' | 'value' | 'nodes';

export interface FunctionSpec<P extends readonly Param[] = readonly Param[]> {
  readonly params: P;
  readonly returns: ResultKind;
  /** Depends on more than its arguments (clock, randomness, the form): never folded to a constant. */
  readonly volatile: boolean;
  /** The argument counts allowed, when not every count between the parameters' bounds is (indexed-repeat). */
  readonly counts?: readonly number[];
  /** Arguments that must not be a number literal: JavaRosa refuses selected(x, 2) ("must be in quotes"). */
  readonly quoted?: readonly number[];
  // Method syntax on purpose: a table of differently-typed specs must be assignable to one type.
  impl(scope: Scope, ...args: Args<P>): Val;
  /**
   * Given the arguments that are constants (undefined where not), an implementation specialised for
   * them (a regex compiled once, a date format split once), or undefined to keep the general one.
   * Throwing an ExpressionError here reports the constant as wrong when the expression is checked.
   */
  specialize?(constants: readonly (Val | undefined)[]): ((scope: Scope, ...args: Args<P>) => Val) | undefined;
}

export function fn<const P extends readonly Param[]>(
  params: P,
  returns: ResultKind,
  impl: (scope: Scope, ...args: Args<P>) => Val,
  options: {
    volatile?: boolean;
    counts?: readonly number[];
    quoted?: readonly number[];
    specialize?: (constants: readonly (Val | undefined)[]) => ((scope: Scope, ...args: Args<P>) => Val) | undefined;
  } = {},
): FunctionSpec<P> {
  return {
    params,
    returns,
    volatile: options.volatile ?? false,
    impl,
    ...(options.counts === undefined ? {} : { counts: options.counts }),
    ...(options.quoted === undefined ? {} : { quoted: options.quoted }),
    ...(options.specialize === undefined ? {} : { specialize: options.specialize }),
  };
}

export interface Arity {
  readonly min: number;
  readonly max: number;
}

export function arity(params: readonly Param[]): Arity {
  let min = 0;
  let max = 0;
  for (const p of params) {
    if (p.startsWith('...')) return { min, max: Infinity };
    max++;
    if (!p.endsWith('?')) min++;
  }
  return { min, max };
}

/** The kind of the i-th argument, following a variadic tail. */
export function kindAt(params: readonly Param[], i: number): Kind | undefined {
  const last = params[params.length - 1];
  const p = i < params.length ? params[i] : last?.startsWith('...') ? last : undefined;
  if (p === undefined) return undefined;
  return p.replace('...', '').replace('?', '') as Kind;
}
