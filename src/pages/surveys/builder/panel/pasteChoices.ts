// A pasted list as new choices: one a line, 'name,label' / 'name<TAB>label' or just a label (the name
// is then made from it); blank lines skipped, names kept unique in the list.
import type { ChoiceModel } from '../../../../../engine/survey/index';

const slug = (label: string): string =>
  label
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}_.-]/gu, '') || 'option';

export function pastedChoices(text: string, existing: readonly ChoiceModel[], languageId: number, newId: () => string): ChoiceModel[] {
  const taken = new Set(existing.map((c) => c.name));
  const out: ChoiceModel[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const m = /^([^\s,\t]+)\s*[,\t]\s*(.+)$/.exec(line.trim());
    const label = (m ? m[2]! : line).trim();
    let name = m ? m[1]! : slug(label);
    for (let n = 2; taken.has(name); n++) name = `${m ? m[1]! : slug(label)}_${n}`;
    taken.add(name);
    out.push({ id: newId(), name, choiceLabels: [{ languageId, text: label }], emoji: null, filters: {} });
  }
  return out;
}
