// The respondent's survey language rules the whole fill page, not only the questions:
// - <html lang dir>, so the browser mirrors everything (header, buttons, progress, dialogs, toasts) for
//   Arabic, Persian, Urdu, Hebrew, Pashto, and screen readers pronounce the page in that language;
// - the page's own texts (buttons, notices, errors), when it is one of the interface languages;
// - the language the next form opens in: a submit reloads the page, and the respondent who chose
//   Arabic must not get the next form in English.
import { useEffect } from 'react';
import type { FormLanguage, SurveyLanguage } from '../../../engine/survey/index';
import { showTextsIn } from '../../i18n';

/**
 * A language's name in its own script ('العربية', 'Kiswahili', 'português'), as a respondent looks
 * for it in the picker (issue 18); the survey's own name for it when the browser does not know the code.
 */
export function ownLanguageName(code: string, fallback: string): string {
  try {
    const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    if (!own) return fallback;
    return own.charAt(0).toLocaleUpperCase(code) + own.slice(1);
  } catch {
    return fallback;
  }
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
