// Importing a respondent list: choose a file (.xlsx, .csv), see its columns with the suggested mapping
// and its first rows (nothing is stored yet: closing here leaves no trace), choose the key, what to do
// with duplicates and whether one bad row refuses the file, then import and read the row-by-row report.
import { Badge, Box, Button, Checkbox, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_COLUMN_TYPES,
  DUPLICATE_POLICIES,
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  KEY_FIELDS,
  STANDARD_FIELDS,
  type BeneficiaryTable,
  type ImportLine,
  type ImportMapping,
  type ImportPreview,
  type ImportReport,
} from '../../../schemas/beneficiaries';
import { ApiError } from '../../api/client';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField, Options, SelectControl } from '../../components/FormField';
import { FilePicker } from '../../components/FilePicker';
import { firstProblemText } from '../../i18n';
import { respondentsApi } from './api';

type Step =
  | { at: 'file' }
  | { at: 'map'; preview: ImportPreview; mapping: ImportMapping }
  | { at: 'report'; report: ImportReport | null; lines: ImportLine[] };

const MB = 1024 * 1024;

export function ImportDialog(p: {
  projectId: string;
  into?: BeneficiaryTable | undefined;
  onClose: () => void;
  onDone: (tableId: string) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ at: 'file' });
  const [error, setError] = useState('');
  const refusal = (e: unknown) => (e instanceof ApiError ? firstProblemText(e) : t('respondents.import.failed'));
  const preview = useMutation({
    mutationFn: (f: File) => respondentsApi.preview(p.projectId, f),
    onSuccess: (preview) => {
      const mapping = { ...preview.suggested, ...(p.into ? { key: p.into.keyField } : {}) };
      setStep({ at: 'map', preview, mapping });
    },
    onError: (e) => setError(refusal(e)),
  });
  const run = useMutation({
    mutationFn: (m: ImportMapping) => respondentsApi.importTable(p.projectId, file!, m, p.into?.id),
    onSuccess: (r) => {
      setStep({ at: 'report', report: r.report, lines: r.report.lines });
      p.onDone(r.tableId);
    },
    onError: (e) => {
      const lines = e instanceof ApiError ? ((e.data as { lines?: ImportLine[] } | null)?.lines ?? []) : [];
      if (lines.length) setStep({ at: 'report', report: null, lines });
      setError(refusal(e));
    },
  });

  const choose = (files: File[]) => {
    const f = files[0];
    setError('');
    if (!f) return;
    const ext = /\.([a-z]+)$/i.exec(f.name)?.[1]?.toLowerCase() ?? '';
    if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return setError(t('respondents.import.badType'));
    if (f.size > IMPORT_MAX_BYTES) return setError(t('respondents.import.tooLarge', { max: IMPORT_MAX_BYTES / MB }));
    setFile(f);
    preview.mutate(f);
  };
  const setMapping = (m: ImportMapping) => step.at === 'map' && setStep({ ...step, mapping: m });

  const footer =
    step.at === 'file' ? (
      <DialogActions
        onCancel={p.onClose}
        cancelText={t('common.cancel')}
        submitText={t('respondents.import.next')}
        busy={preview.isPending}
        submitTestId="import-next"
        onSubmit={() => file && preview.mutate(file)}
      />
    ) : step.at === 'map' ? (
      <DialogActions
        onCancel={p.onClose}
        cancelText={t('common.cancel')}
        submitText={t('respondents.import.run')}
        busy={run.isPending}
        submitTestId="import-run"
        onSubmit={() => {
          setError('');
          run.mutate(step.mapping);
        }}
      />
    ) : (
      <Button colorPalette="brand" onClick={p.onClose} data-testid="import-done">
        {t('respondents.import.done')}
      </Button>
    );

  return (
    <AppDialog
      open
      onClose={p.onClose}
      testId="import-dialog"
      title={t(p.into ? 'respondents.import.intoTitle' : 'respondents.import.title', { name: p.into?.name ?? '' })}
      size="xl"
      scroll
      footer={footer}
    >
      <Stack gap="4">
        {step.at === 'file' && (
          <FilePicker
            label={t('respondents.import.file')}
            chooseText={t('respondents.import.choose')}
            hint={t('respondents.import.hint', { max: IMPORT_MAX_BYTES / MB })}
            files={file ? [file] : []}
            onAdd={choose}
            onRemove={() => setFile(null)}
            accept=".xlsx,.xls,.csv"
            full={!!file}
            removeLabel={(name) => t('respondents.import.remove', { name })}
            testId="import-file"
            listTestId="import-files"
            {...(error ? { error } : {})}
          />
        )}
        {step.at === 'map' && <Mapping preview={step.preview} mapping={step.mapping} onChange={setMapping} into={p.into} />}
        {step.at === 'report' && <Report report={step.report} lines={step.lines} />}
        {error && step.at !== 'file' && (
          <Text color="red.600" role="alert" data-testid="import-error">
            {error}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}

function Mapping({
  preview,
  mapping,
  onChange,
  into,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (m: ImportMapping) => void;
  into?: BeneficiaryTable | undefined;
}) {
  const { t } = useTranslation();
  const fieldItems = [
    ...STANDARD_FIELDS.map((f) => ({ value: f, label: t(`respondents.fields.${f}`) })),
    { value: 'custom', label: t('respondents.import.custom') },
    { value: 'ignore', label: t('respondents.import.ignore') },
  ];
  const setColumn = (i: number, change: Partial<ImportMapping['columns'][number]>) =>
    onChange({ ...mapping, columns: mapping.columns.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  return (
    <Stack gap="4">
      <Text>{t('respondents.import.rows', { count: preview.totalRows })}</Text>
      <HStack gap="3" wrap="wrap" align="end">
        {!into && (
          <FormField label={t('respondents.import.name')}>
            <Input
              value={mapping.name ?? ''}
              onChange={(e) => onChange({ ...mapping, name: e.currentTarget.value })}
              data-testid="import-name"
            />
          </FormField>
        )}
        <FormField label={t('respondents.import.key')}>
          <SelectControl
            value={mapping.key}
            onChange={(v) => onChange({ ...mapping, key: v as ImportMapping['key'] })}
            disabled={!!into}
            testId="import-key"
          >
            <Options items={KEY_FIELDS.map((k) => ({ value: k, label: t(`respondents.fields.${k}`) }))} />
          </SelectControl>
        </FormField>
        <FormField label={t('respondents.import.duplicates')}>
          <SelectControl
            value={mapping.duplicates}
            onChange={(v) => onChange({ ...mapping, duplicates: v as ImportMapping['duplicates'] })}
            testId="import-duplicates"
          >
            <Options items={DUPLICATE_POLICIES.map((d) => ({ value: d, label: t(`respondents.import.policy.${d}`) }))} />
          </SelectControl>
        </FormField>
      </HStack>
      <Checkbox.Root
        checked={mapping.strict ?? false}
        onCheckedChange={(e) => onChange({ ...mapping, strict: e.checked === true })}
        data-testid="import-strict"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('respondents.import.strict')}</Checkbox.Label>
      </Checkbox.Root>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" data-testid="import-mapping">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>{t('respondents.import.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('respondents.import.sample')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('respondents.import.field')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mapping.columns.map((c, i) => (
              <Table.Row key={c.source}>
                <Table.Cell fontWeight="semibold">{c.source}</Table.Cell>
                <Table.Cell>
                  <Text lineClamp={1} maxW="48">
                    {preview.rows[0]?.[preview.columns.indexOf(c.source)] ?? ''}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <SelectControl
                      size="sm"
                      width="44"
                      value={c.field}
                      ariaLabel={t('respondents.import.fieldOf', { name: c.source })}
                      onChange={(v) => setColumn(i, { field: v as typeof c.field })}
                      testId={`map-${i}`}
                    >
                      <Options items={fieldItems} />
                    </SelectControl>
                    {c.field === 'custom' && (
                      <SelectControl
                        size="sm"
                        width="32"
                        value={c.type ?? 'text'}
                        ariaLabel={t('respondents.import.typeOf', { name: c.source })}
                        onChange={(v) => setColumn(i, { type: v as (typeof CUSTOM_COLUMN_TYPES)[number] })}
                      >
                        <Options items={CUSTOM_COLUMN_TYPES.map((x) => ({ value: x, label: t(`respondents.import.types.${x}`) }))} />
                      </SelectControl>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

function Report({ report, lines }: { report: ImportReport | null; lines: ImportLine[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="import-report">
      {report ? (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="green">{t('respondents.report.added', { count: report.added })}</Badge>
          <Badge colorPalette="blue">{t('respondents.report.updated', { count: report.updated })}</Badge>
          <Badge colorPalette="gray">{t('respondents.report.skipped', { count: report.skipped })}</Badge>
          <Badge colorPalette="red">{t('respondents.report.refused', { count: report.refused })}</Badge>
        </HStack>
      ) : (
        <Text fontWeight="semibold">{t('respondents.report.nothingStored')}</Text>
      )}
      {lines.length > 0 && (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md" maxH="72" overflowY="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="gray.50">
                <Table.ColumnHeader>{t('respondents.report.row')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('respondents.import.column')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('respondents.report.problem')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((l, i) => (
                <Table.Row key={i} data-testid="report-line">
                  <Table.Cell>{l.row}</Table.Cell>
                  <Table.Cell>{l.column}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={l.level === 'error' ? 'red' : 'orange'} me="2">
                      {t(`respondents.report.${l.level}`)}
                    </Badge>
                    {t(`respondents.report.codes.${l.code}`)}
                    {l.value && (
                      <Text as="span" color="gray.600">
                        {' '}
                        ({l.value})
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
