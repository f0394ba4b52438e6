// /mytasks for a data collector (spec 001 section 2 "My tasks"): a greeting with the first name, the
// donut (Assigned, Completed, Rejected), the tabs All / Assigned / Rejected / In Progress / Completed and
// the task table (no page-size changer; scrolls at 1200 px wide and 600 px high). Reject and Go to survey
// are offered on Assigned tasks only; beyond the spec, an In Progress task (opened, not yet submitted)
// keeps Go to survey, or it could never be finished. Going to the survey starts the task (In Progress);
// submitting it completes it and comes back here (src/pages/fill/useSubmitFlow.ts).
import { Alert, Box, Card, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { taskStatuses, type TaskRow } from '../../../schemas/tasks';
import { session } from '../../state/session';
import { OUTBOX_SENT_EVENT, keepSurveysOffline } from '../../offline/listCache';
import { useConnection } from '../../offline/ui/hooks';
import { MY_TASKS_QUERY, openTasks, taskSurveyDataUrl, taskSurveyPath, useMyTasks, useUpdateTaskStatus } from './api';
import { RejectDialog } from './RejectDialog';
import { TaskList } from './TaskList';

const TaskDonut = lazy(() => import('./TaskDonut'));

/** The tabs and the status each lists (spec 001 section 4: All has none, then 0..3). */
const TABS = [
  { key: 'all', status: undefined },
  { key: 'assigned', status: taskStatuses.Assigned },
  { key: 'rejected', status: taskStatuses.Rejected },
  { key: 'inProgress', status: taskStatuses.InProgress },
  { key: 'completed', status: taskStatuses.Completed },
] as const;

function firstName(fullName: string | undefined): string {
  return fullName?.trim().split(/\s+/)[0] ?? '';
}

export default function MyTasksPage() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x.key === params.get('tab')) ?? TABS[0];
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useMyTasks({ status: tab.status, page });
  const [rejecting, setRejecting] = useState<TaskRow | null>(null);
  const start = useUpdateTaskStatus();
  const stats = q.data?.stats;
  const savedAt = q.data?.savedAt;
  const client = useQueryClient();
  const online = useConnection();
  // Offline, the list is as of its last answer: read from IndexedDB (savedAt), or still in memory from
  // before the signal went (a collector back from a queued submission), which is no fresher.
  const offlineAsOf = savedAt ?? (!online && q.data ? q.dataUpdatedAt : undefined);
  // Back online, or a queued submission sent by the outbox: the kept list is out of date.
  const wasOnline = useRef(online);
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: [MY_TASKS_QUERY] });
    if (online && !wasOnline.current) refresh();
    wasOnline.current = online;
    window.addEventListener(OUTBOX_SENT_EVENT, refresh);
    return () => window.removeEventListener(OUTBOX_SENT_EVENT, refresh);
  }, [client, online]);
  // Seen online: the surveys of all open tasks (every tab and page, not only this one) are kept so
  // they open in a village without signal.
  const fresh = q.data && savedAt === undefined ? q.data.tasks : undefined;
  useEffect(() => {
    if (!fresh) return;
    let live = true;
    void openTasks(fresh).then((open) => {
      if (!live) return;
      // Asked as the collector: the task's survey is valid only for them (linkValid), as on the fill page.
      const headers = { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' };
      keepSurveysOffline(
        open.map((x) => ({ surveyId: x.surveyId, title: x.surveyName, path: taskSurveyPath(x), dataUrl: taskSurveyDataUrl(x), headers })),
      );
    });
    return () => {
      live = false;
    };
  }, [fresh]);
  const slices = useMemo(
    () =>
      stats
        ? [
            { label: t('myTasks.tabs.assigned'), value: stats.assigned, color: '#2563eb' },
            { label: t('myTasks.tabs.completed'), value: stats.completed, color: '#15803d' },
            { label: t('myTasks.tabs.rejected'), value: stats.rejected, color: '#b91c1c' },
          ]
        : [],
    [stats, t],
  );
  // Changing a tab starts again at page 1 (spec 001 section 4).
  const choose = (key: string) => setParams(key === 'all' ? {} : { tab: key }, { replace: true });
  const goTo = (task: TaskRow) => {
    const open = () => void navigate(taskSurveyPath(task));
    if (task.status === taskStatuses.Assigned) start.mutate({ id: task.id, newStatus: 2 }, { onSettled: open });
    else open();
  };
  const toPage = (p: number) => setParams({ ...(tab.key === 'all' ? {} : { tab: tab.key }), page: String(p) }, { replace: true });
  const actionsShown = tab.status !== taskStatuses.Completed && tab.status !== taskStatuses.Rejected;

  return (
    <Stack gap="6" maxW="7xl" data-testid="mytasks">
      <Stack gap="1">
        <Heading as="h1" size="2xl" data-testid="mytasks-greeting">
          {t('myTasks.greeting', { name: '\u2068' + firstName(snap.user?.fullName) + '\u2069' })}
        </Heading>
        <Text color="gray.600">{t('myTasks.intro')}</Text>
      </Stack>

      {offlineAsOf !== undefined && (
        <Alert.Root status="warning" data-testid="mytasks-offline">
          <Alert.Indicator />
          <Alert.Description>{t('myTasks.offlineNote', { when: new Date(offlineAsOf).toLocaleString(i18n.language) })}</Alert.Description>
        </Alert.Root>
      )}

      <Card.Root maxW={{ base: 'full', md: 'md' }}>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {t('myTasks.chartTitle')}
          </Heading>
          {stats && (
            <Suspense fallback={<Box h="240px" />}>
              <TaskDonut
                slices={slices}
                summary={t('myTasks.chartSummary', { assigned: stats.assigned, completed: stats.completed, rejected: stats.rejected })}
              />
            </Suspense>
          )}
        </Card.Body>
      </Card.Root>

      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t('myTasks.yourTasks')}
        </Heading>
        <Tabs.Root value={tab.key} onValueChange={(e) => choose(e.value)} variant="line">
          <Box overflowX="auto">
            <Tabs.List>
              {TABS.map((x) => (
                <Tabs.Trigger key={x.key} value={x.key} data-testid={`mytasks-tab-${x.key}`} whiteSpace="nowrap">
                  {t(`myTasks.tabs.${x.key}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          {TABS.map((x) => (
            <Tabs.Content key={x.key} value={x.key} pt="3">
              {x.key === tab.key && (
                <TaskList
                  q={q}
                  page={page}
                  actionsShown={actionsShown}
                  onReject={setRejecting}
                  onGo={goTo}
                  starting={start.isPending ? start.variables.id : null}
                  onPage={toPage}
                />
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
      <RejectDialog task={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
