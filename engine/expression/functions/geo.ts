// Geopoint, geotrace and geoshape answers ('lat lon alt accuracy', points joined by ';'): area and
// length on the Earth, with JavaRosa's formulas (GeoUtils) so that both sides of a form agree.
import { fail } from '../errors';
import { NodeSet, toStr, type Val } from '../values/value';
import { fn, type Scope } from './types';

interface LatLong {
  readonly lat: number;
  readonly lon: number;
}

const EARTH_RADIUS_M = 6_378_100;
const EARTH_CIRCUMFERENCE_M = 2 * Math.PI * EARTH_RADIUS_M;
const SPACES = /\s+/;
const radians = (degrees: number): number => (degrees * Math.PI) / 180;

function point(text: string, name: string): LatLong {
  const [lat, lon] = text.trim().split(SPACES).map(Number);
  if (lat === undefined || lon === undefined || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
    fail(`The function '${name}' received a value that does not represent GPS coordinates: '${text.trim()}'`);
  }
  return { lat, lon };
}

/** The points of a trace or shape text ('a; b; c'); a blank answer has none. */
function points(text: string, name: string): LatLong[] {
  return text
    .split(';')
    .filter((p) => p.trim() !== '')
    .map((p) => point(p, name));
}

/** One text is a trace or shape; several values (a geopoint question in a repeat) are one point each. */
function pointsOf(values: readonly Val[], scope: Scope, name: string): LatLong[] {
  if (values.length === 1) return points(toStr(values[0] ?? '', scope), name);
  return values
    .map((v) => toStr(v, scope))
    .filter((t) => t.trim() !== '')
    .map((t) => point(t, name));
}

function spread(v: Val, scope: Scope): Val[] {
  if (!(v instanceof NodeSet)) return [v];
  const out: Val[] = [];
  for (let i = 0; i < v.size; i++) out.push(v.at(i, scope));
  return out;
}

/** Square metres of a polygon, by triangles fanned from its first point on a local flat projection. */
function area(ps: readonly LatLong[]): number {
  const first = ps[0];
  if (first === undefined || ps.length < 3) return 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of ps.slice(1)) {
    ys.push(((p.lat - first.lat) * EARTH_CIRCUMFERENCE_M) / 360);
    xs.push(((p.lon - first.lon) * EARTH_CIRCUMFERENCE_M * Math.cos(radians(p.lat))) / 360);
  }
  let sum = 0;
  for (let i = 1; i < xs.length; i++) sum += ((ys[i - 1] ?? 0) * (xs[i] ?? 0) - (xs[i - 1] ?? 0) * (ys[i] ?? 0)) / 2;
  return Math.abs(sum);
}

/** Metres along the points, great-circle between neighbours (spherical law of cosines). */
function distance(ps: readonly LatLong[]): number {
  let total = 0;
  for (let i = 1; i < ps.length; i++) {
    const a = ps[i - 1];
    const b = ps[i];
    if (a === undefined || b === undefined) continue;
    const cosine =
      Math.sin(radians(a.lat)) * Math.sin(radians(b.lat)) +
      Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.cos(radians(a.lon - b.lon));
    total += Math.acos(Math.min(1, Math.max(-1, cosine))) * EARTH_RADIUS_M;
  }
  return total;
}

export const geoFunctions = {
  area: fn(['value'], 'number', (scope, v) => area(pointsOf(spread(v, scope), scope, 'area'))),
  'enclosed-area': fn(['value'], 'number', (scope, v) => area(pointsOf(spread(v, scope), scope, 'enclosed-area'))),
  distance: fn(['...value'], 'number', (scope, values) => distance(pointsOf(values, scope, 'distance'))),
} as const;
