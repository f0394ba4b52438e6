// Form data addressed by instance paths ('household[2]/member[1]/age'), updated without mutation:
// every change copies only the objects and arrays on its path.
import type { Data } from './types';

export type Indexes = readonly number[];

const isNode = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'household[2]/member[1]/age' for age with repeats [household, member] and indexes [2, 1]. */
export function pathOf(field: string, repeats: readonly string[], indexes: Indexes): string {
  let path = '';
  for (let i = 0; i < repeats.length; i++) path += `${repeats[i] ?? ''}[${indexes[i] ?? 0}]/`;
  return path + field;
}

const STEP = /^(.+)\[(\d+)\]$/;

/** The question name and repeat indexes of a path, checked against the repeats around it. */
export function parsePath(path: string, repeatsOf: (field: string) => readonly string[] | undefined): { field: string; indexes: number[] } | undefined {
  const segments = path.split('/').filter((s) => s !== '');
  const field = segments.pop();
  if (field === undefined) return undefined;
  const repeats = repeatsOf(field);
  if (repeats === undefined || repeats.length !== segments.length) return undefined;
  const indexes: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const m = STEP.exec(segments[i] ?? '');
    if (m === null || m[1] !== repeats[i]) return undefined;
    const index = Number(m[2]);
    if (index < 1) return undefined;
    indexes.push(index);
  }
  return { field, indexes };
}

function nodeAt(data: Data, repeats: readonly string[], indexes: Indexes): Data | undefined {
  let node: Data | undefined = data;
  for (let i = 0; i < repeats.length && node !== undefined; i++) {
    const list: unknown = node[repeats[i] ?? ''];
    const next: unknown = Array.isArray(list) ? list[(indexes[i] ?? 0) - 1] : undefined;
    node = isNode(next) ? next : undefined;
  }
  return node;
}

export function getAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string): unknown {
  return nodeAt(data, repeats, indexes)?.[field];
}

export function hasAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string): boolean {
  const node = nodeAt(data, repeats, indexes);
  return node !== undefined && Object.hasOwn(node, field);
}

/** A copy of data with one node replaced, copying along the path; data itself when nothing changed. */
function updateNode(data: Data, repeats: readonly string[], indexes: Indexes, level: number, change: (node: Data) => Data): Data {
  if (level === repeats.length) return change(data);
  const repeat = repeats[level] ?? '';
  const list: unknown = data[repeat];
  if (!Array.isArray(list)) return data;
  const position = (indexes[level] ?? 0) - 1;
  const child: unknown = list[position];
  if (!isNode(child)) return data;
  const updated = updateNode(child, repeats, indexes, level + 1, change);
  if (updated === child) return data;
  const copy = list.slice();
  copy[position] = updated;
  return { ...data, [repeat]: copy };
}

export function setAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string, value: unknown): Data {
  return updateNode(data, repeats, indexes, 0, (node) => (Object.is(node[field], value) && Object.hasOwn(node, field) ? node : { ...node, [field]: value }));
}

export function deleteAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string): Data {
  return updateNode(data, repeats, indexes, 0, (node) => {
    if (!Object.hasOwn(node, field)) return node;
    const { [field]: _removed, ...rest } = node;
    return rest;
  });
}

/** Number of instances of `repeat` inside the instance given by repeats/indexes. */
export function countAt(data: Data, repeats: readonly string[], indexes: Indexes, repeat: string): number {
  const list = nodeAt(data, repeats, indexes)?.[repeat];
  return Array.isArray(list) ? list.length : 0;
}

/** Grows (with empty instances) or shrinks the list of a repeat. */
export function resizeAt(data: Data, repeats: readonly string[], indexes: Indexes, repeat: string, count: number): Data {
  return updateNode(data, repeats, indexes, 0, (node) => {
    const list: unknown = node[repeat];
    const current = Array.isArray(list) ? list : [];
    if (current.length === count && Array.isArray(list)) return node;
    const next = current.slice(0, count);
    while (next.length < count) next.push({});
    return { ...node, [repeat]: next };
  });
}

export function removeInstanceAt(data: Data, repeats: readonly string[], indexes: Indexes, repeat: string, index: number): Data {
  return updateNode(data, repeats, indexes, 0, (node) => {
    const list: unknown = node[repeat];
    if (!Array.isArray(list) || index < 1 || index > list.length) return node;
    return { ...node, [repeat]: list.filter((_, i) => i !== index - 1) };
  });
}

/** Every instance (as indexes) of a question inside `repeats`, under the given leading indexes. */
export function instancesOf(data: Data, repeats: readonly string[], prefix: Indexes = []): number[][] {
  const out: number[][] = [];
  const visit = (node: Data, level: number, indexes: number[]): void => {
    if (level === repeats.length) {
      out.push(indexes);
      return;
    }
    const list: unknown = node[repeats[level] ?? ''];
    if (!Array.isArray(list)) return;
    const fixed = prefix[level];
    if (fixed !== undefined) {
      const child: unknown = list[fixed - 1];
      if (isNode(child)) visit(child, level + 1, [...indexes, fixed]);
      return;
    }
    list.forEach((child: unknown, i) => {
      if (isNode(child)) visit(child, level + 1, [...indexes, i + 1]);
    });
  };
  visit(data, 0, []);
  return out;
}
