// How far a target is, and whether it keeps pace: a straight line from its start (0) to its deadline
// (the whole target, at the end of that day, UTC). Below the line is behind; past the deadline short of
// the target is overdue; a target met is reached whatever the date.
import type { TargetStatus } from '../../schemas/targets';

const DAY = 86_400_000;
const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`);

export interface Progress {
  /** Of the target, rounded to one decimal; may pass 100. */
  percent: number;
  /** What the pace asks for by now; null without a deadline. */
  expectedByNow: number | null;
  status: TargetStatus;
}

export function percentOf(counted: number, target: number): number {
  return target > 0 ? Math.round((1000 * counted) / target) / 10 : 0;
}

/** start and deadline are dates (YYYY-MM-DD); a deadline before the start counts from the deadline's own day. */
export function progressOf(o: { total: number; counted: number; start: string; deadline: string | null; now: Date }): Progress {
  const percent = percentOf(o.counted, o.total);
  const reached = o.counted >= o.total;
  if (o.deadline === null) return { percent, expectedByNow: null, status: reached ? 'reached' : 'open' };
  const end = dayStart(o.deadline) + DAY;
  const start = Math.min(dayStart(o.start), end - DAY);
  const now = o.now.getTime();
  const share = Math.min(1, Math.max(0, (now - start) / (end - start)));
  const expectedByNow = Math.floor(o.total * share);
  const status: TargetStatus = reached ? 'reached' : now >= end ? 'overdue' : o.counted < expectedByNow ? 'behind' : 'onTrack';
  return { percent, expectedByNow, status };
}
