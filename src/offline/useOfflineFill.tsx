// Everything offline that the fill page needs, behind one hook: the form in progress autosaved and
// offered back after a crash, drafts, the submission through the outbox with the countdown dialog, and
// the survey kept for offline use. The page keeps its own state; it gives this hook a snapshot
// function and the three ways to change the form (load, reset) and to ask whether anything is answered.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../widgets/runtime/texts';
import type { FormEntry } from '../../engine/survey/index';
import { notify } from '../app/toaster';
import { afterFillSettled } from '../app/fillInteractive';
import { offlineDatabase } from './database';
import type { DraftRecord } from './db';
import { checkDraft, clearAutosave, discardDraft, formKeyOf, readAutosave, saveDraft, writeAutosave, type DraftProblem } from './drafts';
import { connection, onConnectionChange } from './online';
import { checkStorage } from './storage';
import { submitThroughOutbox, type SubmitOutcome } from './submit';
import { keepSurveyOffline } from './surveyCache';
import { afterPaint } from '../../widgets/runtime/schedule';
import { surveyChanged } from './surveyRefresh';
import { lazyDialog, whenOpen } from '../components/lazyDialog';

const QueuedDialog = lazyDialog(() => import('./ui/QueuedDialog').then((m) => m.QueuedDialog), whenOpen);
const RestoreDialog = lazyDialog(
  () => import('./ui/RestoreDialog').then((m) => m.RestoreDialog),
  (p) => p.savedAt !== null,
);

const AUTOSAVE_DELAY_MS = 800;

export interface FillSnapshot {
  submissionId: string;
  formData: unknown;
  renderedElementIds: string[];
}

export interface OfflineFillOptions {
  surveyId: string;
  title: string;
  taskId?: string | null;
  receiverId?: string | null;
  /** The survey data call as the page made it; kept for offline use. */
  dataUrl: string;
  /** Off for a preview (survey still Editing) and read-only views: nothing is stored. */
  enabled: boolean;
  snapshot: () => FillSnapshot;
  /** Puts answers into the form: a draft, or the autosaved form (with its submission id). */
  load: (s: { formData: unknown; renderedElementIds: string[]; submissionId?: string }) => void;
  /** Empties the form for the next respondent, with a new submission id. */
  reset: () => void;
  /** At least one answer other than note, calculate and hidden (engine/survey's hasAnyAnswer). */
  hasAnswer: () => boolean;
  /** Where a reload after a queued submission leads; the current page by default. */
  reload?: () => void;
}

export interface SelectedDraft {
  draftId: string;
  draftTitle: string;
  draftDescription: string;
}

export interface OfflineFill {
  enabled: boolean;
  surveyId: string;
  selectedDraft: SelectedDraft | null;
  /** Call on every change of the answers: autosaves after a short pause. */
  changed: () => void;
  /** The draft rules; undefined when saved (the form is then reset). */
  saveDraft: (title: string, description: string) => Promise<DraftProblem | undefined>;
  openDraft: (d: DraftRecord) => void;
  discardDraft: (d: DraftRecord) => Promise<void>;
  /** Sends through the outbox; 'queued' opens the countdown dialog. Rethrows a refusal. */
  submit: (entries: FormEntry[]) => Promise<SubmitOutcome>;
  /** The countdown and restore dialogs; render once anywhere in the page. */
  dialogs: ReactNode;
}

export function useOfflineFill(o: OfflineFillOptions): OfflineFill {
  const { t } = useTranslation();
  const formKey = formKeyOf(o.surveyId, o.taskId, o.receiverId);
  const [selectedDraft, setSelectedDraft] = useState<SelectedDraft | null>(null);
  const [restoreAt, setRestoreAt] = useState<number | null>(null);
  const [queued, setQueued] = useState(false);
  const opts = useRef(o);
  opts.current = o;
  const draftRef = useRef(selectedDraft);
  draftRef.current = selectedDraft;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  const fromCache = useRef(false);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (!pending.current || !opts.current.enabled) return;
    pending.current = false;
    const o2 = opts.current;
    const s = o2.hasAnswer() ? o2.snapshot() : undefined;
    const d = draftRef.current;
    const db = await offlineDatabase();
    if (!s) return clearAutosave(db, formKey);
    await writeAutosave(db, {
      formKey,
      surveyId: o2.surveyId,
      savedAt: Date.now(),
      submissionId: s.submissionId,
      formData: s.formData,
      files: {},
      renderedElementIds: s.renderedElementIds,
      draftId: d?.draftId ?? null,
      draftTitle: d?.draftTitle ?? '',
      draftDescription: d?.draftDescription ?? '',
    });
  }, [formKey]);

  const changed = useCallback(() => {
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // A phone may kill a hidden tab without warning: write what is pending when the page is hidden.
  useEffect(() => {
    const onHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flush]);

  // The texts are read when needed, not a reason to run the opening again: the fill page switches the
  // language of its texts with the survey's, and a rerun would offer the answers being typed 'back'.
  const text = useRef(t);
  text.current = t;
  // On opening: offer the unsent answers back, keep the survey for offline use, ask for persistence.
  useEffect(() => {
    if (!o.enabled) return;
    let live = true;
    // Dexie loads once the form is on screen (./database.ts): the restore question comes just after.
    const opened = offlineDatabase();
    void opened.then(async (db) => {
      const a = await readAutosave(db, formKey);
      if (!a || !live) return;
      // The tab died while this very submission was being sent: the outbox has it and sends it.
      if (await db.outbox.get(a.submissionId)) return clearAutosave(db, formKey);
      setRestoreAt(a.savedAt);
    });
    // Once the form has settled and the browser is idle: keeping the survey reads and parses it again, and a
    // respondent's first taps should not wait behind that.
    let cancelKeep = (): void => undefined;
    void afterFillSettled().then(() => {
      if (!live) return;
      cancelKeep = afterPaint(() => {
        void opened
          .then((db) =>
            keepSurveyOffline(
              db,
              { surveyId: o.surveyId, title: o.title, path: location.pathname + location.search, dataUrl: o.dataUrl },
              Date.now(),
            ),
          )
          .then((r) => live && r === 'downloaded' && notify('success', text.current('offline.notices.downloaded')));
      });
    });
    const onWorker = (e: MessageEvent<unknown>) => {
      if ((e.data as { type?: string } | null)?.type === 'fieldsurvey:cached-data') fromCache.current = true;
    };
    navigator.serviceWorker?.addEventListener('message', onWorker);
    if (!connection.online) fromCache.current = true;
    const off = onConnectionChange((online) => {
      if (!online || !fromCache.current) return;
      fromCache.current = false;
      void opened
        .then((db) => surveyChanged(db, o.surveyId, o.dataUrl))
        .then((c) => c && notify('info', text.current('offline.notices.surveyUpdated'), text.current('offline.notices.surveyUpdatedHint')));
    });
    return () => {
      live = false;
      cancelKeep();
      off();
      navigator.serviceWorker?.removeEventListener('message', onWorker);
    };
  }, [formKey, o.enabled, o.surveyId, o.title, o.dataUrl]);

  const restore = useCallback(async () => {
    setRestoreAt(null);
    const a = await readAutosave(await offlineDatabase(), formKey);
    if (!a) return;
    opts.current.load({ formData: a.formData, renderedElementIds: a.renderedElementIds, submissionId: a.submissionId });
    setSelectedDraft(a.draftId ? { draftId: a.draftId, draftTitle: a.draftTitle, draftDescription: a.draftDescription } : null);
  }, [formKey]);

  const startOver = useCallback(() => {
    setRestoreAt(null);
    void offlineDatabase().then((db) => clearAutosave(db, formKey));
  }, [formKey]);

  const save = useCallback(
    async (title: string, description: string): Promise<DraftProblem | undefined> => {
      const o2 = opts.current;
      const problem = checkDraft({ draftTitle: title, draftDescription: description, answered: o2.hasAnswer() });
      if (problem === 'noAnswer') notify('error', t('offline.drafts.noAnswer'));
      if (problem) return problem;
      const s = o2.snapshot();
      const db = await offlineDatabase();
      try {
        await saveDraft(
          db,
          {
            surveyId: o2.surveyId,
            draftId: draftRef.current?.draftId ?? null,
            draftTitle: title,
            draftDescription: description,
            renderedElementIds: s.renderedElementIds,
            formData: s.formData,
          },
          Date.now(),
        );
      } catch {
        notify('error', t('offline.drafts.saveFailed'));
        return undefined;
      }
      pending.current = false;
      clearTimeout(timer.current);
      await clearAutosave(db, formKey);
      setSelectedDraft(null);
      o2.reset();
      notify('success', t('offline.drafts.saved'));
      return undefined;
    },
    [formKey, t],
  );

  const openDraft = useCallback((d: DraftRecord) => {
    opts.current.load({ formData: structuredClone(d.formData), renderedElementIds: d.renderedElementIds });
    setSelectedDraft({ draftId: d.draftId, draftTitle: d.draftTitle, draftDescription: d.draftDescription });
  }, []);

  const discard = useCallback(
    async (d: DraftRecord) => {
      try {
        await discardDraft(await offlineDatabase(), d.surveyId, d.draftId);
        if (draftRef.current?.draftId === d.draftId) setSelectedDraft(null);
        notify('success', t('offline.drafts.discarded'));
      } catch {
        notify('error', t('offline.drafts.discardFailed'));
      }
    },
    [t],
  );

  const submit = useCallback(
    async (entries: FormEntry[]): Promise<SubmitOutcome> => {
      const o2 = opts.current;
      const s = o2.snapshot();
      const db = await offlineDatabase();
      const outcome = await submitThroughOutbox(
        { db, online: connection.online },
        { id: s.submissionId, surveyId: o2.surveyId, title: o2.title, entries, draftId: draftRef.current?.draftId ?? null },
      );
      // Sent or safely queued: the form in progress is no longer "unsaved".
      pending.current = false;
      clearTimeout(timer.current);
      await clearAutosave(db, formKey);
      setSelectedDraft(null);
      if (outcome.status === 'queued') {
        void checkStorage();
        setQueued(true);
      }
      return outcome;
    },
    [formKey],
  );

  const reload = useCallback(() => (opts.current.reload ?? (() => window.location.reload()))(), []);

  const dialogs = useMemo(
    () => (
      <>
        <QueuedDialog open={queued} onReload={reload} />
        <RestoreDialog savedAt={restoreAt} onRestore={() => void restore()} onDiscard={startOver} />
      </>
    ),
    [queued, reload, restoreAt, restore, startOver],
  );

  return {
    enabled: o.enabled,
    surveyId: o.surveyId,
    selectedDraft,
    changed,
    saveDraft: save,
    openDraft,
    discardDraft: discard,
    submit,
    dialogs,
  };
}
