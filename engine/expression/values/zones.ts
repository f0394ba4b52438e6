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
function readZoneOffset(zone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts['year'] ?? 1970,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
  return Math.round((wall - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

// Offsets change at most every quarter of an hour, and reading one (a Date, or Intl's formatToParts) costs
// more than most whole evaluations: they are memoised per quarter hour. The host's zone can change while
// a page is open (a traveller's phone), so its entries are trusted for a minute only.
const QUARTER_HOUR = 900_000;
const HOST_TTL_MS = 60_000;
const MEMO_LIMIT = 4096;
const hostMemo = new Map<number, { offset: number; until: number }>();
const zoneMemo = new Map<string, Map<number, number>>();

/** `clock`: the evaluation's reading of the clock, which dates the memo's entries without reading it again. */
export function hostOffset(instant: number, clock: number): number {
  const key = Math.floor(instant / QUARTER_HOUR);
  const hit = hostMemo.get(key);
  if (hit !== undefined && hit.until > clock) return hit.offset;
  const offset = -new Date(key * QUARTER_HOUR).getTimezoneOffset();
  if (hostMemo.size >= MEMO_LIMIT) hostMemo.clear();
  hostMemo.set(key, { offset, until: clock + HOST_TTL_MS });
  return offset;
}

export function zoneOffset(zone: string, instant: number): number {
  let memo = zoneMemo.get(zone);
  if (memo === undefined) zoneMemo.set(zone, (memo = new Map()));
  const key = Math.floor(instant / QUARTER_HOUR);
  let offset = memo.get(key);
  if (offset === undefined) {
    offset = readZoneOffset(zone, key * QUARTER_HOUR);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, offset);
  }
  return offset;
}

const wallMemo = new Map<string, number>();

/** offsetAtWall, memoised per quarter hour for a zone (IANA rules do not change while running). */
export function zoneOffsetAtWall(zone: string, wallMs: number): number {
  const key = `${zone} ${Math.floor(wallMs / QUARTER_HOUR)}`;
  let offset = wallMemo.get(key);
  if (offset === undefined) {
    offset = offsetAtWall((instant) => zoneOffset(zone, instant), Math.floor(wallMs / QUARTER_HOUR) * QUARTER_HOUR);
    if (wallMemo.size >= MEMO_LIMIT) wallMemo.clear();
    wallMemo.set(key, offset);
  }
  return offset;
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

const hostWallMemo = new Map<number, { offset: number; until: number }>();

/** offsetAtWall in the host's zone, memoised per quarter hour like hostOffset. */
export function hostOffsetAtWall(wallMs: number, clock: number): number {
  const key = Math.floor(wallMs / QUARTER_HOUR);
  const hit = hostWallMemo.get(key);
  if (hit !== undefined && hit.until > clock) return hit.offset;
  const offset = offsetAtWall((instant) => hostOffset(instant, clock), key * QUARTER_HOUR);
  if (hostWallMemo.size >= MEMO_LIMIT) hostWallMemo.clear();
  hostWallMemo.set(key, { offset, until: clock + HOST_TTL_MS });
  return offset;
}
