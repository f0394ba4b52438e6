// The respondent's survey language rules the whole fill page, not only the questions:
// - <html lang dir>, so the browser mirrors everything (header, buttons, progress, dialogs, toasts) for
//   Arabic, Persian, Urdu, Hebrew, Pashto, and screen readers pronounce the page in that language;
// - the page's own texts (buttons, notices, errors), when it is one of the interface languages;
// - the language the next form opens in: a submit reloads the page, and the respondent who chose
//   Arabic must not get the next form in English.
import ISO6391 from 'iso-639-1';
import { useEffect, type ReactNode } from 'react';
import { directionOf, type FormLanguage, type SurveyLanguage } from '../../../engine/survey/index';
import { chosenLanguage, interfaceLanguageOf, respondentLanguages, showTextsIn } from '../../i18n';
import { OWN_NAMES } from './ownNames';

/**
 * A language's name in its own script ('العربية', 'Kiswahili', 'پښتو'), as a respondent looks for it in
 * the picker. The browser's CLDR data when it has that language's own (Chromium ships only
 * its interface languages: it knows Arabic and Swahili by their own names, but says 'Pashto',
 * 'Somali', 'Burmese' in English); else CLDR's own name kept in ./ownNames.ts (the languages the ISO
 * list lacks or writes in another script: Hausa in Latin, not Ajami); else the ISO 639-1 list's own
 * name; else the survey's name for it.
 */
const capitalized = (name: string, code: string): string => name.charAt(0).toLocaleUpperCase(code) + name.slice(1);

export function ownLanguageName(code: string, fallback: string): string {
  const key = `${code}\u0000${fallback}`;
  let name = knownNames().get(key);
  if (name === undefined) {
    knownNames().set(key, (name = findOwnLanguageName(code, fallback)));
    keepNames();
  }
  return name;
}

/**
 * The name the picker can show without asking Intl: one worked out before (on this visit or an earlier
 * one), else the lists' (./ownNames.ts, the ISO list), else the survey's. Building an Intl.DisplayNames
 * loads that language's locale data, about 10 ms each on a quiet machine and four times that on a cheap
 * phone: the picker asks for its closed value's name at once and the other options' after the first paint.
 */
export function quickLanguageName(code: string, fallback: string): string {
  return knownNames().get(`${code}\u0000${fallback}`) ?? listedOwnName(code, fallback);
}

/** Asked on every render of the picker, and kept in localStorage: a repeat visit builds no Intl.DisplayNames. */
let names: Map<string, string> | undefined;
const NAMES_KEY = 'fs.fill.languageNames';
/** A survey names a few languages; past this many on one device, further names are not kept (worked out on each visit). */
const NAMES_KEPT = 200;

function knownNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(NAMES_KEY) ?? '[]');
    if (Array.isArray(kept) && kept.length <= NAMES_KEPT)
      for (const e of kept) if (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') names.set(e[0], e[1]);
  } catch {
    // no storage (a private window's quota, tests without a DOM): names are worked out again
  }
  return names;
}

function keepNames(): void {
  try {
    if (names && names.size <= NAMES_KEPT) localStorage.setItem(NAMES_KEY, JSON.stringify([...names]));
  } catch {
    // as above
  }
}

function findOwnLanguageName(code: string, fallback: string): string {
  try {
    if (Intl.DisplayNames.supportedLocalesOf([code]).length > 0) {
      const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
      if (own) return capitalized(own, code);
    }
  } catch {
    // not a code Intl accepts: the list below may still know it
  }
  return listedOwnName(code, fallback);
}

function listedOwnName(code: string, fallback: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? code;
  const own = OWN_NAMES[base];
  if (own) return capitalized(own, base);
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

/** Whether the fill page has its own texts in a language (an interface or a respondent language). */
const hasTexts = (code: string): boolean =>
  interfaceLanguageOf(code) !== undefined || respondentLanguages.includes(code.toLowerCase().split(/[-_]/)[0] ?? '');

/**
 * The language of a screen shown before any survey language is known (a closed survey, a link that
 * leads nowhere): the first that has texts of the survey's own language (as the server names it), the
 * task link's, then the interface language the user chose, else the browser's preferred ones; else
 * none (the page stays as it is).
 */
export function endScreenLanguage(candidates: readonly (string | null | undefined)[]): string | null {
  const chosen = chosenLanguage();
  const browser = chosen !== null ? [chosen] : typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  return [...candidates, ...browser].find((c): c is string => typeof c === 'string' && c !== '' && hasTexts(c)) ?? null;
}

/** A screen of the fill page in a language (its end screens): <html lang dir> and the page's texts follow it. */
export function InLanguage({ code, children }: { code: string | null; children: ReactNode }) {
  useSurveyLanguage(code === null ? null : { code, dir: directionOf(code) });
  return children;
}

export function useSurveyLanguage(language: Pick<FormLanguage, 'code' | 'dir'> | null): void {
  const code = language?.code;
  const dir = language?.dir;
  useEffect(() => {
    if (code === undefined || dir === undefined) return;
    const html = document.documentElement;
    const before = { lang: html.lang, dir: html.dir };
    html.lang = code;
    html.dir = dir;
    const restoreTexts = showTextsIn(code);
    return () => {
      html.lang = before.lang;
      html.dir = before.dir;
      restoreTexts();
    };
  }, [code, dir]);
}
