// The histogram bins of the survey report (server/services/surveyReport.ts planBins): whole numbers get
// whole-number bins, one per value when there are few; decimals equal widths; one value one bin.
import { describe, expect, it } from 'vitest';
import { planBins } from '../../server/services/surveyReport';

const stats = (min: number, max: number) => ({ count: 3, min, max, mean: (min + max) / 2 });

describe('planBins', () => {
  it('gives one bin per value to whole numbers with a small range', () => {
    expect(planBins('q', stats(1, 5), 10, true)).toEqual({ itemId: 'q', start: 1, width: 1, bins: 5 });
  });
  it('groups a wide range of whole numbers into whole-width bins, never more than asked', () => {
    expect(planBins('q', stats(19, 52), 10, true)).toEqual({ itemId: 'q', start: 19, width: 4, bins: 9 });
    expect(planBins('q', stats(0, 1000), 30, true).bins).toBeLessThanOrEqual(30);
  });
  it('splits decimals into equal widths, and a single value into one bin', () => {
    expect(planBins('q', stats(40, 232.5), 10, false)).toEqual({ itemId: 'q', start: 40, width: 19.25, bins: 10 });
    expect(planBins('q', stats(7.5, 7.5), 10, false)).toEqual({ itemId: 'q', start: 7.5, width: 1, bins: 1 });
    expect(planBins('q', stats(1.5, 3), 10, true).width).toBeCloseTo(0.15);
  });
});
