// Every interface language carries every key English has, translated: a missing key or a value left in
// English fails. English itself holds every key the code uses statically.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problems } from '../../schemas/problems';
import { MEDIA_REFUSAL_REASONS } from '../../schemas/surveyMedia';

const dir = join(import.meta.dirname, '../../src/i18n/locales');
type Tree = { [k: string]: string | Tree };
const load = (lng: string) => JSON.parse(readFileSync(join(dir, `${lng}.json`), 'utf8')) as Tree;

/** Flattened keys; plural forms (_one, _other, ...) count as their base key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key.replace(/_(zero|one|two|few|many|other)$/, ''), v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

// Texts that are the same in every language: names, codes, symbols.
const SAME_EVERYWHERE = new Set([
  'Field Survey',
  'OK',
  'Premium',
  'Starter',
  'Dashboard',
  'Ticket',
  'Tickets',
  'Feedback',
  'Likert',
  'Export',
  'Status',
  'Name',
  'Manager',
  'Workspace',
  'Workspaces',
  'Plan',
  'Total',
  'Type',
  'Normal',
  'Filter',
  'Menu',
  'Logo',
  'Admin',
  'Super Admin',
  'Information',
  'Description',
  'Version',
  'Note',
  'Minimal',
  'Navigation',
  'Organisation',
  'Notes',
  'Options',
  'Position',
  'Support',
  'Date',
  'Dates',
  'Code',
  'Contact',
  'Message',
  'Messages',
  'Service',
  'Sections',
  'Section',
  'Total per year',
  'CSV',
  'XLSX',
  'ZIP',
  'Index',
  'Questions',
  'WhatsApp',
  'Actions',
  'District',
  'Audio',
  'Video',
  'Barcode',
  'Webhooks',
]);
const english = flatten({ ...load('en'), problems: Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, p.message])) });
const others = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => f.replace('.json', ''));

describe('locales', () => {
  // The spec's six, and Arabic (right to left), which the product's bar asks for besides them.
  it('are the interface languages', () => {
    expect(others.sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja', 'zh']);
  });

  it.each(others)('%s has every key, translated', (lng) => {
    const tr = flatten(load(lng));
    const missing = [...english.keys()].filter((k) => !tr.has(k));
    expect(missing, `${lng} lacks keys`).toEqual([]);
    const untranslated = [...english.entries()]
      .filter(([k, v]) => tr.get(k) === v && /[a-z]{3}/i.test(v) && !SAME_EVERYWHERE.has(v))
      .map(([k]) => k);
    expect(untranslated, `${lng} leaves these in English`).toEqual([]);
  });

  it.each(others)('%s keeps every {{placeholder}} of English', (lng) => {
    const tr = flatten(load(lng));
    for (const [k, v] of english) {
      const want = (v.match(/\{\{\w+\}\}/g) ?? []).sort();
      const got = ((tr.get(k) ?? '').match(/\{\{\w+\}\}/g) ?? []).sort();
      expect([...new Set(got)], `${lng} ${k}`).toEqual([...new Set(want)]);
    }
  });

  it('English has every key the code uses', () => {
    const src = join(import.meta.dirname, '../../src');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (/\.tsx?$/.test(e.name)) files.push(join(d, e.name));
      }
    };
    walk(src);
    const used = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) used.add(m[1]!);
    const missing = [...used].filter((k) => !english.has(k) && ![...english.keys()].some((e) => e.startsWith(`${k}.`)));
    expect(missing).toEqual([]);
  });

  // The survey media page says the server's refusals by their reason (schemas/surveyMedia.ts), never in English.
  it('English says every survey media refusal', () => {
    expect(MEDIA_REFUSAL_REASONS.filter((r) => !english.has(`surveyMedia.refusals.${r}`))).toEqual([]);
  });
});
