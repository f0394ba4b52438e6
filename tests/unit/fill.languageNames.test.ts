// @vitest-environment jsdom
// The picker's own language names are kept on the device (src/pages/fill/language.ts): building an
// Intl.DisplayNames loads a language's locale data (about 10 ms, four times that on a cheap phone), which a
// repeat visit of the survey link must not pay again. Until a name has been worked out the
// picker shows the lists' name, without Intl.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return import('../../src/pages/fill/language');
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

it('works a name out once and reads it on the next visit without building an Intl.DisplayNames', async () => {
  const first = await load();
  const built = vi.spyOn(Intl, 'DisplayNames');
  expect(first.ownLanguageName('ar', 'Arabic')).toBe('العربية');
  expect(built).toHaveBeenCalled();
  built.mockClear();
  const next = await load();
  expect(next.ownLanguageName('ar', 'Arabic')).toBe('العربية');
  expect(next.quickLanguageName('ar', 'Arabic')).toBe('العربية');
  expect(built).not.toHaveBeenCalled();
});

it('names a language from the lists, without Intl, before it was worked out', async () => {
  const { quickLanguageName } = await load();
  const built = vi.spyOn(Intl, 'DisplayNames');
  expect(quickLanguageName('so', 'Somali')).toBe('Soomaaliga');
  expect(quickLanguageName('ha', 'Hausa')).toBe('Hausa');
  expect(quickLanguageName('xyz', 'Unknown')).toBe('Unknown');
  expect(built).not.toHaveBeenCalled();
});

it('ignores a kept list it cannot read, and stops keeping past 200 names', async () => {
  localStorage.setItem('fs.fill.languageNames', '{not json');
  const { ownLanguageName } = await load();
  expect(ownLanguageName('sw', 'Swahili')).toBe('Kiswahili');
  expect(JSON.parse(localStorage.getItem('fs.fill.languageNames')!)).toEqual([['sw\u0000Swahili', 'Kiswahili']]);
  for (let i = 0; i < 210; i++) ownLanguageName('xyz', `Unknown ${i}`);
  expect((JSON.parse(localStorage.getItem('fs.fill.languageNames')!) as unknown[]).length).toBeLessThanOrEqual(200);
});
