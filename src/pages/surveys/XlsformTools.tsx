// Survey Tools' 'Import XLSForm' and 'Export XLSForm': a workbook becomes a new survey or the
// content of a survey still Editing, and its report (what was mapped approximately, or why it cannot be
// imported) is a table of sheet, row and column, each linked to the question in the builder. Export
// downloads a survey's XLSForm. The calls are POST DataCollection/importXlsForm and GET exportSurvey.
import { Box, Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { hasAnyRole } from '../../../schemas/roles';
import { BUILDER_BASE } from '../../../schemas/screens/surveyTools';
import type { AnswerOf } from '../../../schemas/endpoint';
import { SURVEYS_API } from '../../../schemas/surveys';
import { XLSFORM_API, XLSFORM_IMPORT_ROLES, XLSFORM_MAX_BYTES } from '../../../schemas/xlsform';
import { call, pathOf } from '../../api/call';
import { ApiError } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { CollectDevices } from './CollectDevices';
import { ProjectWebhooks } from './ProjectWebhooks';
import { session } from '../../state/session';

/** An entry of the import's report; its English message is shown only when it has no code (engine/survey/xlsform/messages.ts). */
type ReportEntry = AnswerOf<typeof XLSFORM_API.importXlsForm>['report'][number];

/**
 * An entry's text in the interface language, by its code (xlsform.messages.<code>), as API problems are
 * shown by theirs. 'to' names one of our types and 'why' a reason: both are translated too.
 */
function reportText(t: TFunction, r: ReportEntry): string {
  if (!r.code) return r.message;
  const p = r.params ?? {};
  const ours =
    r.code === 'nearest'
      ? { toTitle: t(`builder.types.${String(p.to)}`, { defaultValue: String(p.toTitle ?? '') }), why: t(`xlsform.why.${String(p.why)}`) }
      : {};
  return t(`xlsform.messages.${r.code}`, { ...p, ...ours, defaultValue: r.message });
}
type SurveyOption = AnswerOf<typeof SURVEYS_API.getAllSurveysForProjectByStatus>['surveys'][number];

type Mode = 'import' | 'export' | null;

export function XlsformTools() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [mode, setMode] = useState<Mode>(null);
  const canImport = hasAnyRole(snap.roles, XLSFORM_IMPORT_ROLES);
  return (
    <HStack gap="2" mb="3" justify="flex-end" wrap="wrap">
      {canImport && (
        <Button size="sm" variant="outline" onClick={() => setMode('import')} data-testid="xlsform-import-open">
          {t('xlsform.import')}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setMode('export')} data-testid="xlsform-export-open">
        {t('xlsform.export')}
      </Button>
      <CollectDevices />
      <ProjectWebhooks />
      {mode !== null && <XlsformDialog mode={mode} projectId={snap.currentProjectId ?? ''} onClose={() => setMode(null)} />}
    </HStack>
  );
}

function XlsformDialog({ mode, projectId, onClose }: { mode: 'import' | 'export'; projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { file: useId(), target: useId(), survey: useId() };
  const [surveys, setSurveys] = useState<SurveyOption[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ surveyId: string | null; report: ReportEntry[] } | null>(null);

  useEffect(() => {
    call(SURVEYS_API.getAllSurveysForProjectByStatus, { query: { ProjectId: projectId } })
      .then((d) => setSurveys(d.surveys))
      .catch(() => setSurveys([]));
  }, [projectId]);

  const editing = surveys.filter((s) => s.surveyStatusId === 0);

  async function runImport() {
    if (!file) return setProblem(t('xlsform.chooseFile'));
    if (file.size > XLSFORM_MAX_BYTES) return setProblem(t('xlsform.tooLarge'));
    setBusy(true);
    setProblem(null);
    setResult(null);
    const form = new FormData();
    form.set('ProjectId', projectId);
    if (target) form.set('SurveyId', target);
    form.set('File', file, file.name);
    try {
      const imported = await call(XLSFORM_API.importXlsForm, {}, { form, timeoutMs: 120_000 });
      setResult({ surveyId: imported.surveyId, report: imported.report });
    } catch (e) {
      const report = e instanceof ApiError ? (e.data as { report?: ReportEntry[] } | null)?.report : undefined;
      if (report) setResult({ surveyId: null, report });
      else setProblem(e instanceof ApiError ? e.joined : t('xlsform.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function runExport() {
    const survey = surveys.find((s) => s.id === target);
    if (!survey) return setProblem(t('xlsform.chooseSurvey'));
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch(`/api${pathOf(SURVEYS_API.exportSurvey, { id: survey.id })}`, {
        headers: { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' },
      });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `${survey.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'survey'}.xlsx`;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      setProblem(t('xlsform.failed'));
    } finally {
      setBusy(false);
    }
  }

  const failed = result !== null && result.surveyId === null;
  return (
    <AppDialog
      open
      onClose={onClose}
      testId={`xlsform-${mode}-dialog`}
      title={t(mode === 'import' ? 'xlsform.importTitle' : 'xlsform.exportTitle')}
      subtitle={
        <Text textStyle="sm" color="fg.muted">
          {t(mode === 'import' ? 'xlsform.importHint' : 'xlsform.exportHint')}
        </Text>
      }
      size={result?.report.length ? 'xl' : 'md'}
      scroll
      footer={
        <HStack gap="2">
          <Button variant="ghost" onClick={onClose}>
            {t('common.close')}
          </Button>
          {result?.surveyId ? (
            <Button asChild colorPalette="blue">
              <Link to={`${BUILDER_BASE}/${result.surveyId}`}>{t('xlsform.openBuilder')}</Link>
            </Button>
          ) : (
            <Button
              colorPalette="blue"
              loading={busy}
              onClick={() => void (mode === 'import' ? runImport() : runExport())}
              data-testid={`xlsform-${mode}-run`}
            >
              {t(mode === 'import' ? 'xlsform.importRun' : 'xlsform.exportRun')}
            </Button>
          )}
        </HStack>
      }
    >
      <Stack gap="4">
        {mode === 'import' ? (
          <>
            <Stack gap="1">
              <label htmlFor={ids.file}>
                <Text fontWeight="medium">{t('xlsform.file')}</Text>
              </label>
              <input
                id={ids.file}
                type="file"
                accept=".xlsx,.xlsm,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel.sheet.macroEnabled.12,application/vnd.ms-excel"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="xlsform-file"
              />
            </Stack>
            <Stack gap="1">
              <label htmlFor={ids.target}>
                <Text fontWeight="medium">{t('xlsform.target')}</Text>
              </label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id={ids.target} value={target} onChange={(e) => setTarget(e.target.value)} data-testid="xlsform-target">
                  <option value="">{t('xlsform.newSurvey')}</option>
                  {editing.map((s) => (
                    <option key={s.id} value={s.id} dir="auto">
                      {t('xlsform.replace', { name: s.name })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
          </>
        ) : (
          <Stack gap="1">
            <label htmlFor={ids.survey}>
              <Text fontWeight="medium">{t('xlsform.survey')}</Text>
            </label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={ids.survey} value={target} onChange={(e) => setTarget(e.target.value)} data-testid="xlsform-survey">
                <option value="">{t('xlsform.chooseSurvey')}</option>
                {surveys.map((s) => (
                  <option key={s.id} value={s.id} dir="auto">
                    {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        )}
        {problem && (
          <Text color="fg.error" role="alert">
            {problem}
          </Text>
        )}
        {result && (
          <Stack gap="2" data-testid="xlsform-report">
            <Text role="status" fontWeight="medium" color={failed ? 'fg.error' : 'fg'}>
              {failed
                ? t('xlsform.refused')
                : result.report.length
                  ? t('xlsform.importedWithNotes', { count: result.report.length })
                  : t('xlsform.imported')}
            </Text>
            {result.report.length > 0 && (
              <Box overflowX="auto">
                <Table.Root size="sm" variant="outline" tableLayout={{ base: 'fixed', md: 'auto' }} width="full">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader width={{ base: '20', md: 'auto' }}>{t('xlsform.columns.level')}</Table.ColumnHeader>
                      <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('xlsform.columns.where')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('xlsform.columns.message')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {result.report.slice(0, 500).map((r, i) => (
                      <Table.Row key={i}>
                        <Table.Cell
                          color={r.level === 'error' ? 'fg.error' : { base: 'orange.800', _dark: 'orange.300' }}
                          fontWeight="medium"
                        >
                          {t(`xlsform.level.${r.level}`)}
                        </Table.Cell>
                        <Table.Cell minW="24" display={{ base: 'none', md: 'table-cell' }}>
                          <Where r={r} surveyId={result.surveyId} />
                        </Table.Cell>
                        <Table.Cell minW={{ base: '0', md: '40' }} overflowWrap="anywhere">
                          {/* On a phone the place goes above the message: three columns do not fit in 360 px. */}
                          <Box display={{ base: 'block', md: 'none' }} color="fg.muted" textStyle="xs">
                            <Where r={r} surveyId={result.surveyId} />
                          </Box>
                          <bdi>{reportText(t, r)}</bdi>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}

/** Sheet, row, column and the question (linked to the builder when the survey exists). */
function Where({ r, surveyId }: { r: ReportEntry; surveyId: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi>{r.sheet}</bdi>
      {r.row > 0 ? ` · ${t('xlsform.row', { row: r.row })}` : ''}
      {r.column ? (
        <>
          {' · '}
          <bdi>{r.column}</bdi>
        </>
      ) : null}
      {r.name && surveyId ? (
        <>
          {' · '}
          <Link to={`${BUILDER_BASE}/${surveyId}?question=${encodeURIComponent(r.name)}`}>
            <bdi>{r.name}</bdi>
          </Link>
        </>
      ) : null}
    </>
  );
}
