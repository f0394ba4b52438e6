// When the rounds of a recurring task fall (recurrence codes of spec 001 section 3). Pure: no clock, no
// database; the job (./taskRounds.ts) asks it which round is due and when the next one is.
//
// Round k's start is computed from the series' anchor (its first round), never from the previous round,
// so months do not drift: a series anchored on 31 January has rounds on 28/29 February, 31 March, 30
// April. Weekly and biweekly rounds fall on the chosen weekday (the anchor's when none is chosen): round
// 1 is the assignment itself, round 2 the first such weekday after it. Times of day are the anchor's,
// in UTC.
import { recurrences, type Recurrence } from '../../schemas/tasks';

const DAY = 86_400_000;

export interface RecurrenceRule {
  recurrence: Recurrence;
  /** For EveryXDays. */
  everyXDays?: number | null;
  /** For Weekly and Biweekly: Sunday 0 .. Saturday 6. */
  weekday?: number | null;
}

export interface SeriesState extends RecurrenceRule {
  /** Round 1's start. */
  anchor: Date;
  /** The number of the anchor's round (1 unless the series began at a later round). */
  firstRound?: number;
  lastRound: number;
  /** No round starts after this. */
  until?: Date | null;
}

function addMonthsClamped(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()),
  );
}

/** The first instant after `d` (by whole days, same time of day) that falls on `weekday`. */
function nextWeekdayAfter(d: Date, weekday: number): Date {
  const ahead = (weekday - d.getUTCDay() + 7) % 7 || 7;
  return new Date(d.getTime() + ahead * DAY);
}

/** The start of round k (1-based); null for NoRecurrence beyond round 1. */
export function roundStart(rule: RecurrenceRule, anchor: Date, k: number): Date | null {
  if (k <= 1) return anchor;
  const n = k - 1;
  switch (rule.recurrence) {
    case recurrences.Daily:
      return new Date(anchor.getTime() + n * DAY);
    case recurrences.Weekly:
    case recurrences.Biweekly: {
      const step = rule.recurrence === recurrences.Weekly ? 7 : 14;
      const second = nextWeekdayAfter(anchor, rule.weekday ?? anchor.getUTCDay());
      return new Date(second.getTime() + (n - 1) * step * DAY);
    }
    case recurrences.Monthly:
      return addMonthsClamped(anchor, n);
    case recurrences.Yearly:
      return addMonthsClamped(anchor, 12 * n);
    case recurrences.EveryXDays:
      return new Date(anchor.getTime() + n * Math.max(1, rule.everyXDays ?? 1) * DAY);
    case recurrences.NoRecurrence:
      return null;
    default: {
      const never: never = rule.recurrence;
      throw new Error(`unknown recurrence ${String(never)}`);
    }
  }
}

export interface DueRounds {
  /** The round to create now, if any, with its start. */
  due: { round: number; startsAt: Date } | null;
  /** The round number the series has reached (rounds skipped while the server was down count). */
  lastRound: number;
  /** When the job should look again; null when the series has ended. */
  nextRoundAt: Date | null;
}

const within = (s: SeriesState, at: Date | null): at is Date => at !== null && (!s.until || at.getTime() <= s.until.getTime());

/**
 * What the job does for a series at `now`. Only the latest due round is created: a collector who comes
 * back to five missed daily rounds gets today's task, not five overdue ones; the round number still
 * says how many rounds the calendar has had.
 */
export function dueRounds(s: SeriesState, now: Date): DueRounds {
  let round = s.lastRound;
  let due: DueRounds['due'] = null;
  for (;;) {
    const start = roundStart(s, s.anchor, round + 1 - ((s.firstRound ?? 1) - 1));
    if (!within(s, start) || start.getTime() > now.getTime()) {
      return { due, lastRound: round, nextRoundAt: within(s, start) ? start : null };
    }
    round += 1;
    due = { round, startsAt: start };
  }
}
