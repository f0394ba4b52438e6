// What the calculator hands the target form: the figure, the inputs it came from and the split across
// location groups. Carried in the router's state, so nothing is saved until the form is.
import type { AllocationMethod } from '../../../engine/sampling/allocation';
import type { SampleInput } from '../../../engine/sampling/sampleSize';
import type { Calculation } from '../../../schemas/targets';

export interface CalculatorDraft {
  total: number;
  calculation: Calculation;
  strata: { locationGroupId: string; target: number; population: number | null }[];
}

export function toCalculatorDraft(
  input: SampleInput,
  total: number,
  method: AllocationMethod,
  strata: readonly { id: string; population: number | null; sample: number }[],
): CalculatorDraft {
  return {
    total,
    calculation: { ...input, method },
    strata: strata.map((s) => ({ locationGroupId: s.id, target: s.sample, population: s.population })),
  };
}

/** The draft in a router state, if it is one. */
export function draftOf(state: unknown): CalculatorDraft | null {
  const d = (state as { calculator?: CalculatorDraft } | null)?.calculator;
  return d && typeof d.total === 'number' ? d : null;
}
