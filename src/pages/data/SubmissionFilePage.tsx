// An export's file link (/survey/submission-file/{organization}/{file}): the file fetched with the
// session in the organization the link names, then saved as a download. A spreadsheet opens the link
// in the browser, which carries no API token of its own (a signed-out user is sent to sign in first).
// Another organization's file, or one the role does not reach, is a 404.
import { Button, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MessagePage } from '../../components/MessagePage';
import { saveFile, submissionFileIn } from './api';

type State = { kind: 'loading' } | { kind: 'ready'; file: { blob: Blob; name: string } } | { kind: 'failed' };

export default function SubmissionFilePage() {
  const { t } = useTranslation();
  const { organizationId = '', fileId = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    submissionFileIn(organizationId, fileId).then(
      (file) => {
        if (!live) return;
        setState({ kind: 'ready', file });
        saveFile(file);
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [organizationId, fileId]);
  if (state.kind === 'failed') return <MessagePage testId="submission-file" code="404" title={t('surveyData.file.failed')} />;
  if (state.kind === 'loading')
    return <MessagePage testId="submission-file" title={t('surveyData.file.loading')} body={<Spinner size="sm" />} />;
  const file = state.file;
  return (
    <MessagePage
      testId="submission-file"
      title={file.name}
      body={t('surveyData.file.title')}
      actions={
        <Button colorPalette="brand" onClick={() => saveFile(file)} data-testid="submission-file-download">
          {t('surveyData.file.download')}
        </Button>
      }
    />
  );
}
