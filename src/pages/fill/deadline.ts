// The survey's deadline as the banner shows it: 'MMMM Do, YYYY' ('January 5th, 2027'), or
// 'Invalid date' when the survey has none (spec 001 section 9).
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

export function formatDeadline(endDate: string | null | undefined, invalid: string): string {
  if (!endDate) return invalid;
  const d = dayjs(endDate);
  return d.isValid() ? d.format('MMMM Do, YYYY') : invalid;
}

/** Past the survey's end: the Survey expired modal opens (spec 001 section 4). */
export const isPast = (endDate: string | null | undefined, now = Date.now()): boolean => !!endDate && new Date(endDate).getTime() < now;
