// The languages of an XLSForm: the part after '::' of a translated column ('label::Français (fr)'), the
// default_language setting and the columns without a language. pyxform keeps every language under the
// name the header gives it, and reads a column without a language as the default language (the
// setting, else one it calls 'default'); so does the import, nothing is dropped. A language our list
// knows (by code, English name or its own name: 'fr', 'French', 'Français') is that language; any other
// is a language of the survey alone, under its own name and the code the header gives (a free language).
import type { ChoiceModel, SurveyItem, SurveyModel } from '../model';

/** A language of the reference list, or a free one (then `custom` and a temporary negative id). */
export interface LanguageRef {
  languageId: number;
  name: string;
  code: string;
  custom?: boolean;
}

/** Longest language name kept (the database's limit). */
const LANGUAGE_NAME_MAX = 200;
/** Most languages a form may have: a survey sheet has at most 500 columns; the largest forms we met have ten. */
export const MAX_LANGUAGES = 100;

/** pyxform's name for the language of the columns without one when the settings name none. */
const DEFAULT_LANGUAGE_NAME = 'default';

/**
 * A header's language part as pyxform reads it: the code is what the last parentheses hold
 * ('English (en)'); we take it as a code when it looks like a language tag ('fr', 'fr-CA', 'tir'),
 * else the whole text is the name ('Local (Nuer)').
 */
function languageKey(lang: string): { code: string | null; name: string } {
  const m = /^(.*?)\s*\(([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,2})\)\s*$/.exec(lang);
  const coded = m !== null && m[1]!.trim() !== '' && m[2]!.length <= 20;
  return { name: (coded ? m[1]! : lang).trim().slice(0, LANGUAGE_NAME_MAX), code: coded ? m[2]! : null };
}

const fold = (s: string): string => s.normalize('NFC').trim().toLocaleLowerCase();

/** A language's name in its own language ('العربية', 'français'), by the runtime's CLDR data; undefined when unknown. */
function autonym(code: string): string | undefined {
  try {
    if (Intl.DisplayNames.supportedLocalesOf([code]).length === 0) return undefined;
    const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    return own && fold(own) !== fold(code) ? own : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lookup the import takes (ImportOptions.language): by code, English name, then a language's own
 * name. Own names are worked out only when the first two miss (most forms say 'English (en)'), and a
 * name two languages share (Akan 'ak' and 'tw') names neither.
 */
export function languageFinder(list: readonly LanguageRef[]): (codeOrName: string) => LanguageRef | undefined {
  const by = new Map<string, LanguageRef>();
  for (const l of list) by.set(fold(l.code), l);
  for (const l of list) if (!by.has(fold(l.name))) by.set(fold(l.name), l);
  let own: Map<string, LanguageRef | null> | undefined;
  return (key) => {
    const k = fold(key);
    const hit = by.get(k);
    if (hit) return hit;
    if (!own) {
      own = new Map();
      for (const l of list) {
        const name = autonym(l.code);
        if (name === undefined) continue;
        const f = fold(name);
        const before = own.get(f);
        own.set(f, before === undefined || before?.languageId === l.languageId ? l : null);
      }
    }
    return own.get(k) ?? undefined;
  };
}

export interface SheetLanguages {
  sheet: string;
  /** The translated columns of the sheet: raw header and language part (null: none). */
  columns: readonly { raw: string; lang: string | null }[];
  /** Whether a text without a language stands beside the same column in a language on its row (any column; a label). */
  beside: { any: boolean; label: boolean };
}

export interface Languages {
  /**
   * The language of a header's language part. A column without one: the default language where its row
   * has the column in a language too (`beside`), else the base language (a text of every language:
   * the fill page falls back to the base language).
   */
  of: (lang: string | null, beside?: boolean) => LanguageRef;
  /** Every language of the survey, the base first. */
  used: LanguageRef[];
  base: LanguageRef;
  /** Counts a text of a column without a language that the column of its language replaced. */
  replaced: (sheet: string, column: string, by: string) => void;
  /** What `replaced` counted, by sheet and column. */
  replacements: () => { sheet: string; column: string; by: string; count: number }[];
}

interface LanguageNotice {
  sheet: string;
  column: string;
  kind: 'free';
  language: string;
}

/**
 * The survey's languages. `language` looks a code or name up in our list; `declared` is the
 * default_language setting, `listed` our own fs_languages setting (every language, texts or not).
 */
export function resolveLanguages(
  sheets: readonly SheetLanguages[],
  declared: string | undefined,
  listed: readonly string[],
  language: (codeOrName: string) => LanguageRef | undefined,
  notice: (n: LanguageNotice) => void,
): Languages {
  const map = new Map<string, LanguageRef>();
  /** Which spelling took a language of the list: a second spelling of it ('English', 'English (en)') stays a language of its own, as in pyxform. */
  const takenBy = new Map<number, string>();
  let nextFree = -1;
  const free = new Map<string, LanguageRef>();
  const lookup = (lang: string, sheet: string, column: string): LanguageRef => {
    // pyxform tells languages apart by their exact text: 'English (en)' and 'English (EN)' are two.
    const key = lang.normalize('NFC').trim();
    const known = map.get(key);
    if (known) return known;
    const { code, name } = languageKey(lang);
    let found = (code ? language(code) : undefined) ?? language(name);
    if (found && (takenBy.get(found.languageId) ?? key) !== key) found = undefined;
    if (found) takenBy.set(found.languageId, key);
    else if ((found = free.get(`${fold(name || DEFAULT_LANGUAGE_NAME)}\u0000${fold(code ?? '')}`))) {
      // 'Local (xx)' and 'local  (xx)': one language, as it is stored (one row per name and code).
    } else {
      // 'label::' names no language: pyxform's 'default' stands in for the empty name.
      found = { languageId: nextFree--, name: name || DEFAULT_LANGUAGE_NAME, code: code ?? '', custom: true };
      free.set(`${fold(found.name)}\u0000${fold(found.code)}`, found);
      if (fold(name) !== DEFAULT_LANGUAGE_NAME) notice({ sheet, column, kind: 'free', language: lang });
    }
    map.set(key, found);
    return found;
  };
  const used: LanguageRef[] = [];
  const use = (l: LanguageRef) => {
    if (!used.some((u) => u.languageId === l.languageId)) used.push(l);
  };
  const name = declared?.trim() ?? '';
  const declaredRef = name !== '' ? lookup(name, 'settings', 'default_language') : undefined;
  let base = declaredRef;
  for (const lang of listed) use(lookup(lang, 'settings', 'fs_languages'));
  for (const { sheet, columns } of sheets) for (const c of columns) if (c.lang !== null) use(lookup(c.lang, sheet, c.raw));
  // A text without a language beside the same column in a language is pyxform's default language:
  // the setting's, else the language it calls 'default'. That is the base language (the one the fill
  // page opens in) when it holds labels; else the first language does.
  const beside = sheets.some((s) => s.beside.any);
  const fallback = !base && beside && used.length > 0 ? lookup(DEFAULT_LANGUAGE_NAME, '', '') : undefined;
  if (fallback && sheets.some((s) => s.beside.label)) base = fallback;
  base ??= used[0] ?? language('en');
  if (!base) throw new Error('The languages table has no English');
  if (fallback) use(fallback);
  const b = base;
  if (!used.some((u) => u.languageId === b.languageId)) used.unshift(b);
  else used.sort((x, y) => Number(y.languageId === b.languageId) - Number(x.languageId === b.languageId));
  const besideLanguage = declaredRef ?? fallback ?? b;
  const counts = new Map<string, { sheet: string; column: string; by: string; count: number }>();
  return {
    of: (lang, inLanguageToo = false) => (lang !== null ? lookup(lang, '', '') : inLanguageToo ? besideLanguage : b),
    used,
    base: b,
    replaced: (sheet, column, by) => {
      const key = `${sheet}\u0000${column}\u0000${by}`;
      const c = counts.get(key) ?? { sheet, column, by, count: 0 };
      c.count++;
      counts.set(key, c);
    },
    replacements: () => [...counts.values()],
  };
}

/**
 * The model with its languages' ids replaced (an import's free languages, numbered -1, -2, … until the
 * server stores them): every text of every question, section and choice follows. In place.
 */
export function renumberLanguages(model: SurveyModel, idOf: ReadonlyMap<number, number>): void {
  const one = (t: { languageId: number }) => {
    const to = idOf.get(t.languageId);
    if (to !== undefined) t.languageId = to;
  };
  const all = (list: readonly { languageId: number }[] | undefined) => list?.forEach(one);
  const choices = (list: readonly ChoiceModel[]) => {
    for (const c of list) {
      all(c.choiceLabels);
      all(c.media);
    }
  };
  const walk = (items: readonly SurveyItem[]) => {
    for (const { surveyItem: q, innerItems } of items) {
      for (const list of [q.questionLabels, q.surveyQuestionHints, q.guidanceHints, q.constraintMessages, q.requiredMessages, q.media])
        all(list);
      all(q.range?.firstLabel);
      all(q.range?.secondLabel);
      choices(q.selectQuestionChoices);
      choices(q.secondChoices);
      walk(innerItems);
    }
  };
  all(model.surveyLanguageMaps);
  walk(model.surveyItems);
}
