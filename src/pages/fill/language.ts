// The respondent's survey language rules the whole fill page, not only the questions:
// - <html lang dir>, so the browser mirrors everything (header, buttons, progress, dialogs, toasts) for
//   Arabic, Persian, Urdu, Hebrew, Pashto, and screen readers pronounce the page in that language;
// - the page's own texts (buttons, notices, errors), when it is one of the interface languages;
// - the language the next form opens in: a submit reloads the page, and the respondent who chose
//   Arabic must not get the next form in English.
import ISO6391 from 'iso-639-1';
import { useEffect } from 'react';
import type { FormLanguage, SurveyLanguage } from '../../../engine/survey/index';
import { showTextsIn } from '../../i18n';

/**
 * A language's name in its own script ('العربية', 'Kiswahili', 'پښتو'), as a respondent looks for it in
 * the picker (issue 18). The browser's CLDR data when it has that language's own (Chromium ships only
 * its interface languages: it knows Arabic and Swahili by their own names, but says 'Pashto',
 * 'Somali', 'Burmese' in English); else the ISO 639-1 list's own name; else the survey's name for it.
 */
export function ownLanguageName(code: string, fallback: string): string {
  const key = `${code}\u0000${fallback}`;
  let name = ownNames.get(key);
  if (name === undefined) ownNames.set(key, (name = findOwnLanguageName(code, fallback)));
  return name;
}

/** Asked on every render of the picker; building an Intl.DisplayNames loads locale data (about 10 ms each). */
const ownNames = new Map<string, string>();

function findOwnLanguageName(code: string, fallback: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? code;
  try {
    if (Intl.DisplayNames.supportedLocalesOf([code]).length > 0) {
      const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
      if (own) return own.charAt(0).toLocaleUpperCase(code) + own.slice(1);
    }
  } catch {
    // not a code Intl accepts: the list below may still know it
  }
  return ISO6391.validate(base) ? ISO6391.getNativeName(base) : fallback;
}

const storeKey = (surveyId: string): string => `fs.fill.language.${surveyId}`;

/** The language the respondent last picked for this survey in this tab, if it still exists. */
export function rememberedLanguage(surveyId: string, usable: readonly SurveyLanguage[]): number | undefined {
  const raw = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(storeKey(surveyId)) : null;
  const id = raw === null ? NaN : Number(raw);
  return usable.find((l) => l.languageId === id)?.languageId;
}

export function rememberLanguage(surveyId: string, languageId: number): void {
  sessionStorage.setItem(storeKey(surveyId), String(languageId));
}

export function useSurveyLanguage(language: FormLanguage): void {
  useEffect(() => {
    const html = document.documentElement;
    const before = { lang: html.lang, dir: html.dir };
    html.lang = language.code;
    html.dir = language.dir;
    const restoreTexts = showTextsIn(language.code);
    return () => {
      html.lang = before.lang;
      html.dir = before.dir;
      restoreTexts();
    };
  }, [language.code, language.dir]);
}
