// The interface texts without i18next: the fill route's code, which respondents
// download on slow links, translates through this small store of the locale JSON (loaded by
// src/i18n/index.ts; here in widgets/ because the widgets read it too); i18next and react-i18next (about
// 15 KiB compressed) load only for the signed-in app, which mirrors this store (src/i18n/i18next.ts).
// What it does is what the fill route asks of i18next, the same way: keys nested with '.', plurals by
// the language's Intl.PluralRules (`key_one`, `key_other`, ..., `key_zero` for a count of 0 where
// written), `context` (`key_context`), `defaultValue`, `{{name}}` filled in unescaped (React escapes),
// a placeholder without a value left as written, and a text missing in the language taken from English,
// else the key itself.
import { useMemo, useSyncExternalStore } from 'react';
import { directionOf } from '../../engine/survey/direction';

export interface Texts {
  [key: string]: string | Texts;
}
export interface TOptions {
  count?: number;
  context?: string;
  defaultValue?: string;
  [name: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

const bundles = new Map<string, Texts>();
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();
let current = 'en';
let version = 0;

function lookup(tree: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
    const path = name.replace(/^-/, '').trim();
    let value: unknown = options;
    for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    // As i18next: a value not given at all leaves the placeholder; one given as undefined or null is empty.
    if (value === undefined && !(options && Object.hasOwn(options, path))) return written;
    return value == null ? '' : String(value);
  });
}

/** The keys tried, last first (i18next's order): key, key_plural, key_zero, then the same with the context. */
function candidates(lng: string, key: string, options: TOptions | undefined): string[] {
  const keys = [key];
  const count = options?.count;
  const plural = typeof count === 'number' ? `_${pluralOf(lng, count)}` : undefined;
  const withPlural = (k: string) => {
    if (plural === undefined) return;
    keys.push(k + plural);
    if (count === 0) keys.push(`${k}_zero`);
  };
  withPlural(key);
  const context = options?.context;
  if (context !== undefined && context !== '') {
    keys.push(`${key}_${context}`);
    withPlural(`${key}_${context}`);
  }
  return keys.reverse();
}

export function translate(key: string, options?: TOptions, lng: string = current): string {
  for (const code of lng === 'en' ? ['en'] : [lng, 'en']) {
    const tree = bundles.get(code);
    if (!tree) continue;
    for (const k of candidates(code, key, options)) {
      const found = lookup(tree, k);
      if (found !== undefined) return interpolate(found, options);
    }
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** The store: i18next's calls the pages make, under the same names. */
export const texts = {
  get language(): string {
    return current;
  },
  t: translate as TFunction,
  changeLanguage(lng: string): void {
    if (lng === current) return;
    current = lng;
    changed();
  },
  /** Adds (or deepens) a language's texts; the later file wins on a key both have. */
  addResourceBundle(lng: string, tree: Texts): void {
    bundles.set(lng, merge(bundles.get(lng) ?? {}, tree));
    changed();
  },
  hasResourceBundle(lng: string): boolean {
    return bundles.has(lng);
  },
  bundle(lng: string): Texts | undefined {
    return bundles.get(lng);
  },
  dir(lng: string = current): 'ltr' | 'rtl' {
    const code = lng.toLowerCase();
    return directionOf(code) === 'rtl' || directionOf(code.split(/[-_]/)[0]!) === 'rtl' || code.includes('-arab') ? 'rtl' : 'ltr';
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function merge(into: Texts, from: Texts): Texts {
  const out: Texts = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const before = out[k];
    out[k] = typeof v === 'object' && typeof before === 'object' ? merge(before, v) : v;
  }
  return out;
}

/** react-i18next's hook, for this store: `t` changes (and the component renders again) with the language or the texts. */
export function useTranslation(): { t: TFunction; i18n: typeof texts } {
  const v = useSyncExternalStore(
    texts.subscribe,
    () => version,
    () => version,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function when the texts change
  const t = useMemo<TFunction>(() => (key, options) => translate(key, options), [v]);
  return { t, i18n: texts };
}
