// What every benchmark prints: a row per figure (measured, target, met) and the statistics it takes.
export interface Row {
  figure: string;
  value: string;
  target: string;
  met: boolean;
  /** Each run's value, in the order taken, where the figure is a median: how far the runs spread. */
  runs?: string;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export const p95 = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
