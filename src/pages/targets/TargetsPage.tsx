// /targets: each survey of the project with its target (its builder's collection goal until one is
// saved), progress overall and per location group with a bar, and the flags: reached, on track, behind
// its pace, overdue. Managers edit and delete targets; deleted ones wait in the bin below, to restore.
import { Badge, Box, Button, Card, Heading, HStack, Progress, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalculator, LuPencil, LuTrash2, LuUndo2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { entityTypes } from '../../../schemas/entityTypes';
import { RECYCLE_BIN_API } from '../../../schemas/recycleBin';
import { hasAnyRole } from '../../../schemas/roles';
import { TARGET_EDITORS, TARGET_PAGE_SIZE, TARGETS_API, type TargetRow, type TargetStatus } from '../../../schemas/targets';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { ChooseFirst } from '../../components/ChooseFirst';
import { problemText } from '../../i18n';
import { session } from '../../state/session';

export const TARGETS_QUERY = 'targets';

const STATUS_COLOURS: Record<TargetStatus, string> = {
  reached: 'green',
  onTrack: 'blue',
  behind: 'orange',
  overdue: 'red',
  open: 'gray',
};

function Bar({ value, label, colour }: { value: number; label: string; colour: string }) {
  return (
    <Progress.Root value={Math.min(100, value)} size="sm" colorPalette={colour} aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function TargetCard({ row, canEdit, binned }: { row: TargetRow; canEdit: boolean; binned: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const n = new Intl.NumberFormat(i18n.language);
  const pct = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const date = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const toggle = useMutation({
    mutationFn: (isDeleted: boolean) =>
      call(RECYCLE_BIN_API.toggleDeleteOrRestore, {
        params: { id: row.id! },
        query: { entityType: entityTypes.Target, isDeleted },
      }),
    onSuccess: (_d, isDeleted) => {
      notify('success', t(isDeleted ? 'targets.deleted' : 'targets.restored'));
      void qc.invalidateQueries({ queryKey: [TARGETS_QUERY] });
    },
    onError: (e) => notify('error', e instanceof ApiError ? problemText(e) : t('targets.failed')),
  });
  const colour = STATUS_COLOURS[row.status];
  return (
    <Card.Root data-testid="target-card" data-survey-id={row.surveyId}>
      <Card.Body>
        <Stack gap="4">
          <Wrap justify="space-between" align="center" gap="3">
            <Stack gap="1">
              <Heading as="h2" size="md">
                <bdi>{row.surveyName}</bdi>
              </Heading>
              <Wrap gap="2">
                <Badge variant="outline" data-testid="target-source">
                  {t(`targets.sources.${row.source}`)}
                </Badge>
                <Badge colorPalette={colour} data-testid="target-status">
                  {t(`targets.statuses.${row.status}`)}
                </Badge>
                {row.approvedOnly && <Badge variant="subtle">{t('targets.approvedOnly')}</Badge>}
              </Wrap>
            </Stack>
            {canEdit && (
              <HStack gap="2">
                {binned ? (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={toggle.isPending}
                    onClick={() => toggle.mutate(false)}
                    data-testid="target-restore"
                  >
                    <LuUndo2 /> {t('targets.restore')}
                  </Button>
                ) : (
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void navigate(`/targets/edit-samplesize?surveyId=${row.surveyId}`)}
                      data-testid="target-edit"
                    >
                      <LuPencil /> {t(row.id ? 'targets.edit' : 'targets.set')}
                    </Button>
                    {row.id && (
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        loading={toggle.isPending}
                        onClick={() => toggle.mutate(true)}
                        aria-label={t('targets.deleteOf', { name: row.surveyName })}
                        data-testid="target-delete"
                      >
                        <LuTrash2 /> {t('targets.delete')}
                      </Button>
                    )}
                  </>
                )}
              </HStack>
            )}
          </Wrap>

          <Stack gap="2">
            <Wrap justify="space-between" gap="2">
              <Text fontWeight="semibold" data-testid="target-progress">
                {t('targets.progress', { counted: n.format(row.counted), total: n.format(row.total) })}
              </Text>
              <Text color="gray.600">{pct.format(row.percent)} %</Text>
            </Wrap>
            <Bar value={row.percent} colour={colour} label={t('targets.progressOf', { name: row.surveyName })} />
            <Wrap gap="4" fontSize="sm" color="gray.600">
              {row.deadline && <Text>{t('targets.deadlineOn', { date: date(row.deadline) })}</Text>}
              {row.expectedByNow !== null && row.status !== 'reached' && (
                <Text data-testid="target-pace">{t('targets.expected', { count: row.expectedByNow, n: n.format(row.expectedByNow) })}</Text>
              )}
              {!row.deadline && <Text>{t('targets.noDeadline')}</Text>}
            </Wrap>
          </Stack>

          {row.strata.length > 0 && (
            <Stack gap="3" data-testid="target-strata">
              <Heading as="h3" size="sm">
                {t('targets.byGroup')}
              </Heading>
              {row.strata.map((s) => (
                <Stack key={s.locationGroupId} gap="1" data-testid="target-stratum">
                  <Wrap justify="space-between" gap="2" fontSize="sm">
                    <Text>
                      <bdi>{s.name}</bdi>
                    </Text>
                    <Text color="gray.700">{t('targets.progress', { counted: n.format(s.counted), total: n.format(s.target) })}</Text>
                  </Wrap>
                  <Bar
                    value={s.percent ?? 0}
                    colour={s.counted >= s.target ? 'green' : 'brand'}
                    label={t('targets.progressOf', { name: s.name })}
                  />
                </Stack>
              ))}
              {row.outsideStrata > 0 && (
                <Text fontSize="sm" color="gray.600">
                  {t('targets.outside', { count: row.outsideStrata, n: n.format(row.outsideStrata) })}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function TargetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const projectId = snap.currentProjectId;
  const [page, setPage] = useState(1);
  const [binned, setBinned] = useState(false);
  const canEdit = hasAnyRole(snap.roles, TARGET_EDITORS);
  const q = useQuery({
    queryKey: [TARGETS_QUERY, projectId, binned, page],
    enabled: !!projectId,
    queryFn: () =>
      call(TARGETS_API.getTargets, { query: { ProjectId: projectId!, Page: page, PageSize: TARGET_PAGE_SIZE, isDeleted: binned } }),
  });
  if (!projectId || (q.error instanceof ApiError && q.error.status === 404)) return <ChooseFirst what="project" />;
  const pages = Math.max(1, Math.ceil((q.data?.totalSize ?? 0) / TARGET_PAGE_SIZE));
  return (
    <Stack gap="6" maxW="5xl" data-testid="targets-page">
      <Wrap justify="space-between" align="center" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t(binned ? 'targets.binTitle' : 'targets.title')}
          </Heading>
          <Text color="gray.600">{t(binned ? 'targets.binIntro' : 'targets.intro')}</Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => void navigate('/targets/samplesizecalculator')} data-testid="targets-calculator">
            <LuCalculator /> {t('sampleSize.title')}
          </Button>
          {canEdit && (
            <Button
              variant="ghost"
              onClick={() => {
                setBinned((b) => !b);
                setPage(1);
              }}
              data-testid="targets-bin"
            >
              {t(binned ? 'targets.backToTargets' : 'targets.binTitle')}
            </Button>
          )}
        </HStack>
      </Wrap>
      {q.isPending && <Skeleton h="40" borderRadius="xl" />}
      {q.data?.targets.length === 0 && (
        <Text color="gray.600" data-testid="targets-empty">
          {t(binned ? 'targets.binEmpty' : 'targets.empty')}
        </Text>
      )}
      <Stack gap="4">
        {q.data?.targets.map((row) => (
          <TargetCard key={`${row.surveyId}-${row.id ?? 'goal'}`} row={row} canEdit={canEdit} binned={binned} />
        ))}
      </Stack>
      {pages > 1 && (
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('targets.previous')}
          </Button>
          <Box>{t('targets.page', { page, pages })}</Box>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('targets.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
