// /account-summary (spec 000 sections 2, 3 "Dashboard statistics", 9; Organization only): the filters
// (workspace, year 2023-2025, month; all clearable), the storage donut ('5GB', 'No limit'), average
// monthly surveys, average respondents served, data collectors, workspaces current/limit and projects,
// from Organizations/getDashboardStatistics.
import { Box, Card, Grid, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ACCOUNT_AREA_API, SUMMARY_YEARS } from '../../../schemas/accountArea';
import { WORKSPACES_API } from '../../../schemas/workspaces';
import { call } from '../../api/call';
import { session } from '../../state/session';

const Donut = lazy(() => import('../tasks/TaskDonut'));

function Filter({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" w={{ base: 'full', sm: '48' }}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('accountSummary.all', { what: label })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Figure({ label, value, help, testId }: { label: string; value: string; help: string; testId: string }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        {/* Plain text, not Chakra's Stat: its <dl> holds its parts in an order axe refuses. */}
        <Text fontSize="sm" color="gray.700" fontWeight="medium">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
          {value}
        </Text>
        <Text fontSize="xs" color="gray.600">
          {help}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export default function AccountSummaryPage() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const [workspaceId, setWorkspaceId] = useState('');
  const [year, setYear] = useState('');
  const [month, setMonth] = useState('');
  const workspaces = useQuery({
    queryKey: ['my-workspaces'],
    queryFn: () => call(WORKSPACES_API.getMyWorkspaces, { query: {} }),
  });
  const workspaceList = workspaces.data?.workspaces ?? [];
  const summaryYear = SUMMARY_YEARS.find((y) => String(y) === year);
  const stats = useQuery({
    queryKey: ['dashboard-statistics', snap.organizationId, workspaceId, year, month],
    queryFn: () =>
      call(ACCOUNT_AREA_API.getDashboardStatistics, {
        // A cleared filter is left out.
        query: {
          organizationId: snap.organizationId ?? '',
          ...(workspaceId ? { workspaceId } : {}),
          ...(summaryYear ? { year: summaryYear } : {}),
          ...(month ? { month: Number(month) } : {}),
        },
      }),
  });
  const n = (x: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(x);
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, m - 1, 1)));
  const d = stats.data;
  const limitText = d ? (d.dataUsageLimit > 0 ? t('accountSummary.gb', { n: d.dataUsageLimit }) : t('accountSummary.noLimit')) : '';
  const used = d ? (d.dataUsageLimit > 0 ? d.dataUsedPercentage : 0) : 0;
  const usedMb = d ? d.dataUsedBytes / 1024 / 1024 : 0;
  return (
    <Stack maxW="6xl" gap="5">
      <Heading as="h1" size="xl">
        {t('nav.accountSummary')}
      </Heading>
      <HStack gap="3" wrap="wrap" data-testid="summary-filters">
        <Filter
          label={t('accountSummary.workspace')}
          value={workspaceId}
          onChange={setWorkspaceId}
          options={workspaceList.map((w) => ({ value: w.id, label: w.name }))}
          testId="summary-workspace"
        />
        <Filter
          label={t('accountSummary.year')}
          value={year}
          onChange={setYear}
          options={SUMMARY_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
          testId="summary-year"
        />
        <Filter
          label={t('accountSummary.month')}
          value={month}
          onChange={setMonth}
          options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }))}
          testId="summary-month"
        />
      </HStack>
      {stats.isError && <Text color="red.700">{t('common.somethingWrongLater')}</Text>}
      <Grid templateColumns={{ base: '1fr', lg: '20rem 1fr' }} gap="4">
        <Card.Root variant="outline">
          <Card.Body>
            <Heading as="h2" size="sm">
              {t('accountSummary.storage')}
            </Heading>
            <Text fontSize="2xl" fontWeight="bold" data-testid="summary-storage-limit">
              {limitText}
            </Text>
            {d ? (
              <Suspense fallback={<Skeleton h="60" />}>
                <Donut
                  slices={[
                    { label: t('accountSummary.used'), value: d.dataUsageLimit > 0 ? used : usedMb > 0 ? 1 : 0, color: '#2563eb' },
                    { label: t('accountSummary.available'), value: d.dataUsageLimit > 0 ? 100 - used : 1, color: '#d1d5db' },
                  ]}
                  summary={
                    d.dataUsageLimit > 0
                      ? t('accountSummary.usedOf', { percent: n(used), limit: limitText })
                      : t('accountSummary.usedNoLimit', { mb: n(usedMb) })
                  }
                />
              </Suspense>
            ) : (
              <Skeleton h="60" />
            )}
            <Text fontSize="sm" color="gray.600" textAlign="center" data-testid="summary-storage-used">
              {d &&
                (d.dataUsageLimit > 0
                  ? t('accountSummary.usedOf', { percent: n(used), limit: limitText })
                  : t('accountSummary.usedNoLimit', { mb: n(usedMb) }))}
            </Text>
          </Card.Body>
        </Card.Root>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', xl: '1fr 1fr 1fr' }} gap="4" alignContent="start">
          <Figure
            label={t('accountSummary.surveys')}
            value={d ? n(d.totalSurveys) : '…'}
            help={t('accountSummary.surveysHelp')}
            testId="summary-surveys"
          />
          <Figure
            label={t('accountSummary.respondents')}
            value={d ? n(d.totalBeneficiaries) : '…'}
            help={t('accountSummary.respondentsHelp')}
            testId="summary-respondents"
          />
          <Figure
            label={t('accountSummary.collectors')}
            value={d ? n(d.totalEnumerators) : '…'}
            help={t('accountSummary.collectorsHelp')}
            testId="summary-collectors"
          />
          <Figure
            label={t('accountSummary.workspaces')}
            value={d ? `${n(d.currentWorkspaces)}/${d.workspaceLimit > 0 ? n(d.workspaceLimit) : t('accountSummary.unlimited')}` : '…'}
            help={t('accountSummary.workspacesHelp')}
            testId="summary-workspaces"
          />
          <Figure
            label={t('accountSummary.projects')}
            value={d ? n(d.totalProjects) : '…'}
            help={t('accountSummary.projectsHelp')}
            testId="summary-projects"
          />
        </Grid>
      </Grid>
      <Box />
    </Stack>
  );
}
