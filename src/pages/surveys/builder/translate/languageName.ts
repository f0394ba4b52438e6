// A survey language's name in the interface language (Intl.DisplayNames from its ISO code: 'Französisch'
// in German), else the reference list's English name: no English in a German screen where the browser
// knows better. A survey's own language (from an imported form) is shown by the name the form gave it.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function useLanguageName(): (l: { code: string; name: string; custom?: boolean }) => string {
  const { i18n } = useTranslation();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'none' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  return useCallback(
    (l) => {
      if (l.custom) return l.name;
      let shown: string | undefined;
      try {
        shown = names?.of(l.code);
      } catch {
        shown = undefined;
      }
      return shown && shown.toLowerCase() !== l.code.toLowerCase() ? shown : l.name;
    },
    [names],
  );
}
