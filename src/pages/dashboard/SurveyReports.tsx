// The survey reports of the project dashboard: pick a survey, see its submissions over time,
// per collector and per task, the progress against its collection goal, a chart per select question
// (counts and percentages, choice labels in the chosen survey language) and a histogram per number
// question and the points of each GPS question on a map (components/map). Every report switches between graphs and a table (the spec's report views GraphsReport 1 /
// TableView 2). The figures come from GET DataCollection/getSurveyReport, aggregated on the server.
import {
  Box,
  Button,
  Card,
  Field,
  Group,
  Heading,
  Input,
  NativeSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerOf } from '../../../schemas/endpoint';
import { SURVEY_REPORT_API } from '../../../schemas/surveyReport';
import { api } from '../../api/client';
import { PointsMap } from '../../components/map/index';
import { AnswerFilters, filterStrings, type AnswerFilterChip } from '../../pages/data/AnswerFilters';
import { filterParams, useProjectSurveys, useSurveyModel } from '../../pages/data/api';

const BarChart = lazy(() => import('./BarChart'));

/** The spec's report views. */
export const REPORT_VIEW = { GraphsReport: 1, TableView: 2 } as const;
type ReportView = (typeof REPORT_VIEW)[keyof typeof REPORT_VIEW];

export type SurveyReport = AnswerOf<typeof SURVEY_REPORT_API.getSurveyReport>;

interface Row {
  label: string;
  count: number;
  percent?: number;
}

/** The spec's two report views, as pressed/unpressed buttons. */
function ViewToggle({
  title,
  view,
  onChange,
  testId,
}: {
  title: string;
  view: ReportView;
  onChange: (v: ReportView) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group attached role="group" aria-label={t('dashboardReports.view', { title })} flexShrink={0}>
      <Button
        size="xs"
        variant={view === REPORT_VIEW.GraphsReport ? 'solid' : 'outline'}
        aria-pressed={view === REPORT_VIEW.GraphsReport}
        onClick={() => onChange(REPORT_VIEW.GraphsReport)}
        data-testid={`${testId}-graph`}
      >
        {t('dashboardReports.graph')}
      </Button>
      <Button
        size="xs"
        variant={view === REPORT_VIEW.TableView ? 'solid' : 'outline'}
        aria-pressed={view === REPORT_VIEW.TableView}
        onClick={() => onChange(REPORT_VIEW.TableView)}
        data-testid={`${testId}-table`}
      >
        {t('dashboardReports.table')}
      </Button>
    </Group>
  );
}

/** A GPS question's answers: the points on a map, or their coordinates as a table with a link to each submission. */
function GpsCard({ q, testId }: { q: SurveyReport['gpsQuestions'][number]; testId: string }) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language);
  const [view, setView] = useState<ReportView>(REPORT_VIEW.GraphsReport);
  const note =
    q.points.length < q.answered
      ? t('dashboardReports.gpsNewest', { shown: nf.format(q.points.length), n: nf.format(q.answered) })
      : t('dashboardReports.answered', { count: q.answered, n: nf.format(q.answered) });
  return (
    <Card.Root data-testid={testId} minW="0">
      <Card.Header pb="2">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" align={{ base: 'stretch', sm: 'start' }}>
          <Stack gap="0" minW="0">
            <Heading as="h3" size="sm" wordBreak="break-word">
              <bdi>{q.label}</bdi>
            </Heading>
            <Text fontSize="sm" color="gray.600">
              {note}
            </Text>
          </Stack>
          <ViewToggle title={q.label} view={view} onChange={setView} testId={testId} />
        </Stack>
      </Card.Header>
      <Card.Body pt="2">
        {q.points.length === 0 ? (
          <Text color="gray.600" fontSize="sm">
            {t('dashboardReports.nothingYet')}
          </Text>
        ) : view === REPORT_VIEW.GraphsReport ? (
          <PointsMap
            points={q.points}
            label={t('dashboardReports.mapOf', { title: q.label, n: nf.format(q.points.length) })}
            height={260}
            testId={`${testId}-map`}
          />
        ) : (
          <Table.ScrollArea maxH="72">
            <Table.Root size="sm" stickyHeader data-testid={`${testId}-rows`}>
              <Table.Caption srOnly>{q.label}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('dashboardReports.latitude')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboardReports.longitude')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box as="span" srOnly>
                      {t('surveyData.open')}
                    </Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {q.points.map((p) => (
                  <Table.Row key={p.submissionId}>
                    <Table.Cell dir="ltr">{p.latitude.toFixed(6)}</Table.Cell>
                    <Table.Cell dir="ltr">{p.longitude.toFixed(6)}</Table.Cell>
                    <Table.Cell>
                      <Link to={`/survey/submission/${p.submissionId}`} style={{ textDecoration: 'underline' }}>
                        {t('surveyData.open')}
                      </Link>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ReportCard({
  title,
  note,
  rows,
  layout,
  testId,
  firstColumn,
}: {
  title: string;
  note?: string | undefined;
  rows: Row[];
  layout: 'horizontal' | 'vertical' | 'line';
  testId: string;
  firstColumn: string;
}) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<ReportView>(REPORT_VIEW.GraphsReport);
  const nf = new Intl.NumberFormat(i18n.language);
  const hasPercent = rows.some((r) => r.percent !== undefined);
  const summary = t('dashboardReports.summary', {
    title,
    items: rows.map((r) => `${r.label} ${nf.format(r.count)}${r.percent !== undefined ? ` (${nf.format(r.percent)}%)` : ''}`).join(', '),
  });
  const labels = useMemo(() => rows.map((r) => r.label), [rows]);
  const values = useMemo(() => rows.map((r) => r.count), [rows]);
  return (
    <Card.Root data-testid={testId} minW="0">
      <Card.Header pb="2">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" align={{ base: 'stretch', sm: 'start' }}>
          <Stack gap="0" minW="0">
            <Heading as="h3" size="sm" wordBreak="break-word">
              <bdi>{title}</bdi>
            </Heading>
            {note && (
              <Text fontSize="sm" color="gray.600">
                {note}
              </Text>
            )}
          </Stack>
          <ViewToggle title={title} view={view} onChange={setView} testId={testId} />
        </Stack>
      </Card.Header>
      <Card.Body pt="2">
        {rows.length === 0 ? (
          <Text color="gray.600" fontSize="sm">
            {t('dashboardReports.nothingYet')}
          </Text>
        ) : view === REPORT_VIEW.GraphsReport ? (
          <Suspense fallback={<Skeleton h="40" />}>
            <BarChart labels={labels} values={values} layout={layout} summary={summary} testId={`${testId}-chart`} />
          </Suspense>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid={`${testId}-rows`}>
              <Table.Caption srOnly>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{firstColumn}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('dashboardReports.count')}</Table.ColumnHeader>
                  {hasPercent && <Table.ColumnHeader textAlign="end">{t('dashboardReports.percent')}</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r, i) => (
                  <Table.Row key={`${r.label}-${i}`}>
                    <Table.Cell wordBreak="break-word">
                      <bdi>{r.label}</bdi>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{nf.format(r.count)}</Table.Cell>
                    {hasPercent && <Table.Cell textAlign="end">{r.percent !== undefined ? `${nf.format(r.percent)}%` : ''}</Table.Cell>}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function SurveyReports({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const surveys = useProjectSurveys(projectId);
  const [picked, setPicked] = useState<string | null>(null);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const surveyId = picked && surveys.data?.some((s) => s.id === picked) ? picked : (surveys.data?.[0]?.id ?? null);
  const model = useSurveyModel(surveyId);
  // The data table's filters: a date range and answer filters (the same controls as Survey Data).
  const [range, setRange] = useState({ from: '', to: '' });
  const [chips, setChips] = useState<AnswerFilterChip[]>([]);
  useEffect(() => {
    setChips([]);
    setRange({ from: '', to: '' });
  }, [surveyId]);
  const filters = useMemo(
    () =>
      filterParams({
        search: '',
        from: range.from,
        to: range.to,
        reviewStatus: '',
        sort: '',
        answerFilters: filterStrings(chips),
        languageId: undefined,
      }).toString(),
    [range, chips],
  );
  const report = useQuery({
    queryKey: ['survey-report', surveyId, languageId, filters],
    enabled: !!surveyId,
    placeholderData: keepPreviousData,
    // The filters repeat Filter, which call() does not send: the address is built here, with the declaration's path.
    queryFn: () =>
      api.get<SurveyReport>(
        `${SURVEY_REPORT_API.getSurveyReport.path}?SurveyId=${surveyId}${languageId ? `&LanguageId=${languageId}` : ''}${filters ? `&${filters}` : ''}`,
      ),
  });
  const nf = new Intl.NumberFormat(i18n.language);
  const r = report.data;
  const date = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

  return (
    <Stack gap="4" as="section" aria-labelledby="survey-reports-title" data-testid="survey-reports">
      <Heading as="h2" size="lg" id="survey-reports-title">
        {t('dashboardReports.title')}
      </Heading>
      {surveys.data && surveys.data.length === 0 ? (
        <Text color="gray.600">{t('dashboardReports.noSurveys')}</Text>
      ) : (
        <Stack direction={{ base: 'column', md: 'row' }} gap="3">
          <Field.Root maxW={{ md: 'sm' }}>
            <Field.Label>{t('dashboardReports.survey')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={surveyId ?? ''}
                onChange={(e) => {
                  setPicked(e.currentTarget.value);
                  setLanguageId(null);
                }}
                data-testid="report-survey"
              >
                {(surveys.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {r && r.survey.languages.length > 1 && (
            <Field.Root maxW={{ md: '2xs' }}>
              <Field.Label>{t('dashboardReports.language')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={String(r.survey.languageId)}
                  onChange={(e) => setLanguageId(Number(e.currentTarget.value))}
                  data-testid="report-language"
                >
                  {r.survey.languages.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </Stack>
      )}
      {surveyId && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Field.Root maxW={{ sm: '3xs' }}>
            <Field.Label>{t('surveyData.from')}</Field.Label>
            <Input
              size="sm"
              type="date"
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
              data-testid="report-from"
            />
          </Field.Root>
          <Field.Root maxW={{ sm: '3xs' }}>
            <Field.Label>{t('surveyData.to')}</Field.Label>
            <Input
              size="sm"
              type="date"
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
              data-testid="report-to"
            />
          </Field.Root>
        </Stack>
      )}
      {model.data && <AnswerFilters model={model.data} value={chips} onChange={setChips} idPrefix="report-filter" />}
      {report.isError && <Text color="red.600">{t('dashboardReports.failed')}</Text>}
      {surveyId && !r && !report.isError && <Skeleton h="40" borderRadius="xl" />}
      {r && (
        <Stack gap="4">
          <Card.Root data-testid="report-goal">
            <Card.Body>
              <Progress.Root value={Math.min(100, r.goal.percent ?? 0)} max={100} colorPalette="green">
                <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="1" mb="2">
                  <Progress.Label>{t('dashboardReports.goal')}</Progress.Label>
                  <Text fontSize="sm" data-testid="report-goal-text">
                    {t('dashboardReports.goalText', {
                      reached: nf.format(r.goal.reached),
                      target: nf.format(r.goal.target),
                      percent: nf.format(r.goal.percent ?? 0),
                    })}
                  </Text>
                </Stack>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Card.Body>
          </Card.Root>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <ReportCard
              testId="report-days"
              title={t('dashboardReports.perDay')}
              firstColumn={t('dashboardReports.day')}
              layout={r.perDay.length > 1 ? 'line' : 'vertical'}
              rows={r.perDay.map((d) => ({ label: date(d.day), count: d.count }))}
            />
            <ReportCard
              testId="report-collectors"
              title={t('dashboardReports.perCollector')}
              firstColumn={t('dashboardReports.collector')}
              layout="horizontal"
              rows={r.perCollector.map((c) => ({ label: c.name ?? t('dashboardReports.anonymous'), count: c.count }))}
            />
            <ReportCard
              testId="report-tasks"
              title={t('dashboardReports.perTask')}
              firstColumn={t('dashboardReports.task')}
              layout="horizontal"
              rows={r.perTask.map((x, i) => ({
                label: x.id ? t('dashboardReports.taskN', { n: i + 1 }) : t('dashboardReports.noTask'),
                count: x.count,
              }))}
            />
            {r.selectQuestions.map((q) => (
              <ReportCard
                key={q.id}
                testId={`report-q-${q.name}`}
                title={q.label}
                note={t('dashboardReports.answered', { count: q.answered, n: nf.format(q.answered) })}
                firstColumn={t('dashboardReports.choice')}
                layout="horizontal"
                rows={q.choices.map((c) => ({ label: c.label, count: c.count, percent: c.percent }))}
              />
            ))}
            {r.numberQuestions.map((q) => (
              <ReportCard
                key={q.id}
                testId={`report-q-${q.name}`}
                title={q.label}
                note={
                  q.mean !== null
                    ? t('dashboardReports.numberNote', {
                        n: nf.format(q.answered),
                        mean: nf.format(q.mean),
                        min: nf.format(q.min ?? 0),
                        max: nf.format(q.max ?? 0),
                      })
                    : undefined
                }
                firstColumn={t('dashboardReports.range')}
                layout="vertical"
                rows={q.bins.map((b) => ({
                  label: b.from === b.to ? nf.format(b.from) : `${nf.format(b.from)}–${nf.format(b.to)}`,
                  count: b.count,
                }))}
              />
            ))}
            {r.gpsQuestions.map((q) => (
              <GpsCard key={q.id} q={q} testId={`report-q-${q.name}`} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
