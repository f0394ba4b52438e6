// The task calls the task screens make. /mytasks reads everything it shows through one query hook
// (`useMyTasks`): statistics and the tab's page together, so a later offline cache has one thing to keep.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export interface MyTask {
  id: string;
  surveyId: string;
  surveyName: string;
  languageCode: string;
  collectionRound: number;
  collectionType: number;
  status: number;
  statusName: string;
  note: string;
  tasksDeadline: string | null;
  locationName: string | null;
  rejectionReason: string | null;
  recurring: boolean;
}

export interface TaskStats {
  assigned: number;
  rejected: number;
  inProgress: number;
  completed: number;
}

export interface MyTasksData {
  stats: TaskStats;
  tasks: MyTask[];
  totalSize: number;
}

export const MY_TASKS_QUERY = 'my-tasks';
/** Spec 001 section 9: task lists page by 10; the statistics call asks for 10,000. */
export const MY_TASKS_PAGE_SIZE = 10;

/** The donut's figures and one page of a tab (status undefined: All). */
export function useMyTasks(o: { status: number | undefined; page: number }) {
  return useQuery({
    queryKey: [MY_TASKS_QUERY, o.status ?? 'all', o.page],
    queryFn: async (): Promise<MyTasksData> => {
      const [stats, page] = await Promise.all([
        api.get<TaskStats>('/Task/GetTaskStatsticsByDataCollector', { query: { page: 1, pageSize: 10000 } }),
        api.get<{ tasks: MyTask[]; totalSize: number }>('/Task/GetTasksForDataCollector', {
          query: { isDeleted: false, Page: o.page, PageSize: MY_TASKS_PAGE_SIZE, ...(o.status !== undefined ? { Status: o.status } : {}) },
        }),
      ]);
      return { stats, ...page };
    },
  });
}

/** POST /Task/updateTaskStatus: reject with a reason, or start. Refreshes /mytasks. */
export function useUpdateTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: { id: string; newStatus: 1 | 2; rejectionReason?: string }) => api.post<{ id: string; status: number }>('/Task/updateTaskStatus', b),
    onSettled: () => client.invalidateQueries({ queryKey: [MY_TASKS_QUERY] }),
  });
}

/** The fill page's address for a task (spec 001 section 2). */
export const taskSurveyPath = (t: Pick<MyTask, 'id' | 'surveyId' | 'languageCode'>) =>
  `/public-survey/${encodeURIComponent(t.languageCode)}/${t.surveyId}?taskId=${t.id}`;
