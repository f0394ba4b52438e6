// A large export runs as a job on the server (server/services/exportJobs.ts): this follows it with a
// progress bar, downloads the file when it has succeeded, and on failure says only the spec's 'Download
// failed. Please try again.'
import { Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATE } from '../../../schemas/submissions';
import { toaster } from '../../app/toastStore';
import { downloadExport, useExportJob, type ExportJob } from './api';

export function ExportProgress({ job, onDone }: { job: ExportJob; onDone: () => void }) {
  const { t } = useTranslation();
  const followed = useExportJob(job.jobId);
  const current = followed.data ?? job;
  const finished = useRef(false);
  useEffect(() => {
    if (finished.current) return;
    const fail = () => {
      finished.current = true;
      toaster.create({ type: 'error', title: t('surveyData.downloadFailed') });
      onDone();
    };
    if (followed.isError || current.state === JOB_STATE.Failed) return fail();
    if (current.state === JOB_STATE.Succeeded) {
      finished.current = true;
      downloadExport(current).then(onDone, fail);
    }
  }, [current, followed.isError, onDone, t]);
  const percent = current.state === JOB_STATE.Succeeded ? 100 : current.progress;
  return (
    <Progress.Root value={percent} max={100} size="sm" colorPalette="blue" data-testid="export-progress" data-state-name={current.state} minW={{ base: 'full', sm: '64' }}>
      <Stack direction="row" justify="space-between" gap="2" mb="1">
        <Progress.Label>{t('surveyData.exportJob.label')}</Progress.Label>
        <Text fontSize="sm" aria-live="polite">
          {t(`surveyData.exportJob.${current.state}`, { percent })}
        </Text>
      </Stack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
