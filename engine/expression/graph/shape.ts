// The survey's structure as the graph needs it: where each question sits, what each group holds.
import type { FieldInfo, FieldShape } from './types';

const REPEAT = /^(?:begin[ _])?repeat$/;
const GROUP = /^(?:begin[ _])?group$/;
const SELECT_LIST = /^(?:select_one|select_multiple|rank)(?:_from_file)?\s+(\S+)/;

export function containerOf(type: string): 'group' | 'repeat' | undefined {
  const t = type.trim().toLowerCase();
  return REPEAT.test(t) ? 'repeat' : GROUP.test(t) ? 'group' : undefined;
}

export function describeFields(shapes: readonly FieldShape[]): Map<string, FieldInfo> {
  const byName = new Map(shapes.map((s) => [s.name, s]));
  const ancestorsOf = (shape: FieldShape): string[] => {
    const out: string[] = [];
    const seen = new Set<string>();
    let parent = shape.parent;
    while (parent !== undefined && !seen.has(parent)) {
      seen.add(parent);
      out.unshift(parent);
      parent = byName.get(parent)?.parent;
    }
    return out;
  };
  const fields = new Map<string, FieldInfo>();
  const descendants = new Map<string, string[]>();
  shapes.forEach((shape, index) => {
    const ancestors = ancestorsOf(shape);
    for (const a of ancestors) descendants.set(a, [...(descendants.get(a) ?? []), shape.name]);
    fields.set(shape.name, {
      name: shape.name,
      type: shape.type,
      parent: shape.parent,
      container: containerOf(shape.type),
      ancestors,
      repeats: ancestors.filter((a) => containerOf(byName.get(a)?.type ?? '') === 'repeat'),
      descendants: [],
      list: SELECT_LIST.exec(shape.type)?.[1],
      index,
    });
  });
  for (const [name, inside] of descendants) {
    const info = fields.get(name);
    if (info !== undefined) fields.set(name, { ...info, descendants: inside });
  }
  return fields;
}
