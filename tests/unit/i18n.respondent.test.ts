// The respondent languages (src/i18n/respondent): the fill page's own texts in full (its offline texts too), with every plural
// form the language has (CLDR, as Intl.PluralRules reports it), translated rather than left in English.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problems } from '../../schemas/problems';
import { RESPONDENT_PROBLEMS } from '../../src/i18n/index';

type Tree = { [k: string]: string | Tree };
const dir = join(import.meta.dirname, '../../src/i18n');
const load = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
// Words that are the same in several languages (Portuguese 'Latitude').
const SHARED = new Set(['Latitude', 'Longitude', 'Altitude (m)', 'OK']);
const en = load('locales/en.json');
// The API's refusals a respondent can meet are said by the page, by their code (docs/decisions/0010-api-messages-translated-by-code.md).
const respondentProblems = Object.fromEntries(RESPONDENT_PROBLEMS.map((code) => [code, problems[code].message]));
const english = flatten({ fill: en.fill as Tree, widgets: en.widgets as Tree, offline: en.offline as Tree, problems: respondentProblems });
const languages = readdirSync(join(dir, 'respondent'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace('.json', ''));

describe('respondent languages', () => {
  it('include right-to-left ones', () => {
    // Arabic is an interface language (../locales), with every text.
    expect(languages).toEqual(expect.arrayContaining(['fa', 'ps', 'ur']));
  });

  it('cover the fifteen respondent languages asked for besides the interface languages', () => {
    const interfaceLanguages = ['en', 'de', 'es', 'fr', 'ja', 'zh', 'ar'];
    const named = ['ar', 'fa', 'ps', 'ur', 'bn', 'hi', 'sw', 'am', 'so', 'ha', 'pt', 'ru', 'uk', 'tr', 'my'];
    expect(named.filter((l) => !languages.includes(l) && !interfaceLanguages.includes(l))).toEqual([]);
  });

  // The picker names each language in its own script (src/pages/fill/language.ts ownLanguageName).
  it.each(languages)('%s has its own name in its own language', (lng) => {
    expect(new Intl.DisplayNames([lng], { type: 'language', fallback: 'none' }).of(lng), lng).toBeTruthy();
  });

  it.each(languages)('%s has every text of the fill page, with its plural forms', (lng) => {
    const tr = flatten(load(`respondent/${lng}.json`));
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const wanted = new Set<string>();
    for (const key of english.keys()) {
      if (PLURAL.test(key)) for (const c of categories) wanted.add(key.replace(PLURAL, `_${c}`));
      else wanted.add(key);
    }
    expect(
      [...wanted].filter((k) => !tr.has(k)),
      `${lng} lacks`,
    ).toEqual([]);
    const untranslated = [...english]
      .filter(([k, v]) => !PLURAL.test(k) && tr.get(k) === v && /[a-z]{3}/i.test(v) && !SHARED.has(v))
      .map(([k]) => k);
    expect(untranslated, `${lng} leaves in English`).toEqual([]);
  });
});
