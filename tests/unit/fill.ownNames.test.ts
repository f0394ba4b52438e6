// The language picker's own names (src/pages/fill/ownNames.ts): derived again from CLDR (Node's ICU has
// every locale's data, Chromium's does not) for the survey languages of the reference list, so a name
// in the wrong script (Hausa in Ajami) or a language left in English cannot come back unnoticed.
import ISO6391 from 'iso-639-1';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languages } from '../../server/db/reference/languages';
import { ownLanguageName } from '../../src/pages/fill/language';
import { OWN_NAMES } from '../../src/pages/fill/ownNames';

const ownInCldr = (code: string): string | undefined =>
  Intl.DisplayNames.supportedLocalesOf([code]).length > 0
    ? new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code)
    : undefined;
const inScript = (text: string, script: string): boolean => new RegExp(`\\p{Script=${script}}`, 'u').test(text);
// Scripts a name in the ISO list cannot be told apart by (CJK locales maximize to Hans, Jpan, Kore).
const IDEOGRAPHIC = new Set(['Hans', 'Hant', 'Jpan', 'Kore']);

function expectedTable(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code] of languages) {
    const own = ownInCldr(code);
    if (!own) continue;
    if (ISO6391.validate(code)) {
      const likely = new Intl.Locale(code).maximize().script ?? '';
      if (IDEOGRAPHIC.has(likely) || inScript(ISO6391.getNativeName(code), likely)) continue;
    }
    out[code] = own;
  }
  return out;
}

describe("languages' own names", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are CLDR's where the ISO list has none or the wrong script", () => {
    expect(OWN_NAMES).toEqual(expectedTable());
  });

  it('come in the script the language is written in, without the browser knowing them (as Chromium)', () => {
    vi.spyOn(Intl.DisplayNames, 'supportedLocalesOf').mockReturnValue([]);
    expect(ownLanguageName('ha', 'Hausa')).toBe('Hausa');
    expect(ownLanguageName('uz', 'Uzbek')).toBe('O‘zbek');
    expect(ownLanguageName('sd', 'Sindhi')).toBe('سنڌي');
    expect(ownLanguageName('ckb', 'Central Kurdish')).toBe('کوردیی ناوەندی');
    expect(ownLanguageName('so', 'Somali')).toBe('Soomaaliga');
    expect(ownLanguageName('xyz', 'Unknown')).toBe('Unknown');
    const wrongScript = languages
      .filter(([code]) => ownInCldr(code) !== undefined)
      .map(([code, name]) => ({ code, shown: ownLanguageName(code, name), script: new Intl.Locale(code).maximize().script ?? '' }))
      .filter(({ shown, script }) => !IDEOGRAPHIC.has(script) && !inScript(shown, script));
    expect(wrongScript).toEqual([]);
  });
});
