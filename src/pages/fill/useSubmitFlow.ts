// Submitting (spec 001 sections 4, 5 and 8): the submit rules with their exact texts and a scroll to
// the first error; then the one submit path, and the outcomes: a task goes to /mytasks, a receiver's
// link and a public link reload after 1.5 s (a public one thanks the respondent first); a used link
// shows the already-submitted screen; an expired survey the Survey expired modal; a refusal its
// messages on the form and in a toast; no answer at all the poor-connection advice.
import { useRef, useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import type { TFunction } from '../../../widgets/runtime/texts';
import { ISOLATE_END, ISOLATE_START } from '../../../engine/survey/index';
import { domIdOf, engineMessage, fieldError, validationReady } from '../../../widgets/index';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { problemText, type Refused } from '../../i18n';
import { isPast } from './deadline';
import { useFillNav } from './nav';
import type { FillRoute } from './route';
import { buildPayload, type SubmissionPayload, type SubmitResult } from './submit';
import type { Fill } from './useFill';

export const RELOAD_AFTER_MS = 1500;

export type Phase = 'filling' | 'submitting' | 'thanks' | 'already';

interface Deps {
  /** The one submit path: submitSurvey, or the same routed through the outbox. */
  send: (payload: SubmissionPayload) => Promise<SubmitResult>;
  route: FillRoute;
  title: string;
  endDate: string | null;
  fill: Fill;
  userId: string | null;
  geolocation: { current: { latitude: number; longitude: number } | null };
  dirty: { current: boolean };
  onExpired: () => void;
  /** Lays the form out as far as the question at a path, so that it can be scrolled to (a long form is laid out as it is scrolled). */
  reveal: (path: string) => void;
}

/** Brings the first question in error into view and puts the cursor in it. */
export function scrollToQuestion(path: string, reveal: (path: string) => void): void {
  reveal(path);
  requestAnimationFrame(() => {
    const el = document.getElementById(domIdOf(path));
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button')?.focus({ preventScroll: true });
  });
}

const reload = (): void => window.location.reload();

/** Why a submit was refused, as it came: the engine's check or the server's message, untranslated. */
type Refusal = { engine: string } | { server: Refused };

const say = (r: Refusal, t: TFunction): string =>
  'engine' in r ? engineMessage(r.engine, t) : engineMessage(problemText(r.server), t) || t('fill.errors.generic');

export function useSubmitFlow(d: Deps) {
  const { t } = useTranslation();
  const { go } = useFillNav();
  const [phase, setPhase] = useState<Phase>('filling');
  // What went wrong, kept untranslated and said at each render: a respondent who picks another language
  // after a refused submit reads it in that one (a translated string would stay in the first).
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const formError = refusal === null ? null : say(refusal, t);
  const busy = useRef(false);

  const submit = async (): Promise<void> => {
    if (busy.current) return;
    if (isPast(d.endDate)) return d.onExpired();
    const { runtime } = d.fill;
    await validationReady(runtime.compiled);
    const result = runtime.validate();
    if (result === undefined) return;
    if (!result.valid) {
      const raw = result.message === null || result.message === undefined ? null : result.message;
      setRefusal(raw === null ? null : { engine: raw });
      notify('error', raw === null ? t('fill.errors.generic') : say({ engine: raw }, t));
      const first = result.issues[0];
      if (first) scrollToQuestion(first.path, d.reveal);
      return;
    }
    setRefusal(null);
    busy.current = true;
    setPhase('submitting');
    try {
      const language = runtime.compiled.language.languageId;
      const payload = buildPayload(runtime.compiled.bindings, d.title, result.data, {
        route: d.route,
        submissionId: d.fill.submissionId,
        userId: d.userId,
        startTime: d.fill.startTime,
        languageId: language,
        geolocation: d.geolocation.current,
      });
      const sent = await d.send(payload);
      d.dirty.current = false;
      // Queued in the outbox: its countdown dialog reloads the page.
      if (sent.status === 'queued') return;
      // Said by the page in the respondent's language; the server's English is for API callers.
      notify('success', t((sent.data as { duplicate?: boolean } | null)?.duplicate ? 'fill.sentAgain' : 'fill.sent'));
      if (d.route.taskId !== null) return go('/mytasks');
      if (d.route.receiverId === null) setPhase('thanks');
      setTimeout(reload, RELOAD_AFTER_MS);
    } catch (err) {
      busy.current = false;
      setPhase('filling');
      refused(err);
    }
  };

  const refused = (err: unknown): void => {
    if (!(err instanceof ApiError) || err.kind !== 'http') {
      notify('error', t('fill.errors.connection'));
      return;
    }
    if (err.code === 'alreadySubmitted') {
      d.dirty.current = false;
      setPhase('already');
      return;
    }
    if (err.code === 'surveyExpired') return d.onExpired();
    const issues = (err.data as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
    d.fill.runtime.showIssues(issues);
    const server: Refused = { code: err.code, message: err.message };
    const message = say({ server }, t);
    setRefusal({ server });
    // The question's name as written (isolated: a Latin name in an Arabic line), its rule translated.
    const reasons = err.errors.filter((e) => e !== err.message).map((e) => fieldError(e, t));
    notify(
      'error',
      message,
      reasons.map((r) => (r.name === null ? r.message : `${ISOLATE_START}${r.name}${ISOLATE_END}: ${r.message}`)).join('\n'),
    );
    if (issues[0]) scrollToQuestion(issues[0].path, d.reveal);
  };

  return { phase, formError, submit };
}
