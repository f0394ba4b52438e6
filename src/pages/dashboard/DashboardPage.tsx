// /dashboard for the chosen project: its name, workspace, manager, timeline, countries, and counts of
// surveys, members and submissions, and the survey reports (SurveyReports: charts switchable to tables).
import { Badge, Box, Card, Heading, SimpleGrid, Skeleton, Stack, Stat, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuClipboardList, LuInbox, LuUsers } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { PROJECTS_API } from '../../../schemas/projects';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';
import SurveyReports from './SurveyReports';

const DAY = 86_400_000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="gray.500">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Where today is in the project's timeline: before it, inside it (days left), or after it. */
export function timelineState(
  start: string,
  end: string,
  today = new Date(),
): { kind: 'startsIn' | 'daysLeft'; count: number } | { kind: 'ended' } {
  const t0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const s = Date.parse(`${start}T00:00:00Z`);
  const e = Date.parse(`${end}T00:00:00Z`);
  if (t0 < s) return { kind: 'startsIn', count: Math.round((s - t0) / DAY) };
  if (t0 > e) return { kind: 'ended' };
  return { kind: 'daysLeft', count: Math.round((e - t0) / DAY) };
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const id = snap.currentProjectId;
  const project = useQuery({
    queryKey: ['project', id],
    enabled: !!id,
    queryFn: () => call(PROJECTS_API.getById, { params: { id: id! } }),
  });
  const gone = project.error instanceof ApiError && project.error.status === 404;
  useEffect(() => {
    if (gone) session.currentProjectId = null;
  }, [gone]);
  if (!id || gone) return <ChooseFirst what="project" />;
  const p = project.data;
  if (!p) return <Skeleton h="60" maxW="5xl" borderRadius="xl" />;

  const date = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const state = timelineState(p.startDate, p.endDate);
  const stats = [
    { label: 'dashboard.surveys', value: p.countOfSurveys, icon: LuClipboardList, testId: 'stat-surveys' },
    { label: 'dashboard.members', value: p.countOfMembers, icon: LuUsers, testId: 'stat-members' },
    { label: 'dashboard.submissions', value: p.countOfSubmissions, icon: LuInbox, testId: 'stat-submissions' },
  ];
  return (
    <Stack gap="6" maxW="5xl" data-testid="dashboard">
      <Stack gap="1">
        <Text color="gray.500" fontSize="sm">
          {t('dashboard.workspace')}: {p.workspaceName}
        </Text>
        <Heading as="h1" size="2xl" data-testid="dashboard-title">
          {p.name}
        </Heading>
        {p.description && <Text color="gray.600">{p.description}</Text>}
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {stats.map((s) => {
          const Icon = s.icon;
          return (
            <Card.Root key={s.label}>
              <Card.Body>
                <Stat.Root>
                  <Stat.Label>
                    <Box as="span" color="brand.600" me="1" display="inline-flex">
                      <Icon />
                    </Box>
                    {t(s.label)}
                  </Stat.Label>
                  <Stat.ValueText data-testid={s.testId}>{new Intl.NumberFormat(i18n.language).format(s.value)}</Stat.ValueText>
                </Stat.Root>
              </Card.Body>
            </Card.Root>
          );
        })}
      </SimpleGrid>
      <Card.Root>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <Fact label={t('dashboard.manager')}>
              <Text data-testid="dashboard-manager">{p.manager?.fullName ?? t('dashboard.noManager')}</Text>
            </Fact>
            <Fact label={t('dashboard.timeline')}>
              <Wrap gap="2" align="center">
                <Text>
                  {date(p.startDate)} – {date(p.endDate)}
                </Text>
                <Badge colorPalette={state.kind === 'ended' ? 'gray' : 'green'}>
                  {state.kind === 'ended' ? t('dashboard.ended') : t(`dashboard.${state.kind}`, { count: state.count })}
                </Badge>
              </Wrap>
            </Fact>
            <Fact label={t('dashboard.countries')}>
              <Wrap gap="1">
                {p.countries.map((c) => (
                  <Badge key={c.id} variant="subtle">
                    {c.name}
                  </Badge>
                ))}
              </Wrap>
            </Fact>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <SurveyReports projectId={p.id} />
    </Stack>
  );
}
