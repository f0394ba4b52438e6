// 'Add multiple members' (spec 001 section 5 "Bulk upload"): the template to download, an .xls/.xlsx of
// at most 1 MB (its size checked before it is read), read here in the browser with ExcelJS, the rows
// that would be dropped listed with their reasons, then 'Add members' sends the rest.
import { Box, Button, FileUpload, Flex, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import {
  BULK_FILE_BYTES,
  BULK_MAX_ROWS,
  MEMBER_SHEET,
  readMemberRows,
  type DroppedRow,
  type MemberRow,
} from '../../../engine/validation/memberRows';
import { LOOKUPS_API } from '../../../schemas/lookups';
import { MEMBERS_API, genderCodes, roleOptionsFor, type MemberFormPage } from '../../../schemas/members';
import { roleByName } from '../../../schemas/roles';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { SCREEN_QUERY } from '../../components/admin-screen/useScreenList';
import { problemText, firstProblemText } from '../../i18n';
import { session } from '../../state/session';

type Read = { fileName: string; rows: MemberRow[]; dropped: DroppedRow[] } | { fileName: string; error: string };

const lookups = () => Promise.all([call(LOOKUPS_API.getAll), call(LOOKUPS_API.getAllCountries)]);

async function cellsOf(file: File): Promise<string[][] | undefined> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const ws = wb.getWorksheet(MEMBER_SHEET) ?? wb.worksheets[0];
  if (!ws) return undefined;
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    if (n === 1) return;
    const values: string[] = [];
    for (let c = 1; c <= 6; c++) {
      const v = row.getCell(c).value;
      values.push(v && typeof v === 'object' && 'text' in v ? String(v.text) : v === null || v === undefined ? '' : String(v));
    }
    out[n - 2] = values;
  });
  return Array.from(out, (r) => r ?? []);
}

export function BulkUpload({ page, onDone, onCancel }: { page: MemberFormPage; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const queryClient = useQueryClient();
  const refs = useQuery({ queryKey: ['member-bulk-lookups'], queryFn: lookups, staleTime: 10 * 60_000 });
  const [read, setRead] = useState<Read | null>(null);
  const [busy, setBusy] = useState(false);
  const adminPage = page === 'admin';
  const kind = adminPage ? 'users' : 'members';

  async function choose(file: File | undefined) {
    if (!file) return setRead(null);
    if (!/\.xlsx?$/i.test(file.name)) return setRead({ fileName: file.name, error: t('memberManagement.bulk.wrongType') });
    // Checked before a byte is read: the label promises 1 MB.
    if (file.size > BULK_FILE_BYTES) return setRead({ fileName: file.name, error: t('memberManagement.bulk.tooLarge') });
    if (!refs.data) return;
    try {
      const cells = await cellsOf(file);
      if (!cells) return setRead({ fileName: file.name, error: t('memberManagement.bulk.unreadable') });
      if (cells.length > BULK_MAX_ROWS)
        return setRead({ fileName: file.name, error: t('memberManagement.bulk.tooMany', { count: BULK_MAX_ROWS }) });
      const roles = new Map(roleOptionsFor(adminPage ? 'admin' : page, snap.roles).map((r) => [r as string, roleByName(r)!.id]));
      const [languages, countries] = refs.data;
      setRead({ fileName: file.name, ...readMemberRows(cells, { roles, languages, countries }) });
    } catch {
      setRead({ fileName: file.name, error: t('memberManagement.bulk.unreadable') });
    }
  }

  async function download() {
    try {
      const res = await fetch(`/api/Members/getMembersTemplate?kind=${kind}`, {
        headers: { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' },
      });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = kind === 'users' ? 'Multiple_User_Members.xlsx' : 'Multiple_Members.xlsx';
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      notify('error', t('memberManagement.bulk.downloadFailed'));
    }
  }

  async function confirm() {
    if (!read || 'error' in read || !read.rows.length) return;
    setBusy(true);
    const scope = adminPage
      ? { workspaceIds: snap.currentWorkspaceId ? [snap.currentWorkspaceId] : [] }
      : { projectId: snap.currentProjectId! };
    // A row's gender is one of the codes: readMemberRows drops the rows whose gender it does not know.
    const body = read.rows.map(({ row: _row, gender, ...m }) => ({ ...m, gender: genderCodes.find((g) => g === gender)!, ...scope }));
    try {
      const result = await call(MEMBERS_API.addMembers, { body });
      await queryClient.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      if (result.failed.length) {
        const first = result.failed[0]!;
        notify(
          'warning',
          t('memberManagement.bulk.partly', { added: result.added, failed: result.failed.length }),
          `${first.email}: ${problemText(first)}`,
        );
      } else notify('success', t('memberManagement.bulk.added'));
      onDone();
    } catch (e) {
      notify('error', e instanceof ApiError ? firstProblemText(e) : t('memberManagement.failed'));
      setBusy(false);
    }
  }

  const ok = read && !('error' in read) ? read : undefined;
  return (
    <Stack gap="4" data-testid="bulk-upload">
      <Text>{t('memberManagement.bulk.intro')}</Text>
      <Box>
        <Link as="button" onClick={() => void download()} color="brand.700" data-testid="bulk-template">
          <LuDownload />{' '}
          {t('memberManagement.bulk.template', { file: kind === 'users' ? 'Multiple_User_Members.xlsx' : 'Multiple_Members.xlsx' })}
        </Link>
      </Box>
      <FileUpload.Root accept={['.xls', '.xlsx']} maxFiles={1} onFileChange={(d) => void choose(d.acceptedFiles[0])}>
        <FileUpload.HiddenInput data-testid="bulk-file" />
        <FileUpload.Label>{t('memberManagement.bulk.label')}</FileUpload.Label>
        <FileUpload.Trigger asChild>
          <Button variant="outline" size="sm" disabled={!refs.data}>
            <LuUpload /> {t('memberManagement.bulk.choose')}
          </Button>
        </FileUpload.Trigger>
        {read && (
          <Text fontSize="sm">
            <bdi>{read.fileName}</bdi>
          </Text>
        )}
      </FileUpload.Root>
      {read && 'error' in read && (
        <Text role="alert" color="red.700" data-testid="bulk-error">
          {read.error}
        </Text>
      )}
      {ok && (
        <Stack gap="2" data-testid="bulk-summary">
          <Text fontWeight="medium">{t('memberManagement.bulk.ready', { count: ok.rows.length })}</Text>
          {ok.dropped.length > 0 && (
            <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3" maxH="48" overflowY="auto">
              <Text fontWeight="medium" mb="1">
                {t('memberManagement.bulk.droppedTitle', { count: ok.dropped.length })}
              </Text>
              <List.Root ps="4" data-testid="bulk-dropped">
                {ok.dropped.map((d) => (
                  <List.Item key={d.row} fontSize="sm">
                    {t('memberManagement.bulk.row', { row: d.row })} <bdi>{d.email}</bdi>:{' '}
                    {d.reasons.map((r) => t(`memberManagement.bulk.reasons.${r}`)).join('; ')}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
        </Stack>
      )}
      <Flex gap="3" justify="flex-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void confirm()}
          disabled={!ok || !ok.rows.length}
          loading={busy}
          data-testid="bulk-confirm"
        >
          {t('memberManagement.bulk.confirm', { count: ok?.rows.length ?? 0 })}
        </Button>
      </Flex>
    </Stack>
  );
}
