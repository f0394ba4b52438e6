// The task calls the task screens make. /mytasks reads everything it shows through one query hook
// (`useMyTasks`): statistics and the tab's page together, so a later offline cache has one thing to keep.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../schemas/endpoint';
import { SURVEYS_API } from '../../../schemas/surveys';
import { TASKS_API as T, taskStatuses, type TaskRow, type TaskStatus, type UpdateStatusBody } from '../../../schemas/tasks';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { problemText } from '../../i18n';
import { keepList, readList } from '../../offline/listCache';
import { session } from '../../state/session';

export type MyTasksData = AnswerOf<typeof T.getTasksForDataCollector> & {
  stats: AnswerOf<typeof T.getTaskStatsticsByDataCollector>;
  /** Set when the server could not be reached: the list as kept at that time (ms since the epoch). */
  savedAt?: number;
};

export const MY_TASKS_QUERY = 'my-tasks';
/** Spec 001 section 9: task lists page by 10; the statistics call asks for 10,000. */
export const MY_TASKS_PAGE_SIZE = 10;

/** The donut's figures and one page of a tab (status undefined: All). */
/** Online, each answer is kept in IndexedDB; offline (no answer at all), the kept one is shown with its date. */
export function useMyTasks(o: { status: TaskStatus | undefined; page: number }) {
  const key = `mytasks|${session.user?.id ?? ''}|${o.status ?? 'all'}|${o.page}`;
  return useQuery({
    queryKey: [MY_TASKS_QUERY, o.status ?? 'all', o.page],
    // React Query would otherwise hold the call while the browser says it is offline, and the kept list never shows.
    networkMode: 'always',
    queryFn: async (): Promise<MyTasksData> => {
      try {
        const [stats, page] = await Promise.all([
          call(T.getTaskStatsticsByDataCollector, { query: { page: 1, pageSize: 10000 } }),
          call(T.getTasksForDataCollector, {
            query: {
              isDeleted: false,
              Page: o.page,
              PageSize: MY_TASKS_PAGE_SIZE,
              ...(o.status !== undefined ? { Status: o.status } : {}),
            },
          }),
        ]);
        const data = { stats, ...page };
        await keepList(key, data, Date.now());
        return data;
      } catch (err) {
        if (err instanceof ApiError && err.kind === 'http') throw err;
        const kept = await readList<MyTasksData>(key);
        if (!kept) throw err;
        return { ...kept.data, savedAt: kept.savedAt };
      }
    },
  });
}

/** How many open tasks' surveys are kept ahead for offline use (the most recent of each open status). */
const OPEN_TASKS_KEPT = 200;

/**
 * The collector's open tasks (Assigned and In Progress) across all pages, with the page on screen: what
 * /mytasks keeps ahead for filling offline. A failed call keeps what the page shows.
 */
export async function openTasks(onScreen: readonly TaskRow[]): Promise<TaskRow[]> {
  const byId = new Map(
    onScreen.filter((x) => x.status === taskStatuses.Assigned || x.status === taskStatuses.InProgress).map((x) => [x.id, x]),
  );
  for (const Status of [taskStatuses.Assigned, taskStatuses.InProgress]) {
    const page = await call(T.getTasksForDataCollector, {
      query: { isDeleted: false, Page: 1, PageSize: OPEN_TASKS_KEPT, Status },
    }).catch(() => ({ tasks: [] as TaskRow[] }));
    for (const x of page.tasks) byId.set(x.id, x);
  }
  return [...byId.values()];
}

/** POST /Task/updateTaskStatus: reject with a reason, or start. Refreshes /mytasks. */
export function useUpdateTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: UpdateStatusBody) => call(T.updateTaskStatus, { body: b }),
    onSettled: () => client.invalidateQueries({ queryKey: [MY_TASKS_QUERY] }),
  });
}

/** The survey data call the fill page makes for a task (src/pages/fill/api.ts previewUrl), kept for offline use. */
export const taskSurveyDataUrl = (t: Pick<TaskRow, 'id' | 'surveyId'>) =>
  `/api${SURVEYS_API.getPreviewData.path}?surveyId=${t.surveyId}&taskId=${t.id}`;

/** The fill page's address for a task (spec 001 section 2). */
export const taskSurveyPath = (t: Pick<TaskRow, 'id' | 'surveyId' | 'languageCode'>) =>
  `/public-survey/${encodeURIComponent(t.languageCode)}/${t.surveyId}?taskId=${t.id}`;

/** The project's Deployed surveys, the ones a task (assigned or sent as a link) may name; read while a dialog is open. */
export function useDeployedSurveys(projectId: string, open: boolean) {
  return useQuery({
    queryKey: ['assign', 'surveys', projectId],
    enabled: open,
    queryFn: () =>
      call(SURVEYS_API.getAllSurveysForProjectByStatus, { query: { ProjectId: projectId } }).then((d) =>
        d.surveys.filter((s) => s.surveyStatusId === 1),
      ),
  });
}

/** A refused task call: the server's message in the interface language, then its further reasons. */
export function taskFailureText(e: unknown, fallback: string): string {
  return e instanceof ApiError ? [problemText(e), ...e.errors.filter((x) => x !== e.message)].join(' ') : fallback;
}
