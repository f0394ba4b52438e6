// /mytasks for a data collector (spec 001 section 2 "My tasks"): a greeting with the first name, the
// donut (Assigned, Completed, Rejected), the tabs All / Assigned / Rejected / In Progress / Completed and
// the task table (no page-size changer; scrolls at 1200 px wide and 600 px high). Reject and Go to survey
// are offered on Assigned tasks only; beyond the spec, an In Progress task (opened, not yet submitted)
// keeps Go to survey, or it could never be finished. Going to the survey starts the task (In Progress);
// submitting it completes it and comes back here (src/pages/fill/useSubmitFlow.ts).
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { taskBadges, taskStatuses, TASK_STATUS_NAMES, type TaskBadge, type TaskStatus } from '../../../schemas/tasks';
import { Pager } from '../../components/admin-screen/Pager';
import { session } from '../../state/session';
import { MY_TASKS_PAGE_SIZE, taskSurveyPath, useMyTasks, useUpdateTaskStatus, type MyTask } from './api';
import { RejectDialog } from './RejectDialog';

const TaskDonut = lazy(() => import('./TaskDonut'));

/** The tabs and the status each lists (spec 001 section 4: All has none, then 0..3). */
const TABS = [
  { key: 'all', status: undefined },
  { key: 'assigned', status: taskStatuses.Assigned },
  { key: 'rejected', status: taskStatuses.Rejected },
  { key: 'inProgress', status: taskStatuses.InProgress },
  { key: 'completed', status: taskStatuses.Completed },
] as const;

const BADGE_PALETTE: Record<TaskBadge, string> = { assigned: 'blue', finished: 'green', 'in-progress': 'orange', rejected: 'red' };
const STATUS_KEY: Record<TaskStatus, string> = { 0: 'assigned', 1: 'rejected', 2: 'inProgress', 3: 'completed' };

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = TASK_STATUS_NAMES[status as TaskStatus];
  const badge = taskBadges[name as keyof typeof taskBadges];
  return (
    <Badge colorPalette={BADGE_PALETTE[badge]} variant="subtle" data-testid="task-status" data-badge={badge}>
      {t(`myTasks.tabs.${STATUS_KEY[status as TaskStatus]}`)}
    </Badge>
  );
}

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
  const [rejecting, setRejecting] = useState<MyTask | null>(null);
  const start = useUpdateTaskStatus();
  const stats = q.data?.stats;
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
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
  const goTo = (task: MyTask) => {
    const open = () => void navigate(taskSurveyPath(task));
    if (task.status === taskStatuses.Assigned) start.mutate({ id: task.id, newStatus: 2 }, { onSettled: open });
    else open();
  };
  const actionsShown = tab.status !== taskStatuses.Completed && tab.status !== taskStatuses.Rejected;

  return (
    <Stack gap="6" maxW="7xl" data-testid="mytasks">
      <Stack gap="1">
        <Heading as="h1" size="2xl" data-testid="mytasks-greeting">
          {t('myTasks.greeting', { name: '\u2068' + firstName(snap.user?.fullName) + '\u2069' })}
        </Heading>
        <Text color="gray.600">{t('myTasks.intro')}</Text>
      </Stack>

      <Card.Root maxW={{ base: 'full', md: 'md' }}>
        <Card.Body gap="2">
          <Heading as="h2" size="md">
            {t('myTasks.chartTitle')}
          </Heading>
          {stats && (
            <Suspense fallback={<Box h="240px" />}>
              <TaskDonut slices={slices} summary={t('myTasks.chartSummary', { assigned: stats.assigned, completed: stats.completed, rejected: stats.rejected })} />
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
        </Tabs.Root>

        {q.isError ? (
          <Text color="fg.error" role="alert">
            {t('myTasks.loadFailed')}
          </Text>
        ) : (
          <Box overflow="auto" maxH="600px" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('myTasks.yourTasks')} data-testid="mytasks-table">
            <Table.Root size="sm" minW="1200px" stickyHeader>
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader>{t('tasks.columns.surveyName')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.collectionRound')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.tasksDeadline')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.locationName')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.collectionType')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tasks.columns.note')}</Table.ColumnHeader>
                  {actionsShown && <Table.ColumnHeader textAlign="end">{t('myTasks.actions')}</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {q.data?.tasks.map((task) => (
                  <Table.Row key={task.id} data-testid="mytasks-row" data-task-id={task.id}>
                    <Table.Cell fontWeight="medium">
                      <bdi>{task.surveyName}</bdi>
                      {task.recurring && (
                        <Badge ms="2" variant="outline" colorPalette="gray">
                          {t('myTasks.recurring')}
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{task.collectionRound}</Table.Cell>
                    <Table.Cell>{task.tasksDeadline ? when.format(new Date(task.tasksDeadline)) : '–'}</Table.Cell>
                    <Table.Cell>{task.locationName ? <bdi>{task.locationName}</bdi> : '–'}</Table.Cell>
                    <Table.Cell>{t(`tasks.collectionTypes.${task.collectionType}`)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={task.status} />
                    </Table.Cell>
                    <Table.Cell maxW="xs">
                      <Text lineClamp={2} dir="auto">
                        {task.rejectionReason ? t('myTasks.reasonLabel', { reason: task.rejectionReason }) : task.note || '–'}
                      </Text>
                    </Table.Cell>
                    {actionsShown && (
                      <Table.Cell textAlign="end">
                        <HStack justify="flex-end" gap="2">
                          {task.status === taskStatuses.Assigned && (
                            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRejecting(task)} data-testid="mytasks-reject">
                              {t('myTasks.reject')}
                            </Button>
                          )}
                          {(task.status === taskStatuses.Assigned || task.status === taskStatuses.InProgress) && (
                            <Button size="xs" colorPalette="brand" onClick={() => goTo(task)} loading={start.isPending && start.variables.id === task.id} data-testid="mytasks-go">
                              {t('myTasks.goToSurvey')}
                            </Button>
                          )}
                        </HStack>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {q.data && q.data.tasks.length === 0 && (
              <Flex p="6" justify="center">
                <Text color="gray.600">{t('myTasks.empty')}</Text>
              </Flex>
            )}
          </Box>
        )}
        {q.data && q.data.totalSize > MY_TASKS_PAGE_SIZE && (
          <Pager
            list={{
              page,
              pageSize: MY_TASKS_PAGE_SIZE,
              total: q.data.totalSize,
              setPage: (p: number) => setParams({ ...(tab.key === 'all' ? {} : { tab: tab.key }), page: String(p) }, { replace: true }),
              setPageSize: () => undefined,
            }}
          />
        )}
      </Stack>
      <RejectDialog task={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
