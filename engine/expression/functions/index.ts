// The function table: one list per family, merged by a function, never registered by side effect.
import { dateFunctions } from './date';
import { geoFunctions } from './geo';
import { logicFunctions } from './logic';
import { mathFunctions } from './math';
import { randomFunctions } from './random';
import { repeatFunctions } from './repeat';
import { selectFunctions } from './select';
import { stringFunctions } from './string';
import type { FunctionSpec } from './types';

export const FUNCTION_FAMILIES = {
  logic: logicFunctions,
  string: stringFunctions,
  math: mathFunctions,
  date: dateFunctions,
  select: selectFunctions,
  repeat: repeatFunctions,
  random: randomFunctions,
  geo: geoFunctions,
} as const;

export type FunctionFamily = keyof typeof FUNCTION_FAMILIES;
export type FunctionName = {
  [F in FunctionFamily]: keyof (typeof FUNCTION_FAMILIES)[F];
}[FunctionFamily];

export interface FunctionEntry {
  readonly name: string;
  readonly family: FunctionFamily;
  readonly spec: FunctionSpec;
}

function buildTable(): ReadonlyMap<string, FunctionEntry> {
  const table = new Map<string, FunctionEntry>();
  for (const [family, functions] of Object.entries(FUNCTION_FAMILIES) as [FunctionFamily, Record<string, FunctionSpec>][]) {
    for (const [name, spec] of Object.entries(functions)) {
      if (table.has(name)) throw new Error(`function ${name} declared twice`);
      table.set(name, { name, family, spec });
    }
  }
  return table;
}

export const FUNCTIONS: ReadonlyMap<string, FunctionEntry> = buildTable();

export function lookupFunction(name: string): FunctionEntry | undefined {
  return FUNCTIONS.get(name);
}
