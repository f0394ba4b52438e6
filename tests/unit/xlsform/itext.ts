// Workbooks written in memory, and the translations of pyxform's XForm of a workbook: what a respondent
// of ODK Collect reads in each language, to hold our export against the original.
import ExcelJS from 'exceljs';
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import { judgeBuffers, mustJudge, pyxformMissing } from './pyxform';

export async function workbook(sheets: Record<string, readonly (readonly string[])[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows.map((r) => [...r]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Each itext language's texts (every value, media forms marked), sorted: ids differ (list names, root), texts must not. */
export interface Itext {
  languages: string[];
  defaultLanguage: string | null;
  texts: Record<string, string[]>;
}

export function itextOf(xform: string): Itext {
  const doc = new JSDOM(xform, { contentType: 'text/xml' }).window.document;
  const out: Itext = { languages: [], defaultLanguage: null, texts: {} };
  for (const tr of Array.from(doc.getElementsByTagName('translation'))) {
    const lang = tr.getAttribute('lang') ?? '';
    out.languages.push(lang);
    if (tr.getAttribute('default')) out.defaultLanguage = lang;
    out.texts[lang] = Array.from(tr.getElementsByTagName('text'))
      .map((t) =>
        Array.from(t.getElementsByTagName('value'))
          .map((v) => `${v.getAttribute('form') ?? ''}:${v.textContent ?? ''}`)
          .join('|'),
      )
      .sort();
  }
  out.languages.sort();
  return out;
}

/** pyxform's XForms of the workbooks, or null where pyxform cannot run here (and CI does not ask for it). */
export function xformsOf(named: { name: string; bytes: Buffer }[]): string[] | null {
  const missing = pyxformMissing();
  if (missing) {
    if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
    console.error(`*** pyxform cannot run here (${missing}): the XForms are NOT compared. ***`);
    return null;
  }
  const verdicts = judgeBuffers(named);
  expect(
    verdicts.filter((v) => !v.ok).map((v) => `${v.file}: ${v.error}`),
    'pyxform refuses',
  ).toEqual([]);
  return verdicts.map((v) => v.xform ?? '');
}

/** The original's translations under the export's language names (a language of our list is written its way: 'Français' as 'French (fr)'). */
export function renamed(it: Itext, names: Readonly<Record<string, string>>): Itext {
  const to = (l: string) => names[l] ?? l;
  return {
    languages: it.languages.map(to).sort(),
    defaultLanguage: it.defaultLanguage === null ? null : to(it.defaultLanguage),
    texts: Object.fromEntries(Object.entries(it.texts).map(([l, t]) => [to(l), t])),
  };
}
