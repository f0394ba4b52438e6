// Where a question's answers live in the form data: at the top, or in every instance of the repeats
// around it. Paths are the expression engine's context paths ('household[2]/member_age', 1-based);
// pointers index the form data ('household', 1, 'member_age', 0-based) as rjsf's errorSchema does.

export type FormValues = Record<string, unknown>;

export interface Instance {
  /** The object holding the question's answer: the form data, or one repeat instance. */
  readonly container: FormValues;
  /** Repeat steps down to the container: '' at the top, 'household[2]' in an instance. */
  readonly path: string;
  readonly pointer: readonly (string | number)[];
}

export const isObject = (v: unknown): v is FormValues => typeof v === 'object' && v !== null && !Array.isArray(v);

export function rootInstance(data: FormValues): Instance {
  return { container: data, path: '', pointer: [] };
}

/** Every container of answers of a node inside these repeats (outermost first). */
export function instancesOf(repeats: readonly string[], root: Instance): Instance[] {
  let level: Instance[] = [root];
  for (const repeat of repeats) {
    const next: Instance[] = [];
    for (const inst of level) {
      const list = inst.container[repeat];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const item: unknown = list[i];
        if (!isObject(item)) continue;
        next.push({ container: item, path: joinPath(inst.path, `${repeat}[${i + 1}]`), pointer: [...inst.pointer, repeat, i] });
      }
    }
    level = next;
  }
  return level;
}

export const joinPath = (prefix: string, step: string): string => (prefix === '' ? step : `${prefix}/${step}`);
