// The sample size of a survey estimating a proportion (Cochran 1977, chapter 4): the infinite-population
// size n0 = z²·p·(1−p)/e², the finite population correction n = n0/(1+(n0−1)/N), the design effect of a
// clustered design and the response rate that decides how many people to approach. Percentages come in
// as the forms show them (5 for ±5 %). Figures are rounded up once, at the end: a sample is "at least".
import { CONFIDENCE_LEVELS, SAMPLE_LIMITS } from '../../schemas/targets';
import { zOfConfidence } from './normal';

export { CONFIDENCE_LEVELS, SAMPLE_LIMITS };
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

export interface SampleInput {
  /** The population size; null when it is unknown (treated as infinite: no correction). */
  population: number | null;
  /** Percent, one of CONFIDENCE_LEVELS. */
  confidence: ConfidenceLevel;
  /** Margin of error, percentage points (5 for ±5 %). */
  marginOfError: number;
  /** Expected proportion, percent; 50 when nothing is known (the largest sample). */
  proportion: number;
  /** Design effect of a cluster design, 1 for a simple random sample. */
  designEffect: number;
  /** Expected response rate, percent. */
  responseRate: number;
}

export const SAMPLE_DEFAULTS: SampleInput = {
  population: null,
  confidence: 95,
  marginOfError: 5,
  proportion: 50,
  designEffect: 1,
  responseRate: 100,
};

export type SampleField = keyof typeof SAMPLE_LIMITS | 'confidence';
export interface SampleProblem {
  field: SampleField;
  code: 'notANumber' | 'tooSmall' | 'tooLarge' | 'notWhole' | 'unknownLevel';
}

/** What is wrong with an input, field by field; empty when it can be computed. */
export function checkSampleInput(i: SampleInput): SampleProblem[] {
  const out: SampleProblem[] = [];
  if (!(CONFIDENCE_LEVELS as readonly number[]).includes(i.confidence)) out.push({ field: 'confidence', code: 'unknownLevel' });
  for (const field of Object.keys(SAMPLE_LIMITS) as (keyof typeof SAMPLE_LIMITS)[]) {
    const v = i[field];
    if (v === null) continue;
    const { min, max } = SAMPLE_LIMITS[field];
    if (!Number.isFinite(v)) out.push({ field, code: 'notANumber' });
    else if (field === 'population' && !Number.isInteger(v)) out.push({ field, code: 'notWhole' });
    else if (v < min) out.push({ field, code: 'tooSmall' });
    else if (v > max) out.push({ field, code: 'tooLarge' });
  }
  return out;
}

export interface SampleResult {
  z: number;
  /** Cochran's n0, unrounded. */
  n0: number;
  /** After the finite population correction, unrounded; null without a population. */
  nFinite: number | null;
  /** Rounded up: without and with the correction. */
  withoutFpc: number;
  withFpc: number | null;
  /** The corrected size (or n0) times the design effect, unrounded. */
  nDesign: number;
  /** Completed interviews needed, rounded up; never more than the population. */
  required: number;
  /** People to approach at the expected response rate, rounded up; never more than the population. */
  toContact: number;
  /** The whole population is needed (required reached N): a census, not a sample. */
  census: boolean;
}

/** Rounds up, forgiving the last bits of floating point (384.0000000001 is 384). */
export function roundUp(x: number): number {
  return Math.ceil(x - 1e-9);
}

/** Cochran's n0 for a z, a proportion and a margin given as fractions. */
export function cochranN0(z: number, p: number, e: number): number {
  return (z * z * p * (1 - p)) / (e * e);
}

/** The finite population correction of n0 for a population N. */
export function finiteCorrection(n0: number, population: number): number {
  return n0 / (1 + (n0 - 1) / population);
}

/** The whole calculation; the input must pass checkSampleInput. */
export function sampleSize(i: SampleInput): SampleResult {
  const z = zOfConfidence(i.confidence);
  const n0 = cochranN0(z, i.proportion / 100, i.marginOfError / 100);
  const N = i.population;
  const nFinite = N === null ? null : finiteCorrection(n0, N);
  const nDesign = (nFinite ?? n0) * i.designEffect;
  const cap = (n: number) => (N === null ? n : Math.min(n, N));
  const required = cap(roundUp(nDesign));
  const toContact = cap(roundUp(required / (i.responseRate / 100)));
  return {
    z,
    n0,
    nFinite,
    withoutFpc: roundUp(n0),
    withFpc: nFinite === null ? null : roundUp(nFinite),
    nDesign,
    required,
    toContact,
    census: N !== null && required >= N,
  };
}
