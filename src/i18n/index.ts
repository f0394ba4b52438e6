// The interface languages (spec: de, en, es, fr, ja, zh; default en), and Arabic beyond the spec's six:
// the product's bar asks for every screen in Arabic, mirrored (setLanguage sets <html dir>). English ships
// in the main bundle; the others load when chosen. The API's messages are translated by their problem code.
// On a survey's address only the fill page's English ships up front (the rest is two thirds of
// the file, about 11 KiB compressed, that a respondent never reads); every other address loads it all.
// The texts live in ./texts.ts (no i18next on a survey's address); the signed-in app's i18next mirrors them
// (./i18next.ts).
import { isProblemCode, problems, type ProblemCode } from '../../schemas/problems';
// Named imports of a JSON file keep only those keys in the bundle; the whole file is a second module
// (`?all`), loaded on demand.
import { a11y, common, errors, fill, offline, validation, widgets } from './locales/en.json';
import { texts, type Texts } from '../../widgets/runtime/texts';

export const interfaceLanguages = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ja', name: '日本語' },
  { code: 'zh', name: '中文' },
  { code: 'ar', name: 'العربية' },
] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number]['code'];

const LANGUAGE_KEY = 'fs.language';
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);
// Respondents' languages beyond the interface ones: the fill page's own texts only (respondent/README.md).
const respondentLoaders = import.meta.glob<{ default: Record<string, unknown> }>('./respondent/*.json');
export const respondentLanguages: readonly string[] = Object.keys(respondentLoaders).map((p) => p.replace(/^.*\/(.+)\.json$/, '$1'));

/**
 * The English texts the fill page, its widgets and the offline side read (with the few shared ones every
 * page may show): tests/unit/i18n.fill.test.ts holds that the fill route's code asks for no other namespace.
 */
export const fillEnglish = { a11y, common, errors, fill, offline, validation, widgets };
const allEnglish = () => import('./locales/en.json?all').then((m) => m.default);

/**
 * The API problems a respondent can meet on the fill page (reading the survey, submitting it, its files),
 * which the respondent languages say too (respondent/README.md); the rest are the panel's.
 */
export const RESPONDENT_PROBLEMS = [
  'surveyNotOpen',
  'alreadySubmitted',
  'surveyExpired',
  'surveyInvalid',
  'submissionConflict',
  'fileTypeNotAllowed',
  'fileTooLarge',
  'payloadTooLarge',
  'storageLimit',
  'evaluationBudget',
  'tooManyRequests',
  'internal',
  'serviceUnavailable',
  'notFound',
  'validation',
  'requestTimeout',
  'badRequest',
] as const satisfies readonly ProblemCode[];

/** English texts of the API problems come from the catalogue itself, so they are never written twice. */
export const englishProblems = Object.fromEntries(Object.entries(problems).map(([code, p]) => [code, p.message]));

/** The interface language the user chose on this device, if any (not the browser's guess). */
export function chosenLanguage(): string | null {
  return typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
}

function storedLanguage(): InterfaceLanguage {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  if (stored && interfaceLanguages.some((l) => l.code === stored)) return stored as InterfaceLanguage;
  const nav = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : 'en';
  return interfaceLanguages.some((l) => l.code === nav) ? (nav as InterfaceLanguage) : 'en';
}

async function loadLanguage(lng: string): Promise<void> {
  if (lng === 'en' || texts.hasResourceBundle(lng)) return;
  const loader = loaders[`./locales/${lng}.json`] ?? respondentLoaders[`./respondent/${lng}.json`];
  if (!loader) return;
  const mod = await loader();
  texts.addResourceBundle(lng, mod.default as Texts);
}

/** The signed-in app's i18next, following this module's language (./i18next.ts, started by the app's root). */
let mirror: ((lng: string) => Promise<unknown>) | undefined;
export function mirrorLanguage(show: (lng: string) => Promise<unknown>): void {
  mirror = show;
}

/** Shows the texts in a loaded language, here and in the app's i18next when it runs. */
function showLanguage(lng: string): Promise<unknown> | undefined {
  texts.changeLanguage(lng);
  return mirror?.(lng);
}

/** fillOnly: the fill page's English only (a survey's address); else every screen's. */
export async function initI18n(fillOnly = false): Promise<void> {
  const lng = storedLanguage();
  const en = fillOnly ? fillEnglish : await allEnglish();
  texts.addResourceBundle('en', { ...(en as Texts), problems: englishProblems });
  if (lng !== 'en') await setLanguage(lng);
}

export async function setLanguage(lng: InterfaceLanguage): Promise<void> {
  // The choice is kept before its texts arrive: a page left while they load opens in it next time.
  localStorage.setItem(LANGUAGE_KEY, lng);
  await loadLanguage(lng);
  await showLanguage(lng);
  document.documentElement.lang = lng;
  document.documentElement.dir = texts.dir(lng);
}

/** The interface language a language code ('de', 'de-CH', 'DE') falls under, if it is one. */
export function interfaceLanguageOf(code: string): InterfaceLanguage | undefined {
  const base = code.toLowerCase().split(/[-_]/)[0];
  return interfaceLanguages.find((l) => l.code === base)?.code;
}

/**
 * Shows the texts in a language for a while (the fill page in the survey's language) without changing
 * the user's choice; returns how to go back. An interface language or a respondent language (whose
 * texts missing there come in English); a language we have no texts for keeps the current ones.
 */
export function showTextsIn(code: string): () => void {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  const lng = interfaceLanguageOf(code) ?? (respondentLanguages.includes(base) ? base : undefined);
  const previous = texts.language;
  if (!lng || lng === previous) return () => undefined;
  let undone = false;
  void loadLanguage(lng).then(() => {
    if (!undone) void showLanguage(lng);
  });
  return () => {
    undone = true;
    if (texts.language !== previous) void showLanguage(previous);
  };
}

/** A refusal as the server gave it: its message, and the catalogue's code when it is one of the catalogue's. */
export interface Refused {
  code?: ProblemCode | undefined;
  message: string;
  errors?: readonly string[];
}

/** A refusal's text in the interface language: the catalogue's text of its code, else as the server said it. */
export function problemText(p: Refused): string {
  return isProblemCode(p.code) ? texts.t(`problems.${p.code}`) : p.message;
}

/** A refusal's errors, the one that repeats its message in the interface language, the others as they came. */
export function problemErrors(p: Refused): string[] {
  return (p.errors ?? []).map((e) => (e === p.message ? problemText(p) : e));
}

/** The first thing a refusal names (its first error, else its message), in the interface language. */
export function firstProblemText(p: Refused): string {
  return problemErrors(p)[0] ?? problemText(p);
}

export { texts };
