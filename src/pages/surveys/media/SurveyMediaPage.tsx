// /survey/media/{surveyId}: the media files attached to a survey. Authors upload the
// images, audio and video its labels name, and the CSV files pulldata('name', ...) reads. The calls are
// POST DataCollection/uploadSurveyMedia, GET getSurveyMediaList and GET getSurveyMedia/{surveyId}/{fileName};
// the server decides the kind by the file's extension and checks the bytes, so this page only guides.
import { Box, Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SURVEYS_API } from '../../../../schemas/surveys';
import { call } from '../../../api/call';
import { fetchSurveyMedia, surveyMediaPath as mediaUrl } from '../../../api/surveyMedia';
import { toaster } from '../../../app/toastStore';
import { builderKey } from '../builder/api';
import { MediaUpload, sizeText, useSurveyMediaList } from './MediaUpload';

/**
 * A survey not yet deployed serves its media only to signed-in members, and the session travels as a
 * header, not a cookie: so the link's own navigation is replaced by a fetch that carries it.
 */
async function download(e: MouseEvent<HTMLAnchorElement>, surveyId: string, fileName: string, failed: string) {
  e.preventDefault();
  try {
    const url = URL.createObjectURL(await fetchSurveyMedia(surveyId, fileName));
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
  // An upload raises the survey's version and may change its CSV files: the builder loads both again.
  const queryClient = useQueryClient();
  const survey = useQuery({
    queryKey: ['surveyMedia', 'survey', surveyId],
    queryFn: () => call(SURVEYS_API.getById, { body: { SurveyId: surveyId } }),
  });
  const list = useSurveyMediaList(surveyId);
  const files = list.data ?? [];

  return (
    <Stack gap="6" maxW="5xl" data-testid="survey-media">
      <Stack gap="1">
        <Heading as="h1" size="xl" overflowWrap="anywhere" data-testid="survey-media-title">
          {survey.data ? <bdi>{survey.data.name}</bdi> : t('surveyMedia.title')}
        </Heading>
        <Text color="fg.muted">{t('surveyMedia.title')}</Text>
      </Stack>

      <Stack as="section" gap="3" borderWidth="1px" borderRadius="md" p="4">
        <Heading as="h2" size="md">
          {t('surveyMedia.uploadTitle')}
        </Heading>
        <MediaUpload surveyId={surveyId} onUploaded={() => void queryClient.invalidateQueries({ queryKey: builderKey(surveyId) })} />
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
