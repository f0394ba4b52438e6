// Form data addressed by instance paths ('household[2]/member[1]/age'), updated without mutating
// what the caller holds: a change copies the objects and arrays on its path, once per session
// (`owned` remembers the copies already made, which later changes may then update in place).
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
export function parsePath(
  path: string,
  repeatsOf: (field: string) => readonly string[] | undefined,
): { field: string; indexes: number[] } | undefined {
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

/** Objects and arrays a session copied itself and may therefore change in place. */
export type Owned = WeakSet<object>;

function own<T extends object>(value: T, owned: Owned, copy: (v: T) => T): T {
  if (owned.has(value)) return value;
  const copied = copy(value);
  owned.add(copied);
  return copied;
}

const copyNode = (node: Data): Record<string, unknown> => ({ ...node });
const copyList = (list: readonly unknown[]): unknown[] => list.slice();

/** data with the node at repeats/indexes changed by `change`; data itself when nothing changed. */
function updateNode(
  data: Data,
  repeats: readonly string[],
  indexes: Indexes,
  level: number,
  owned: Owned,
  change: (node: Data) => Record<string, unknown> | undefined,
): Data {
  if (level === repeats.length) {
    const changed = change(data);
    return changed ?? data;
  }
  const repeat = repeats[level] ?? '';
  const list: unknown = data[repeat];
  if (!Array.isArray(list)) return data;
  const position = (indexes[level] ?? 0) - 1;
  const child: unknown = list[position];
  if (!isNode(child)) return data;
  const updated = updateNode(child, repeats, indexes, level + 1, owned, change);
  if (updated === child) return data;
  const node = own(data as Record<string, unknown>, owned, copyNode);
  const copy = own(list as unknown[], owned, copyList);
  copy[position] = updated;
  node[repeat] = copy;
  return node;
}

export function setAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string, value: unknown, owned: Owned): Data {
  return updateNode(data, repeats, indexes, 0, owned, (node) => {
    if (Object.is(node[field], value) && Object.hasOwn(node, field)) return undefined;
    const target = own(node as Record<string, unknown>, owned, copyNode);
    target[field] = value;
    return target;
  });
}

export function deleteAt(data: Data, repeats: readonly string[], indexes: Indexes, field: string, owned: Owned): Data {
  return updateNode(data, repeats, indexes, 0, owned, (node) => {
    if (!Object.hasOwn(node, field)) return undefined;
    const target = own(node as Record<string, unknown>, owned, copyNode);
    delete target[field];
    return target;
  });
}

/** Number of instances of `repeat` inside the instance given by repeats/indexes. */
export function countAt(data: Data, repeats: readonly string[], indexes: Indexes, repeat: string): number {
  const list = nodeAt(data, repeats, indexes)?.[repeat];
  return Array.isArray(list) ? list.length : 0;
}

/** Grows (with empty instances) or shrinks the list of a repeat. */
export function resizeAt(data: Data, repeats: readonly string[], indexes: Indexes, repeat: string, count: number, owned: Owned): Data {
  return updateNode(data, repeats, indexes, 0, owned, (node) => {
    const list: unknown = node[repeat];
    const current = Array.isArray(list) ? list : [];
    if (current.length === count && Array.isArray(list)) return undefined;
    const next: unknown[] = current.slice(0, count);
    while (next.length < count) next.push({});
    owned.add(next);
    const target = own(node as Record<string, unknown>, owned, copyNode);
    target[repeat] = next;
    return target;
  });
}

export function removeInstanceAt(
  data: Data,
  repeats: readonly string[],
  indexes: Indexes,
  repeat: string,
  index: number,
  owned: Owned,
): Data {
  return updateNode(data, repeats, indexes, 0, owned, (node) => {
    const list: unknown = node[repeat];
    if (!Array.isArray(list) || index < 1 || index > list.length) return undefined;
    const target = own(node as Record<string, unknown>, owned, copyNode);
    target[repeat] = list.filter((_, i) => i !== index - 1);
    return target;
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
