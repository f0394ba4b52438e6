// What the fill page asks the server: the survey (GET /Survey/GetPreviewData, public for a deployed
// survey) and, for signed-in users, its Excel export.
import { useEffect, useState } from 'react';
import { exportFileName, type ExpressionTrees, type SurveyModel } from '../../../engine/survey/index';
import type { AnswerOf } from '../../../schemas/endpoint';
import type { SURVEYS_API } from '../../../schemas/surveys';
import type { TASKS_API } from '../../../schemas/tasks';
import { callAt, pathOf } from '../../api/call';
import { ApiError } from '../../api/client';
import { session } from '../../state/session';
import { PREVIEW_PATH, previewQuery, takeArrived, takePrefetched } from './prefetch';
import type { FillRoute } from './route';

export interface PreviewData extends SurveyModel {
  /** The survey's default language, or the one asked for. */
  languageId: number;
  isExpired: boolean;
  /** The single-use link of this address was used already. */
  alreadySubmitted: boolean;
  canSubmitSurvey: boolean;
  /** Whether this address can submit at all (absent in survey data cached by an older version: yes). */
  linkValid?: boolean;
  /** The parse tree of every expression (absent in survey data cached by an older version). */
  expressionTrees?: ExpressionTrees;
}

/**
 * GetPreviewData's answer as the page reads it: the item tree and the expression trees, which the schema
 * sends as stored, are the engine's.
 */
const asPreviewData = (d: AnswerOf<typeof SURVEYS_API.getPreviewData>): PreviewData => d as PreviewData;

/** The address the survey is read from, as the client sends it: the service worker keeps it for offline use. */
export function previewUrl(route: FillRoute): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(previewQuery(route))) if (v !== '') params.set(k, String(v));
  return `/api${PREVIEW_PATH}?${params.toString()}`;
}

export type PreviewState =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: false; data: PreviewData; error: null }
  | { isPending: false; isError: true; data: undefined; error: unknown };

const PENDING: PreviewState = { isPending: true, isError: false, data: undefined, error: null };
/** A 4xx will not get better by asking again; a dropped connection might: twice more, after 1 s and 2 s. */
const RETRY_DELAYS_MS = [1000, 2000];

async function readPreview(route: FillRoute): Promise<PreviewData> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await (takePrefetched<PreviewData>(route) ??
        callAt<typeof SURVEYS_API.getPreviewData>({ method: 'GET', path: PREVIEW_PATH }, { query: previewQuery(route) }).then(
          asPreviewData,
        ));
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || (err instanceof ApiError && err.status >= 400 && err.status < 500)) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * Opening a task's survey starts the task (spec 001: In Progress). Best effort: offline, or a task
 * already started or done, changes nothing, and the submission completes it either way.
 */
function startTask(route: FillRoute, data: PreviewData): void {
  if (route.taskId !== null && session.token && data.linkValid !== false) {
    void callAt<typeof TASKS_API.updateTaskStatus>(
      { method: 'POST', path: '/Task/updateTaskStatus' },
      { body: { id: route.taskId, newStatus: 2 } },
    ).catch(() => undefined);
  }
}

// A survey once read stays for the page's life (a move back to it inside the app does not ask again).
const read = new Map<string, Promise<PreviewData>>();
/** The answers of `read` that have arrived: a page mounted with one there draws it in its first render. */
const arrived = new Map<string, PreviewData>();

function keep(key: string, data: Promise<PreviewData>): void {
  read.set(key, data);
  data.then(
    (d) => arrived.set(key, d),
    () => read.delete(key), // a failure is not kept: the next visit of the page asks again
  );
}

/** The survey already here for this route: read before, or the entry's early request already answered. */
function arrivedNow(key: string, route: FillRoute): PreviewData | undefined {
  const known = arrived.get(key);
  if (known || read.has(key)) return known;
  const early = takeArrived<PreviewData>(route);
  if (!early) return undefined;
  keep(key, Promise.resolve(early));
  arrived.set(key, early);
  startTask(route, early);
  return early;
}

/**
 * The survey the route names. Plain state rather than react-query: the fill page reads this one thing,
 * and the query library would be 11 KiB gzip more for respondents on slow links.
 */
export function usePreviewData(route: FillRoute): PreviewState {
  const key = JSON.stringify(previewQuery(route));
  // The survey already here (the repeat visit: the entry's early request answered from the worker's
  // cache before the page's first render): no pending state, and no second render.
  const [state, setState] = useState<{ key: string; value: PreviewState }>(() => {
    const data = arrivedNow(key, route);
    return { key, value: data ? { isPending: false, isError: false, data, error: null } : PENDING };
  });
  useEffect(() => {
    if (state.key === key && !state.value.isPending) return;
    let live = true;
    let data = read.get(key);
    if (!data) {
      data = readPreview(route);
      keep(key, data);
      data.then(
        (d) => startTask(route, d),
        () => undefined,
      );
    }
    data.then(
      (d) => live && setState({ key, value: { isPending: false, isError: false, data: d, error: null } }),
      (e: unknown) => live && setState({ key, value: { isPending: false, isError: true, data: undefined, error: e } }),
    );
    return () => {
      live = false;
    };
    // The key stands for the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.value : PENDING;
}

/** GET /DataCollection/exportSurvey/{id}: the survey as an .xlsx, saved as '{survey name}.xlsx'. */
export async function exportSurvey(surveyId: string, name: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId) headers['organization-id'] = session.organizationId;
  const res = await fetch(
    `/api${pathOf({ method: 'GET', path: '/DataCollection/exportSurvey/:id' } satisfies Pick<typeof SURVEYS_API.exportSurvey, 'method' | 'path'>, { id: surveyId })}`,
    { headers },
  );
  if (!res.ok) {
    // A refused download answers the usual envelope as JSON (spec 001 section 8).
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: string[] } | null;
    throw new ApiError('http', res.status, body?.message ?? 'Download failed. Please try again.', body?.errors ?? []);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(name);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
