// What makes two sends of a submission the same: its fields (names without regard to case, in any
// order) and the bytes of its files. The digest is stored with every submission and a resend is
// compared with it, so for given content it must never change, across versions of the server too.
import { hash } from 'node:crypto';
import type { FormEntry } from '../../engine/survey/index';

/**
 * The order of a list of field names: their lines sorted. With distinct lower-cased names free of \0
 * (what parseSubmission lets through), lines sort as their names do whatever the values, so the
 * order of one list of names serves every submission sending that list: most of a survey's.
 */
interface Shape {
  names: readonly string[];
  /** Position k of the sorted lines: entry order[k], its line starting with prefixes[k] (`name\0`). */
  order: readonly number[];
  prefixes: readonly string[];
}

const SHAPES_KEPT = 16;
const shapes: Shape[] = [];

function sameNames(shape: Shape, entries: readonly FormEntry[]): boolean {
  const names = shape.names;
  if (names.length !== entries.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== entries[i]![0]) return false;
  return true;
}

/** The shape of these names, or undefined when their lines' order depends on the values. */
function shapeOf(entries: readonly FormEntry[]): Shape | undefined {
  for (let s = 0; s < shapes.length; s++) {
    const shape = shapes[s]!;
    if (!sameNames(shape, entries)) continue;
    if (s > 0) {
      shapes.splice(s, 1);
      shapes.unshift(shape);
    }
    return shape;
  }
  const n = entries.length;
  const lower = entries.map(([name]) => name.toLowerCase());
  if (lower.some((name) => name.includes('\u0000')) || new Set(lower).size !== n) return undefined;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (lower[a]! < lower[b]! ? -1 : 1));
  const shape: Shape = { names: entries.map(([name]) => name), order, prefixes: order.map((i) => `${lower[i]!}\u0000`) };
  shapes.unshift(shape);
  if (shapes.length > SHAPES_KEPT) shapes.pop();
  return shape;
}

const valueText = (value: FormEntry[1], name: string, fileSha256: ReadonlyMap<string, string>): string =>
  typeof value === 'string' ? value : `${value.fileName}\u0000${fileSha256.get(name) ?? ''}`;

/** sha256 of the lines `lower-cased name \0 value` (a file: `file name \0 sha256 of its bytes`), sorted, joined by \u0001. */
export function contentHash(entries: readonly FormEntry[], fileSha256: ReadonlyMap<string, string>): string {
  const shape = shapeOf(entries);
  let lines: string[];
  if (shape === undefined) {
    lines = entries.map(([name, value]) => `${name.toLowerCase()}\u0000${valueText(value, name, fileSha256)}`);
    lines.sort();
  } else {
    lines = new Array<string>(entries.length);
    for (let k = 0; k < lines.length; k++) {
      const [name, value] = entries[shape.order[k]!]!;
      lines[k] = shape.prefixes[k]! + valueText(value, name, fileSha256);
    }
  }
  return hash('sha256', lines.join('\u0001'), 'hex');
}
