// The import report's texts (engine/survey/xlsform/messages.ts) and the app's (xlsform.messages of
// src/i18n): the English of the app says what the server says, code by code, and every locale has every
// code with the same parameters, so a report reads the same in every interface language.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEAREST_REASONS, REPORT_MESSAGES, type ReportCode } from '../../../engine/survey/index';

type Texts = { xlsform: { messages: Record<string, string>; why: Record<string, string> } };
const locale = (code: string): Texts => JSON.parse(readFileSync(`src/i18n/locales/${code}.json`, 'utf8')) as Texts;
const LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh', 'ar'];
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
const fill = (text: string, p: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k] ?? ''));

describe('XLSForm import report texts', () => {
  const en = locale('en').xlsform;
  it("the app's English is the server's English, for every code", () => {
    for (const code of Object.keys(REPORT_MESSAGES) as ReportCode[]) {
      const text = en.messages[code];
      expect(text, code).toBeDefined();
      const params: Record<string, string | number> = Object.fromEntries(placeholders(text!).map((k) => [k, `<${k}>`]));
      if (code === 'nearest') {
        for (const why of Object.keys(NEAREST_REASONS) as (keyof typeof NEAREST_REASONS)[]) {
          const p = { ...params, why };
          expect(fill(text!, { ...p, why: en.why[why]! }), why).toBe(REPORT_MESSAGES.nearest(p));
        }
      } else expect(fill(text!, params), code).toBe(REPORT_MESSAGES[code](params));
    }
    expect(Object.keys(en.messages).sort()).toEqual(Object.keys(REPORT_MESSAGES).sort());
  });

  it.each(LOCALES.slice(1))('%s has every code and reason with the same parameters', (code) => {
    const l = locale(code).xlsform;
    expect(Object.keys(l.messages).sort()).toEqual(Object.keys(en.messages).sort());
    expect(Object.keys(l.why).sort()).toEqual(Object.keys(en.why).sort());
    for (const [k, text] of Object.entries(en.messages)) expect(placeholders(l.messages[k]!), `${code} ${k}`).toEqual(placeholders(text));
  });
});
