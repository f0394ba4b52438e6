// Line and shape answers (XLSForm geotrace, geoshape) in ODK's text: geopoints 'lat lon alt acc' joined by
// ';'. JavaRosa (GeoShapeData.cast) splits at ';' and trims each part, so 'a; b' reads as 'a;b'; ODK
// Collect writes them without spaces and closes a shape by repeating its first point at the end. A line
// needs 2 points, a shape 3 (so 4 with the closing one), as Collect's map asks before it saves.
import { coordsProblem, formatGeopoint, parseGeopoint, type Coords } from './values';

export type LineKind = 'geotrace' | 'geoshape';

/** Points a line or shape needs, not counting a shape's closing point. */
export const MIN_LINE_POINTS: Readonly<Record<LineKind, number>> = { geotrace: 2, geoshape: 3 };
/** Points one answer may hold: 500 points of full precision stay within a text answer's 30,000 characters. */
export const MAX_LINE_POINTS = 500;

const samePlace = (a: Coords, b: Coords): boolean => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * The points of a line or shape text, a shape's closing point left out; undefined when a part is not a
 * geopoint in range. Java's split drops trailing empty parts, so a last ';' is allowed.
 */
export function parseLine(value: string): Coords[] | undefined {
  const parts = value.split(';');
  while (parts.length > 0 && parts[parts.length - 1]!.trim() === '') parts.pop();
  if (parts.length > MAX_LINE_POINTS + 1) return undefined;
  const points: Coords[] = [];
  for (const part of parts) {
    const c = parseGeopoint(part);
    if (c === undefined || coordsProblem(c) !== undefined) return undefined;
    points.push(c);
  }
  return points;
}

/** The open points of a shape: its closing point (the first again) taken off. */
export function openPoints(points: readonly Coords[]): Coords[] {
  const first = points[0];
  const last = points[points.length - 1];
  return points.length > 1 && first && last && samePlace(first, last) ? points.slice(0, -1) : [...points];
}

/** The answer text of the points: a shape closed with its first point again, as ODK Collect stores it. */
export function formatLine(kind: LineKind, points: readonly Coords[]): string {
  const open = kind === 'geoshape' ? openPoints(points) : points;
  const all = kind === 'geoshape' && open.length > 0 ? [...open, open[0]!] : open;
  return all.map(formatGeopoint).join(';');
}

/** Why the text is no line or shape ODK reads: 'format' (a part is no geopoint), 'points' (too few or too many), 'open' (a shape not closed). */
export function lineProblem(kind: LineKind, value: string): 'format' | 'points' | 'open' | undefined {
  const points = parseLine(value);
  if (points === undefined) return 'format';
  if (kind === 'geotrace') return points.length < MIN_LINE_POINTS.geotrace || points.length > MAX_LINE_POINTS ? 'points' : undefined;
  const open = openPoints(points);
  if (open.length < MIN_LINE_POINTS.geoshape || open.length > MAX_LINE_POINTS) return 'points';
  return open.length === points.length ? 'open' : undefined;
}
