// The survey fill and preview page (spec 001 section 2): /public-survey/... for respondents, task
// links for data collectors, and the builder's preview of a survey in Editing (banner, no buttons).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { useSnapshot } from 'valtio';
import { SURVEY_STATUS, languageOf, type FormValues, type SurveyModel } from '../../../engine/survey/index';
import {
  LayoutWindow,
  SurveyForm,
  engineMessage,
  locate,
  useLayoutWindow,
  type ExpressionProblem,
  type FormContext,
} from '../../../widgets/index';
import { mediaUrlFor } from '../../api/surveyMedia';
import { ApiError } from '../../api/client';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { PageSpinner } from '../../components/PageSpinner';
import { Button } from '../../components/plain/Button';
import { useExpressionsReady } from '../../expression/useExpressionsReady';
import { dismissToasts, notify } from '../../app/toaster';
import { session } from '../../state/session';
import { DraftButtons, FILL_INTERACTIVE_EVENT, OnlineIndicator, OutboxIndicator, useOfflineFill } from '../../offline/index';
import { exportSurvey, previewUrl, usePreviewData, type PreviewData } from './api';
import { afterPaint } from '../../../widgets/runtime/schedule';
import { isPast } from './deadline';
import { useFillNav } from './nav';
import { AlreadySubmitted, InvalidLink, SurveyClosed, SurveyUnavailable, ThankYou } from './outcomes';
import { parseFillRoute, type FillRoute } from './route';
import { submitSurvey, type SubmissionPayload, type SubmitResult } from './submit';
import { SurveyBanner } from './SurveyBanner';
import { InLanguage, endScreenLanguage, rememberLanguage, rememberedLanguage, useSurveyLanguage } from './language';
import { useFill } from './useFill';
import { useLeavePrompt } from './useLeavePrompt';
import { useSubmitFlow } from './useSubmitFlow';
import './fill.css';

/**
 * The questions laid out before the page first shows (more than a tall screen holds), and at each later
 * step: a step is rendered as a transition, in slices, so typing is never kept waiting for one.
 */
const FILL_WINDOW = { first: 40, step: 100, background: true };

const ExpiredDialog = lazyDialog(() => import('./dialogs').then((m) => m.ExpiredDialog), whenOpen);

export function FillPage() {
  const { pathname, search } = useFillNav();
  const route = useMemo(() => parseFillRoute(pathname, search), [pathname, search]);
  if (route === null) return <SurveyUnavailable notFound />;
  return <Loaded route={route} />;
}

function Loaded({ route }: { route: FillRoute }) {
  const query = usePreviewData(route);
  useEffect(() => {
    // Spec 001 section 8: a failed preview link stops loading and logs 'Something went wrong'.
    if (query.isError) console.error('Something went wrong', query.error);
  }, [query.isError, query.error]);
  const expressionsReady = useExpressionsReady(query.data !== undefined, query.data?.expressionTrees);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // No survey to take a language from: the one the server names for a closed survey, the link's, the reader's.
    const error = query.error instanceof ApiError ? query.error : null;
    const closed = error !== null && error.code === 'surveyNotOpen';
    const named = (error?.data as { language?: string } | null | undefined)?.language;
    return (
      <InLanguage code={endScreenLanguage([named, route.language])}>
        {closed ? <SurveyClosed /> : <SurveyUnavailable notFound={error?.status === 404} />}
      </InLanguage>
    );
  }
  // The end screens speak the language the form would have opened in.
  const endCode = languageOf(query.data.surveyLanguageMaps, firstLanguage(query.data, route.language))?.code ?? null;
  if (query.data.alreadySubmitted)
    return (
      <InLanguage code={endScreenLanguage([endCode])}>
        <AlreadySubmitted />
      </InLanguage>
    );
  // Said before anyone types: a form whose submit could only be refused would lose the answers.
  if (query.data.surveyStatusId === SURVEY_STATUS.Deployed && query.data.linkValid === false)
    return (
      <InLanguage code={endScreenLanguage([endCode])}>
        <InvalidLink />
      </InLanguage>
    );
  if (!expressionsReady) return <PageSpinner />;
  return <FillSurvey route={route} data={query.data} />;
}

/**
 * The language to open in: a task link's code, else the one the respondent picked before the last
 * submit reloaded the page, else the survey's default, else its base language.
 */
function firstLanguage(data: PreviewData, code: string | null): number {
  const usable = data.surveyLanguageMaps.filter((l) => l.translateStatus === 0);
  return (
    (code === null ? rememberedLanguage(data.id, usable) : undefined) ??
    usable.find((l) => code !== null && l.code.toLowerCase() === code.toLowerCase())?.languageId ??
    usable.find((l) => l.languageId === data.languageId)?.languageId ??
    (usable.find((l) => l.isBaseLanguage) ?? data.surveyLanguageMaps[0])?.languageId ??
    0
  );
}

function FillSurvey({ route, data }: { route: FillRoute; data: PreviewData }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const model: SurveyModel = data;
  const editable = data.surveyStatusId === SURVEY_STATUS.Deployed;
  const onProblem = useCallback(
    (p: ExpressionProblem) =>
      // Reported while the form is being built: the toast waits for the render to finish.
      setTimeout(
        () =>
          notify(
            'warning',
            p.kind === 'choice_filter' ? `${engineMessage(p.message, t)}: ${p.name}` : engineMessage(p.message, t),
            p.kind === 'choice_filter' ? undefined : t('fill.expressionHelp'),
          ),
        0,
      ),
    [t],
  );
  const { fill, dirty, setLanguage, restore, reset, snapshot, hasAnswers } = useFill(model, firstLanguage(data, route.language), onProblem);
  const { go } = useFillNav();
  // Drafts, the autosaved form, the outbox and the indicator: src/offline, fed plain data.
  const offline = useOfflineFill({
    surveyId: model.id,
    title: model.name,
    taskId: route.taskId,
    receiverId: route.receiverId,
    dataUrl: previewUrl(route),
    enabled: editable,
    snapshot: () => ({ ...snapshot(), renderedElementIds: [] }),
    load: (s) => restore({ formData: (s.formData ?? {}) as FormValues, ...(s.submissionId ? { submissionId: s.submissionId } : {}) }),
    reset,
    hasAnswer: hasAnswers,
    // A task's queued submission returns to /mytasks, as a sent one does (useSubmitFlow), not to the
    // same task's form: the collector sees the list and the outbox sends it when the signal returns.
    ...(route.taskId !== null ? { reload: () => go('/mytasks') } : {}),
  });
  const { changed } = offline;
  useEffect(() => fill.runtime.onChange(changed), [fill.runtime, changed]);
  // The form is on screen: the service worker may now fetch what it keeps (src/offline/register.ts).
  useEffect(() => {
    requestAnimationFrame(() => window.dispatchEvent(new Event(FILL_INTERACTIVE_EVENT)));
  }, []);
  const send = useCallback(
    async (payload: SubmissionPayload): Promise<SubmitResult> => {
      if (!offline.enabled) return submitSurvey(payload);
      const outcome = await offline.submit(payload.entries);
      return outcome.status === 'sent' ? { status: 'sent', message: outcome.message, data: outcome.data } : { status: 'queued' };
    },
    [offline],
  );
  const [expired, setExpired] = useState(() => editable && (data.isExpired || isPast(data.endDate)));
  const [exporting, setExporting] = useState(false);
  const geolocation = useRef<{ latitude: number; longitude: number } | null>(null);
  // Asked once the form has been painted: the browser's permission prompt then comes over the survey, not
  // over an empty page, and the request (a round trip to the browser) is not in the first frame's task.
  useEffect(() => {
    if (!editable || !model.toggleLocation) return;
    return afterPaint(
      () =>
        void locate().then(
          (c) => (geolocation.current = { latitude: c.latitude, longitude: c.longitude }),
          () => undefined,
        ),
    );
  }, [editable, model.toggleLocation]);
  // A long survey is laid out from the top as it is scrolled to, and the rest in idle time (widgets/form/layoutWindow.ts).
  const layoutWindow = useLayoutWindow(FILL_WINDOW);
  const flow = useSubmitFlow({
    send,
    route,
    title: model.name,
    endDate: data.endDate,
    fill,
    userId: snap.user?.id ?? null,
    geolocation,
    dirty,
    onExpired: () => setExpired(true),
    reveal: (path) => layoutWindow.reveal(path),
  });
  useLeavePrompt(dirty);
  const { LeaveGuard } = useFillNav();
  const deployed = data.surveyStatusId === SURVEY_STATUS.Deployed;
  const context = useMemo<FormContext>(
    () => ({ notify: (kind, text) => notify(kind, text), mediaUrl: mediaUrlFor(model.id, deployed) }),
    [model.id, deployed],
  );
  const language = fill.runtime.compiled.language;
  useSurveyLanguage(language);
  const chooseLanguage = useCallback(
    (id: number) => {
      rememberLanguage(model.id, id);
      dismissToasts();
      setLanguage(id);
    },
    [model.id, setLanguage],
  );

  if (flow.phase === 'thanks') return <ThankYou />;
  if (flow.phase === 'already') return <AlreadySubmitted />;
  const runExport = async () => {
    setExporting(true);
    try {
      await exportSurvey(model.id, model.name);
    } catch {
      notify('error', t('fill.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    // Plain elements (../../components/plain/README.md): no Chakra on the survey link's page.
    <div className="fill-page" dir={language.dir} lang={language.code} data-testid="fill-page">
      <div className="fill-column">
        <SurveyBanner
          title={model.name}
          description={model.description}
          endDate={data.endDate}
          preview={data.surveyStatusId === SURVEY_STATUS.Editing}
          language={language}
          languages={data.surveyLanguageMaps.filter((l) => l.translateStatus === 0)}
          onLanguage={chooseLanguage}
          onPrint={() => window.print()}
          onExport={snap.token ? () => void runExport() : null}
          exporting={exporting}
          connection={
            editable ? (
              <div className="fill-row">
                <OnlineIndicator />
                <OutboxIndicator />
              </div>
            ) : null
          }
        />
        <LayoutWindow.Provider value={layoutWindow}>
          <SurveyForm key={`${fill.submissionId}:${fill.layout}`} runtime={fill.runtime} context={context} />
        </LayoutWindow.Provider>
        {/* Its own direction: a message with no translation for the survey language must not have its full stop moved. */}
        {flow.formError ? (
          <div role="alert" dir="auto" className="fill-submit-error" data-testid="fill-submit-error">
            {flow.formError}
          </div>
        ) : null}
        {editable ? (
          <div className="fill-actions fill-no-print">
            <DraftButtons fill={offline} hasAnswer={hasAnswers} />
            <Button
              colorPalette="brand"
              size="lg"
              onClick={() => void flow.submit()}
              loading={flow.phase === 'submitting'}
              data-testid="fill-submit"
            >
              {t('fill.submit')}
            </Button>
          </div>
        ) : data.surveyStatusId !== SURVEY_STATUS.Editing ? (
          <div className="fill-not-open fill-no-print">{t('fill.notOpen')}</div>
        ) : null}
      </div>
      <ExpiredDialog open={expired} onClose={() => setExpired(false)} />
      {LeaveGuard ? <LeaveGuard dirty={dirty} /> : null}
      {offline.dialogs}
    </div>
  );
}
