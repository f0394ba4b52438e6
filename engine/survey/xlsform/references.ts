// pyxform refuses a `${name}` that more than one question or group holds (survey.py
// get_element_by_name: "There are multiple survey elements named ..."), wherever it is written: binds,
// labels, hints, defaults. Names are unique per parent, so such a form is otherwise valid; the import
// names each such reference by its row and column, as pyxform would have refused it.
import { surveyKeys } from '../keys';
import type { SurveyItem } from '../model';
import { said, type ReportCode } from './messages';

interface Sheet {
  name: string;
  rows: readonly (readonly string[])[];
}

interface Entry {
  sheet: string;
  row: number;
  column: string;
  level: 'error';
  message: string;
  code: ReportCode;
  params: Readonly<Record<string, string | number>>;
  name: string;
}

const REFERENCE = /\$\{(?:last-saved#)?([^}\s]+)\}/g;
const NOT_TEXT = new Set(['type', 'name']);

/** A report entry for each cell of the survey sheet that refers to a name held more than once. */
export function ambiguousReferences(sheet: Sheet, items: readonly SurveyItem[]): Entry[] {
  const { repeated } = surveyKeys(items);
  if (repeated.size === 0) return [];
  const headers = (sheet.rows[0] ?? []).map((h) => h.trim());
  const nameColumn = headers.findIndex((h) => h.toLowerCase() === 'name');
  const out: Entry[] = [];
  sheet.rows.forEach((row, i) => {
    if (i === 0) return;
    row.forEach((cell, c) => {
      const header = headers[c] ?? '';
      if (NOT_TEXT.has(header.toLowerCase()) || !cell.includes('${')) return;
      const seen = new Set<string>();
      for (const m of cell.matchAll(REFERENCE)) {
        const name = m[1]!;
        if (!repeated.has(name) || seen.has(name)) continue;
        seen.add(name);
        out.push({
          sheet: sheet.name,
          row: i + 1,
          column: header,
          level: 'error',
          ...said('ambiguousReference', { name }),
          name: (nameColumn >= 0 ? row[nameColumn]?.trim() : undefined) ?? '',
        });
      }
    });
  });
  return out;
}
