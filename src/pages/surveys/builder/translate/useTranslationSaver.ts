// Typed translations, saved after 500 ms of quiet (spec 001 "translation debounce"): the texts typed
// since the last call go in one SaveTranslation; meanwhile they show as typed. When the server has
// them, the builder's saved model takes the same change and the version the server answered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { translationBody, withTranslations, type TextChange, type TranslatableText } from '../../../../../engine/survey/index';
import { ApiError } from '../../../../api/client';
import type { Builder } from '../useBuilder';
import { saveTranslation } from './api';

export const TRANSLATION_DEBOUNCE_MS = 500;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export function useTranslationSaver(builder: Builder, surveyId: string, languageId: number, texts: readonly TranslatableText[]) {
  // Typed and not yet confirmed, by key; what is on its way is kept apart until the answer.
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const latest = useRef({ builder, texts, languageId });
  latest.current = { builder, texts, languageId };

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // One call at a time, in order: a later text never lands before an earlier one.
    while (inFlight.current) await inFlight.current;
    if (pending.current.size === 0) return;
    const changes: TextChange[] = [...pending.current].map(([key, text]) => ({ key, text }));
    pending.current = new Map();
    const { builder: b, texts: list, languageId: lang } = latest.current;
    setState('saving');
    const run = (async () => {
      try {
        const saved = await saveTranslation(surveyId, lang, translationBody(list, changes));
        b.serverChanged((m) => withTranslations(m, lang, changes), saved.version);
        setTyped((t) => {
          const next = new Map(t);
          for (const c of changes) if (next.get(c.key) === c.text && !pending.current.has(c.key)) next.delete(c.key);
          return next;
        });
        setError(null);
        setState(pending.current.size ? 'pending' : 'saved');
      } catch (err) {
        // Kept to be sent again with the next text (or the retry button).
        for (const c of changes) if (!pending.current.has(c.key)) pending.current.set(c.key, c.text);
        setError(err instanceof ApiError ? err.joined : String(err));
        setState('failed');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [surveyId]);

  const type = useCallback(
    (key: string, text: string) => {
      pending.current.set(key, text);
      setTyped((t) => new Map(t).set(key, text));
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), TRANSLATION_DEBOUNCE_MS);
    },
    [flush],
  );

  // Another language chosen, or the editor closed: what was typed goes now.
  useEffect(
    () => () => {
      void flush();
    },
    [languageId, flush],
  );

  const hasPending = useCallback(() => pending.current.size > 0 || inFlight.current !== null, []);
  return { typed, type, flush, state, error, hasPending };
}
