// /survey/media/{surveyId}: the media files attached to a survey (issue 21 point 7). Authors upload the
// images, audio and video its labels name, and the CSV files pulldata('name', ...) reads. The calls are
// POST DataCollection/uploadSurveyMedia, GET getSurveyMediaList and GET getSurveyMedia/{surveyId}/{fileName};
// the server decides the kind by the file's extension and checks the bytes, so this page only guides.
import { Box, Button, Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MEDIA_KINDS, MEDIA_RULES, mediaRefusalOf, type SurveyMediaKind } from '../../../../schemas/surveyMedia';
import { api, ApiError, request } from '../../../api/client';
import { toaster } from '../../../app/toaster';
import { problemOf } from '../../../i18n';
import { session } from '../../../state/session';

interface MediaEntry {
  fileName: string;
  kind: SurveyMediaKind;
  contentType: string;
  size: number;
}

/** Every extension the server takes, for the file picker's filter (the server still decides). */
const ACCEPT = MEDIA_KINDS.flatMap((k) => MEDIA_RULES[k].extensions.map((e) => `.${e}`)).join(',');

/** Sizes in the interface language's own digits and unit names, with no text of ours to translate. */
function sizeText(bytes: number, lang: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(mb ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1));
}

const mediaUrl = (surveyId: string, fileName: string) => `/api/DataCollection/getSurveyMedia/${surveyId}/${encodeURIComponent(fileName)}`;

/**
 * A survey not yet deployed serves its media only to signed-in members, and the session travels as a
 * header, not a cookie: so the link's own navigation is replaced by a fetch that carries it.
 */
async function download(e: MouseEvent<HTMLAnchorElement>, surveyId: string, fileName: string, failed: string) {
  e.preventDefault();
  try {
    const res = await fetch(mediaUrl(surveyId, fileName), { headers: { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' } });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  } catch {
    toaster.create({ type: 'error', title: failed, closable: true });
  }
}

export default function SurveyMediaPage() {
  const { t, i18n } = useTranslation();
  const { surveyId = '' } = useParams();
  const queryClient = useQueryClient();
  const ids = { file: useId(), help: useId(), note: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const survey = useQuery({ queryKey: ['surveyMedia', 'survey', surveyId], queryFn: () => api.post<{ name: string }>('/Survey/GetById', { SurveyId: surveyId }) });
  const list = useQuery({ queryKey: ['surveyMedia', 'list', surveyId], queryFn: () => api.get<MediaEntry[]>('/DataCollection/getSurveyMediaList', { query: { surveyId } }) });

  async function upload() {
    if (!file) return setProblem(t('surveyMedia.chooseFile'));
    setBusy(true);
    setProblem(null);
    setDone(null);
    const form = new FormData();
    form.set('SurveyId', surveyId);
    form.set('File', file, file.name);
    try {
      const env = await request<MediaEntry>('POST', '/DataCollection/uploadSurveyMedia', { form, timeoutMs: 120_000 });
      const message = t('surveyMedia.uploaded', { name: env.data.fileName });
      setDone(message);
      toaster.create({ type: 'success', title: message, closable: true });
      setFile(null);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['surveyMedia', 'list', surveyId] });
    } catch (e) {
      setProblem(refusalText(e));
    } finally {
      setBusy(false);
    }
  }

  /**
   * The server's refusal in the interface language: an upload rule by the reason it sends (the kind not
   * allowed, the size over the kind's limit, bytes that are not what the name says...), else the API's
   * problem by its code; never its English sentence.
   */
  function refusalText(e: unknown): string {
    if (!(e instanceof ApiError)) return t('surveyMedia.failed');
    const refusal = mediaRefusalOf(e.data);
    if (refusal) {
      const kind = refusal.kind ? t(`surveyMedia.kinds.${refusal.kind}`) : '';
      const max = refusal.max === undefined ? '' : new Intl.NumberFormat(i18n.language).format(refusal.max);
      // A size limit comes in megabytes; said in the language's own unit names, as the limits above are.
      const size = refusal.reason === 'tooLarge' && refusal.max !== undefined ? sizeText(refusal.max * 1024 * 1024, i18n.language) : '';
      const row = refusal.row === undefined ? '' : new Intl.NumberFormat(i18n.language).format(refusal.row);
      return t(`surveyMedia.refusals.${refusal.reason}`, { kind, max, row, size, extensions: MEDIA_KINDS.flatMap((k) => MEDIA_RULES[k].extensions).join(', ') });
    }
    const code = e.kind === 'http' ? problemOf(e.message) : undefined;
    return code ? t(`problems.${code}`) : t('surveyMedia.failed');
  }

  const limits = MEDIA_KINDS.map((k) => t('surveyMedia.limit', { kind: t(`surveyMedia.kinds.${k}`), extensions: MEDIA_RULES[k].extensions.join(', '), size: sizeText(MEDIA_RULES[k].maxBytes, i18n.language) })).join(' · ');
  const files = list.data ?? [];

  return (
    <Stack gap="6" maxW="5xl" data-testid="survey-media">
      <Stack gap="1">
        <ChakraLink asChild color="blue.fg" alignSelf="flex-start">
          <Link to="/survey/survey-tools" data-testid="survey-media-back">
            {t('surveyMedia.back')}
          </Link>
        </ChakraLink>
        <Heading as="h1" size="xl" overflowWrap="anywhere" data-testid="survey-media-title">
          {survey.data ? <bdi>{survey.data.name}</bdi> : t('surveyMedia.title')}
        </Heading>
        <Text color="fg.muted">{t('surveyMedia.title')}</Text>
      </Stack>

      <Stack as="section" gap="3" borderWidth="1px" borderRadius="md" p="4">
        <Heading as="h2" size="md">
          {t('surveyMedia.uploadTitle')}
        </Heading>
        <label htmlFor={ids.file}>
          <Text fontWeight="medium">{t('surveyMedia.file')}</Text>
        </label>
        <input
          ref={input}
          id={ids.file}
          type="file"
          accept={ACCEPT}
          aria-describedby={`${ids.help} ${ids.note}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
          data-testid="survey-media-file"
          style={{ maxWidth: '100%' }}
        />
        <Text id={ids.help} textStyle="sm" color="fg.muted" data-testid="survey-media-limits">
          {limits}
        </Text>
        <Text id={ids.note} textStyle="sm" color="fg.muted" data-testid="survey-media-csv-note">
          {t('surveyMedia.csvNote')}
        </Text>
        <Box>
          <Button colorPalette="blue" loading={busy} onClick={() => void upload()} data-testid="survey-media-upload">
            {t('surveyMedia.upload')}
          </Button>
        </Box>
        {problem && (
          <Text color="fg.error" role="alert" overflowWrap="anywhere" data-testid="survey-media-problem">
            <bdi>{problem}</bdi>
          </Text>
        )}
        {done && (
          <Text role="status" color="fg.success" overflowWrap="anywhere" data-testid="survey-media-done">
            {done}
          </Text>
        )}
      </Stack>

      <Stack as="section" gap="2">
        <Heading as="h2" size="md">
          {t('surveyMedia.listTitle')}
        </Heading>
        {list.isError ? (
          <Text color="fg.error" role="alert">
            {t('surveyMedia.listFailed')}
          </Text>
        ) : files.length === 0 ? (
          <Text color="fg.muted" data-testid="survey-media-empty">
            {list.isPending ? t('surveyMedia.loading') : t('surveyMedia.empty')}
          </Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" variant="outline" data-testid="survey-media-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('surveyMedia.columns.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('surveyMedia.columns.kind')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('surveyMedia.columns.size')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box as="span" srOnly>
                      {t('surveyMedia.columns.download')}
                    </Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {files.map((f) => (
                  <Table.Row key={f.fileName} data-testid="survey-media-row">
                    <Table.Cell overflowWrap="anywhere" minW="24">
                      <bdi>{f.fileName}</bdi>
                    </Table.Cell>
                    <Table.Cell>{t(`surveyMedia.kinds.${f.kind}`)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {sizeText(f.size, i18n.language)}
                    </Table.Cell>
                    <Table.Cell>
                      <ChakraLink
                        color="blue.fg"
                        href={mediaUrl(surveyId, f.fileName)}
                        onClick={(e) => void download(e, surveyId, f.fileName, t('surveyMedia.downloadFailed'))}
                      >
                        {t('surveyMedia.download')}
                        <Box as="span" srOnly>
                          {' '}
                          <bdi>{f.fileName}</bdi>
                        </Box>
                      </ChakraLink>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
