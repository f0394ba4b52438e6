// The page's language as <html lang dir> says it. The fill page sets them to the survey language the
// respondent picked (pages/fill/language.ts); Chakra's LocaleProvider reads it from here, so every
// dialog, menu and toast (Zag sets their dir attribute from the locale) mirrors in Arabic, Pashto...
import { useSyncExternalStore } from 'react';

function watchHtml(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  return () => observer.disconnect();
}

export function useDocumentLang(): string {
  return useSyncExternalStore(
    watchHtml,
    () => document.documentElement.lang || 'en',
    () => 'en',
  );
}

export function useDocumentDir(): 'ltr' | 'rtl' {
  return useSyncExternalStore(
    watchHtml,
    () => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'),
    () => 'ltr',
  );
}
