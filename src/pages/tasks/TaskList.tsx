// The task table of /mytasks (spec 001 section 2): no page-size changer, scrolls at 1200 px wide and
// 600 px high, its actions column kept in view. Rows show their reject and go-to-survey actions as
// MyTasksPage decides. On a phone, where a collector mostly meets it, the same tasks are a list of
// cards instead: a 1200 px table behind a pinned actions column hid everything but the survey's name.
import { Badge, Box, Button, Flex, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { taskStatuses, type TaskRow } from '../../../schemas/tasks';
import { Pager } from '../../components/admin-screen/Pager';
import { MY_TASKS_PAGE_SIZE, type MyTasksData } from './api';
import { StatusBadge } from './StatusBadge';

export interface TaskListProps {
  q: UseQueryResult<MyTasksData>;
  page: number;
  actionsShown: boolean;
  /** The task whose survey is being opened. */
  starting: string | null;
  onReject: (t: TaskRow) => void;
  onGo: (t: TaskRow) => void;
  onPage: (page: number) => void;
}

export function TaskList({ q, page, actionsShown, starting, onReject, onGo, onPage }: TaskListProps) {
  const { t, i18n } = useTranslation();
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const actions = (task: TaskRow, size: 'xs' | 'sm') => (
    <>
      {task.status === taskStatuses.Assigned && (
        <Button size={size} variant="outline" colorPalette="red" onClick={() => onReject(task)} data-testid="mytasks-reject">
          {t('myTasks.reject')}
        </Button>
      )}
      {(task.status === taskStatuses.Assigned || task.status === taskStatuses.InProgress) && (
        <Button size={size} colorPalette="brand" onClick={() => onGo(task)} loading={starting === task.id} data-testid="mytasks-go">
          {t('myTasks.goToSurvey')}
        </Button>
      )}
    </>
  );
  const note = (task: TaskRow) => (task.rejectionReason ? t('myTasks.reasonLabel', { reason: task.rejectionReason }) : task.note || '–');
  return (
    <>
      {q.isError ? (
        <Text color="fg.error" role="alert">
          {t('myTasks.loadFailed')}
        </Text>
      ) : phone ? (
        <Box data-testid="mytasks-table">
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t('myTasks.yourTasks')}>
            {q.data?.tasks.map((task) => (
              <Box
                as="li"
                key={task.id}
                borderWidth="1px"
                borderRadius="md"
                p="3"
                bg="white"
                data-testid="mytasks-row"
                data-task-id={task.id}
              >
                <HStack justify="space-between" align="start" gap="2">
                  <Text fontWeight="semibold" minW="0">
                    <bdi>{task.surveyName}</bdi>
                  </Text>
                  <StatusBadge status={task.status} />
                </HStack>
                <Text fontSize="sm" color="gray.700" mt="1">
                  {t('tasks.columns.collectionRound')} {task.collectionRound} ·{' '}
                  {task.tasksDeadline ? when.format(new Date(task.tasksDeadline)) : '–'}
                  {task.locationName ? (
                    <>
                      {' · '}
                      <bdi>{task.locationName}</bdi>
                    </>
                  ) : null}
                  {' · '}
                  {t(`tasks.collectionTypes.${task.collectionType}`)}
                  {task.recurring && (
                    <Badge ms="2" variant="outline" colorPalette="gray">
                      {t('myTasks.recurring')}
                    </Badge>
                  )}
                </Text>
                {(task.rejectionReason || task.note) && (
                  <Text fontSize="sm" color="gray.600" mt="1" lineClamp={3} dir="auto">
                    {note(task)}
                  </Text>
                )}
                {actionsShown && (
                  <HStack gap="2" mt="2" justify="flex-end">
                    {actions(task, 'sm')}
                  </HStack>
                )}
              </Box>
            ))}
          </Stack>
          {q.data && q.data.tasks.length === 0 && (
            <Flex p="6" justify="center">
              <Text color="gray.600">{t('myTasks.empty')}</Text>
            </Flex>
          )}
        </Box>
      ) : (
        <Box
          overflow="auto"
          maxH="600px"
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="region"
          aria-label={t('myTasks.yourTasks')}
          data-testid="mytasks-table"
        >
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
                {actionsShown && (
                  <Table.ColumnHeader textAlign="end" position="sticky" insetEnd="0" bg="gray.50">
                    {t('myTasks.actions')}
                  </Table.ColumnHeader>
                )}
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
                      {note(task)}
                    </Text>
                  </Table.Cell>
                  {actionsShown && (
                    // Kept in view while the wide table scrolls sideways.
                    <Table.Cell textAlign="end" position="sticky" insetEnd="0" bg="white">
                      <HStack justify="flex-end" gap="2">
                        {actions(task, 'xs')}
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
            setPage: onPage,
            setPageSize: () => undefined,
          }}
        />
      )}
    </>
  );
}
