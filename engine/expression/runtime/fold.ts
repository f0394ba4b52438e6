// A scope for computing constant sub-expressions while compiling: anything that would need the
// answers, the clock or the time zone aborts the folding instead of guessing.
import type { PathArg, Scope } from '../functions/types';
import type { Val } from '../values/value';

export class NotConstant extends Error {}

const refuse = (): never => {
  throw new NotConstant();
};

export const foldingScope: Scope & { value(name: string): Val; nodes(name: string): Val; column(name: string): Val } = {
  offsetAt: refuse,
  offsetAtWall: refuse,
  nowMs: refuse,
  current: refuse,
  position: (_: PathArg) => refuse(),
  indexed: refuse,
  choiceLabel: refuse,
  pulldata: refuse,
  random: refuse,
  value: refuse,
  nodes: refuse,
  column: refuse,
};
