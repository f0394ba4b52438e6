// When recurring tasks' rounds fall (server/services/recurrence.ts): every recurrence code, months that
// do not drift, weekly rounds on the chosen weekday, the end date, and a server that was down.
import { describe, expect, it } from 'vitest';
import { recurrences } from '../../../schemas/tasks';
import { dueRounds, roundStart } from '../../../server/services/recurrence';

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString().slice(0, 16) ?? null;
// Wednesday 31 January 2024, 09:00 UTC.
const anchor = at('2024-01-31T09:00:00Z');

describe('roundStart', () => {
  it.each([
    ['Daily', { recurrence: recurrences.Daily }, ['2024-01-31T09:00', '2024-02-01T09:00', '2024-02-02T09:00']],
    ['EveryXDays (3)', { recurrence: recurrences.EveryXDays, everyXDays: 3 }, ['2024-01-31T09:00', '2024-02-03T09:00', '2024-02-06T09:00']],
    [
      'Monthly, clamped to the month and not drifting',
      { recurrence: recurrences.Monthly },
      ['2024-01-31T09:00', '2024-02-29T09:00', '2024-03-31T09:00', '2024-04-30T09:00'],
    ],
    ['Yearly', { recurrence: recurrences.Yearly }, ['2024-01-31T09:00', '2025-01-31T09:00']],
    ['Weekly on its own weekday', { recurrence: recurrences.Weekly }, ['2024-01-31T09:00', '2024-02-07T09:00', '2024-02-14T09:00']],
    ['Weekly on Monday', { recurrence: recurrences.Weekly, weekday: 1 }, ['2024-01-31T09:00', '2024-02-05T09:00', '2024-02-12T09:00']],
    ['Biweekly on Friday', { recurrence: recurrences.Biweekly, weekday: 5 }, ['2024-01-31T09:00', '2024-02-02T09:00', '2024-02-16T09:00']],
  ] as const)('%s', (_name, rule, starts) => {
    expect(starts.map((_, i) => iso(roundStart(rule, anchor, i + 1)))).toEqual(starts);
  });

  it('has no second round without recurrence', () => {
    expect(roundStart({ recurrence: recurrences.NoRecurrence }, anchor, 2)).toBeNull();
  });

  it('puts a leap day series on 28 February in other years', () => {
    expect(iso(roundStart({ recurrence: recurrences.Yearly }, at('2024-02-29T06:00:00Z'), 2))).toBe('2025-02-28T06:00');
  });
});

describe('dueRounds', () => {
  const daily = { recurrence: recurrences.Daily, anchor, lastRound: 1 } as const;

  it('creates nothing before the next round, and says when it is', () => {
    expect(dueRounds(daily, at('2024-02-01T08:59:00Z'))).toEqual({ due: null, lastRound: 1, nextRoundAt: at('2024-02-01T09:00:00Z') });
  });

  it('creates round 2 when it falls', () => {
    expect(dueRounds(daily, at('2024-02-01T09:00:00Z'))).toEqual({
      due: { round: 2, startsAt: at('2024-02-01T09:00:00Z') },
      lastRound: 2,
      nextRoundAt: at('2024-02-02T09:00:00Z'),
    });
  });

  it('after a week down, creates only the latest round, numbered by the calendar', () => {
    const r = dueRounds(daily, at('2024-02-07T12:00:00Z'));
    expect(r.due).toEqual({ round: 8, startsAt: at('2024-02-07T09:00:00Z') });
    expect(r.lastRound).toBe(8);
  });

  it('stops at the end date', () => {
    const r = dueRounds({ ...daily, until: at('2024-02-02T10:00:00Z') }, at('2024-02-05T00:00:00Z'));
    expect(r.due?.round).toBe(3);
    expect(r.nextRoundAt).toBeNull();
  });

  it('counts from the round the series began at', () => {
    const r = dueRounds({ ...daily, firstRound: 3, lastRound: 3 }, at('2024-02-01T09:30:00Z'));
    expect(r.due).toEqual({ round: 4, startsAt: at('2024-02-01T09:00:00Z') });
  });
});
