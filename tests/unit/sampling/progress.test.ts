// A target's flags as the targets page shows them: reached, on track, behind its pace, overdue.
import { describe, expect, it } from 'vitest';
import { percentOf, progressOf } from '../../../engine/sampling/progress';

const at = (iso: string) => new Date(iso);

describe('target progress', () => {
  it('is behind when fewer than the straight line to the deadline asks, on track otherwise', () => {
    // Ten days, 100 submissions: at noon of day 5 (4.5 days in) the pace asks for 45.
    const base = { total: 100, start: '2026-12-01', deadline: '2026-12-10', now: at('2026-12-05T12:00:00Z') };
    expect(progressOf({ ...base, counted: 44 })).toEqual({ percent: 44, expectedByNow: 45, status: 'behind' });
    expect(progressOf({ ...base, counted: 45 }).status).toBe('onTrack');
  });

  it('is reached at the target whatever the date, overdue once the deadline day is over', () => {
    const base = { total: 20, start: '2026-11-01', deadline: '2026-11-30' };
    expect(progressOf({ ...base, counted: 21, now: at('2026-12-07T00:00:00Z') })).toEqual({
      percent: 105,
      expectedByNow: 20,
      status: 'reached',
    });
    expect(progressOf({ ...base, counted: 19, now: at('2026-12-01T00:00:00Z') }).status).toBe('overdue');
    expect(progressOf({ ...base, counted: 19, now: at('2026-11-30T23:59:00Z') }).status).toBe('onTrack');
  });

  it('has no pace without a deadline', () => {
    expect(progressOf({ total: 15, counted: 3, start: '2026-12-01', deadline: null, now: at('2026-12-07T00:00:00Z') })).toEqual({
      percent: 20,
      expectedByNow: null,
      status: 'open',
    });
  });

  it('rounds percentages to one decimal and gives 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
  });
});
