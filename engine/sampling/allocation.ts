// Splitting a sample across strata (location groups, segments): in proportion to their populations
// or equally. Whole numbers that add up to the total (largest remainders, Hamilton's method), no stratum
// given more than its population; what a full stratum cannot take goes to the others.

import { ALLOCATION_METHODS } from '../../schemas/targets';

export { ALLOCATION_METHODS };
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

export interface Stratum {
  id: string;
  /** Its population; null when unknown (an equal split only). */
  population: number | null;
}

export interface Allocation {
  id: string;
  sample: number;
}

export type AllocationProblem = { code: 'noStrata' } | { code: 'populationMissing'; id: string };

/** Whole shares of `total` by weight, largest remainders first, the earlier stratum on a tie. */
function hamilton(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * Allocates `total` across the strata. With populations known, a stratum never gets more than its
 * population; if they all fill up, the sum is less than the total (every stratum is a census).
 */
export function allocate(total: number, strata: readonly Stratum[], method: AllocationMethod): Allocation[] | AllocationProblem {
  if (!strata.length) return { code: 'noStrata' };
  if (method === 'proportional') {
    const missing = strata.find((s) => s.population === null || s.population <= 0);
    if (missing) return { code: 'populationMissing', id: missing.id };
  }
  const caps = strata.map((s) => (s.population === null ? Infinity : s.population));
  const out = strata.map(() => 0);
  let open = strata.map((_, i) => i);
  let left = Math.max(0, Math.floor(total));
  // Each pass fills the strata that overflow and hands the rest to the others; at most one pass per stratum.
  while (left > 0 && open.length) {
    const weights = open.map((i) => (method === 'equal' ? 1 : strata[i]!.population!));
    const share = hamilton(left, weights);
    const over = open.filter((i, k) => out[i]! + share[k]! > caps[i]!);
    if (!over.length) {
      open.forEach((i, k) => (out[i]! += share[k]!));
      break;
    }
    for (const i of over) {
      left -= caps[i]! - out[i]!;
      out[i] = caps[i]!;
    }
    open = open.filter((i) => !over.includes(i));
  }
  return strata.map((s, i) => ({ id: s.id, sample: out[i]! }));
}
