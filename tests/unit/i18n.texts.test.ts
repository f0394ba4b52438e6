// The fill route translates without i18next (widgets/runtime/texts.ts): every text it can show, in
// every interface and respondent language, must read as i18next made it (plural forms, the zero form,
// figures filled in, English where a language lacks a text), and the fill route's code must not load i18next.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishProblems, fillEnglish } from '../../src/i18n/index';
import { texts, translate, type Texts } from '../../widgets/runtime/texts';
import { fillRouteFiles, root } from '../support/fillRoute';

const dir = join(root, 'src/i18n');
const load = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Texts;
const languages = [
  ...readdirSync(join(dir, 'locales')).map((f) => ['locales', f] as const),
  ...readdirSync(join(dir, 'respondent')).map((f) => ['respondent', f] as const),
].filter(([, f]) => f.endsWith('.json') && f !== 'en.json');
const english: Texts = { ...(fillEnglish as unknown as Texts), problems: englishProblems };

/** Every key of the English texts, without its plural suffix. */
function keysOf(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`] : keysOf(v, `${prefix}${k}.`),
  );
}
const keys = [...new Set(keysOf(english))];
const values = {
  count: 0,
  n: 3,
  name: 'Ana',
  max: 5,
  min: 1,
  step: 2,
  total: 7,
  done: 4,
  message: 'm',
  label: 'L',
  time: '10:00',
  date: '2026-01-01',
  size: '2 MB',
  title: 'T',
  value: 'v',
};

const reference = i18next.createInstance();
beforeAll(async () => {
  texts.addResourceBundle('en', english);
  const resources: Record<string, { translation: Texts }> = { en: { translation: english } };
  for (const [folder, file] of languages) {
    const lng = file.replace('.json', '');
    texts.addResourceBundle(lng, load(`${folder}/${file}`));
    resources[lng] = { translation: load(`${folder}/${file}`) };
  }
  await reference.init({ lng: 'en', fallbackLng: 'en', resources, interpolation: { escapeValue: false }, returnNull: false });
});

describe("the fill route's translator", () => {
  it('covers the interface languages and the respondent ones', () => {
    expect(languages.length).toBeGreaterThanOrEqual(20);
    expect(keys.length).toBeGreaterThan(100);
  });

  it.each(['en', ...languages.map(([, f]) => f.replace('.json', ''))])('reads every fill text in %s as i18next does', (lng) => {
    const t = reference.getFixedT(lng);
    const differ: string[] = [];
    for (const key of keys) {
      for (const count of [undefined, 0, 1, 2, 3, 5, 11, 21, 100, 1.5]) {
        const options = count === undefined ? values : { ...values, count };
        const ours = translate(key, options, lng);
        if (ours !== t(key, options)) differ.push(`${key} (${count}): ${ours} / ${t(key, options)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('takes the context, the default value and a missing key as i18next does', () => {
    const t = reference.getFixedT('de');
    for (const [key, options] of [
      ['fill.nothing.here', { defaultValue: 'Nichts {{name}}', name: 'x' }],
      ['fill.nothing.here', {}],
      ['widgets.missing', { context: 'other', count: 2 }],
    ] as const)
      expect(translate(key, options, 'de')).toBe(t(key, options));
  });

  it('names right-to-left languages as such', () => {
    for (const lng of ['ar', 'fa', 'he', 'ps', 'ur', 'en', 'de', 'am', 'ja']) expect(texts.dir(lng), lng).toBe(reference.dir(lng));
  });

  it("is the fill route's only translator: its code imports neither i18next nor react-i18next", () => {
    const loading = fillRouteFiles()
      .filter((f) =>
        /(?:^|\n)\s*import\s+(?!type\b)[^'"]*?from\s+'(?:i18next|react-i18next)'|import\(\s*'(?:i18next|react-i18next)'\s*\)/.test(
          readFileSync(f, 'utf8'),
        ),
      )
      .map((f) => f.slice(root.length + 1));
    expect(loading).toEqual([]);
  });
});
