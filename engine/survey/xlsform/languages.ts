// The languages of an XLSForm: the part after '::' of a translated column ('label::Français (fr)'), the
// default_language setting and the columns without a language. pyxform keeps every language under the
// name the header gives it, and reads a column without a language as the default language (the
// setting, else one it calls 'default'); so does the import, nothing is dropped. A language our list
// knows (by code, English name or its own name: 'fr', 'French', 'Français') is that language; any other
// is a language of the survey alone, under its own name and the code the header gives (a free language).

/** A language of the reference list, or a free one (then `custom` and a temporary negative id). */
export interface LanguageRef {
  languageId: number;
  name: string;
  code: string;
  custom?: boolean;
}

/** pyxform's name for the language of the columns without one when the settings name none. */
export const DEFAULT_LANGUAGE_NAME = 'default';

/**
 * A header's language part as pyxform reads it: the code is what the last parentheses hold
 * ('English (en)'); we take it as a code when it looks like a language tag ('fr', 'fr-CA', 'tir'),
 * else the whole text is the name ('Local (Nuer)').
 */
export function languageKey(lang: string): { code: string | null; name: string } {
  const m = /^(.*?)\s*\(([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)\)\s*$/.exec(lang);
  return m && m[1]!.trim() !== '' ? { name: m[1]!.trim(), code: m[2]! } : { name: lang.trim(), code: null };
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
  /** The translated columns of the sheet: raw header, language part (null: none), and whether a cell holds text. */
  columns: readonly { raw: string; lang: string | null; used: boolean }[];
}

export interface Languages {
  /** The language of a header's language part (null for a column without one). */
  of: (lang: string | null) => LanguageRef;
  /** Every language of the survey, the base first. */
  used: LanguageRef[];
  base: LanguageRef;
  /** Counts a text of a column without a language that the column of its language replaced. */
  replaced: (sheet: string, column: string, by: string) => void;
  /** What `replaced` counted, by sheet and column. */
  replacements: () => { sheet: string; column: string; by: string; count: number }[];
}

export interface LanguageNotice {
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
  const lookup = (lang: string, sheet: string, column: string): LanguageRef => {
    const key = fold(lang);
    const known = map.get(key);
    if (known) return known;
    const { code, name } = languageKey(lang);
    let found = (code ? language(code) : undefined) ?? language(name);
    if (found && (takenBy.get(found.languageId) ?? key) !== key) found = undefined;
    if (found) takenBy.set(found.languageId, key);
    else {
      found = { languageId: nextFree--, name, code: code ?? '', custom: true };
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
  let base: LanguageRef | undefined = name !== '' ? lookup(name, 'settings', 'default_language') : undefined;
  for (const lang of listed) use(lookup(lang, 'settings', 'fs_languages'));
  for (const { sheet, columns } of sheets) for (const c of columns) if (c.lang !== null) use(lookup(c.lang, sheet, c.raw));
  // Columns without a language beside translated ones are pyxform's default language: without the
  // setting, the language it calls 'default'. Without any translated column they are the base language.
  const plainText = sheets.some((s) => s.columns.some((c) => c.lang === null && c.used));
  if (!base && plainText && used.length > 0) base = lookup(DEFAULT_LANGUAGE_NAME, '', '');
  base ??= used[0] ?? language('en');
  if (!base) throw new Error('The languages table has no English');
  const b = base;
  if (!used.some((u) => u.languageId === b.languageId)) used.unshift(b);
  else used.sort((x, y) => Number(y.languageId === b.languageId) - Number(x.languageId === b.languageId));
  const counts = new Map<string, { sheet: string; column: string; by: string; count: number }>();
  return {
    of: (lang) => (lang === null ? b : lookup(lang, '', '')),
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
