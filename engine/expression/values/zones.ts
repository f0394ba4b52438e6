// Time-zone offsets per instant, so that a date-time read or shown in the respondent's zone is right on
// both sides of a daylight-saving change: a fixed offset (env.timeZoneOffset) when the caller gives one,
// else the IANA zone (env.timeZone) through Intl, else the host's zone through Date - which also knows
// its DST rules. Offsets are minutes east of UTC.

/** Offset at an instant (epoch milliseconds). */
export type OffsetAt = (instantMs: number) => number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The offset of an IANA zone at an instant: its wall clock then, read as UTC, minus the instant. */
function zoneOffset(zone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts['year'] ?? 1970, (parts['month'] ?? 1) - 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0, parts['second'] ?? 0);
  return Math.round((wall - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

export function offsetFunction(fixed: number | undefined, zone: string | undefined): OffsetAt {
  if (fixed !== undefined) return () => fixed;
  if (zone !== undefined) return (instant) => zoneOffset(zone, instant);
  return (instant) => -new Date(instant).getTimezoneOffset();
}

const HALF_DAY = 43_200_000;

/**
 * The offset in force at a wall-clock time (the instant it names is wall - offset). A wall time an
 * autumn change repeats is the earlier instant; one a spring change skips takes the offset before it
 * (Java's and Temporal's 'compatible' reading).
 */
export function offsetAtWall(offsetAt: OffsetAt, wallMs: number): number {
  const before = offsetAt(wallMs - HALF_DAY);
  const after = offsetAt(wallMs + HALF_DAY);
  if (before === after) return before;
  const fits = (o: number): boolean => offsetAt(wallMs - o * 60_000) === o;
  if (fits(before) && fits(after)) return Math.max(before, after);
  if (fits(before)) return before;
  if (fits(after)) return after;
  return before;
}
