// The upload of one survey media file (POST DataCollection/uploadSurveyMedia) and the survey's list of
// them (GET getSurveyMediaList): shared by the survey media page and the builder's media dialog, so both
// say the same limits and show the server's own refusal (the kind, the size, bytes that are not what the
// name says). The server decides; the picker's filter only guides.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_KINDS, MEDIA_RULES, SURVEY_MEDIA_API, mediaRefusalOf, type SurveyMediaEntry } from '../../../../schemas/surveyMedia';
import { call } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { forgetSignedMedia } from '../../../api/surveyMedia';
import { toaster } from '../../../app/toastStore';

/** Every extension the server takes, for the file picker's filter (the server still decides). */
export const ACCEPT = MEDIA_KINDS.flatMap((k) => MEDIA_RULES[k].extensions.map((e) => `.${e}`)).join(',');

/** Sizes in the interface language's own digits and unit names, with no text of ours to translate. */
export function sizeText(bytes: number, lang: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    mb ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1),
  );
}

const listKey = (surveyId: string) => ['surveyMedia', 'list', surveyId] as const;

export function useSurveyMediaList(surveyId: string) {
  return useQuery({
    queryKey: listKey(surveyId),
    queryFn: () => call(SURVEY_MEDIA_API.getSurveyMediaList, { query: { surveyId } }),
  });
}

/** The file picker, the limits, the upload button and its outcome; `onUploaded` hears of each file stored. */
export function MediaUpload({ surveyId, onUploaded }: { surveyId: string; onUploaded?: (entry: SurveyMediaEntry) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { file: useId(), help: useId(), note: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function upload() {
    if (!file) return setProblem(t('surveyMedia.chooseFile'));
    setBusy(true);
    setProblem(null);
    setDone(null);
    const form = new FormData();
    form.set('SurveyId', surveyId);
    form.set('File', file, file.name);
    try {
      const entry = await call(SURVEY_MEDIA_API.uploadSurveyMedia, {}, { form, timeoutMs: 120_000 });
      const message = t('surveyMedia.uploaded', { name: entry.fileName });
      setDone(message);
      toaster.create({ type: 'success', title: message, closable: true });
      setFile(null);
      if (input.current) input.current.value = '';
      // A file of the same name was replaced: what was shown of it is stale.
      forgetSignedMedia(surveyId, entry.fileName);
      await queryClient.invalidateQueries({ queryKey: listKey(surveyId) });
      onUploaded?.(entry);
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
      return t(`surveyMedia.refusals.${refusal.reason}`, {
        kind,
        max,
        row,
        size,
        extensions: MEDIA_KINDS.flatMap((k) => MEDIA_RULES[k].extensions).join(', '),
      });
    }
    const code = e.kind === 'http' ? e.code : undefined;
    return code ? t(`problems.${code}`) : t('surveyMedia.failed');
  }

  const limits = MEDIA_KINDS.map((k) =>
    t('surveyMedia.limit', {
      kind: t(`surveyMedia.kinds.${k}`),
      extensions: MEDIA_RULES[k].extensions.join(', '),
      size: sizeText(MEDIA_RULES[k].maxBytes, i18n.language),
    }),
  ).join(' · ');

  return (
    <Stack gap="3">
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
  );
}
