// Rejecting a task (spec 001 sections 4 and 5): a reason is required ('Please type something here') and
// the rejection cannot be undone, which the dialog says before the collector confirms.
import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, type TaskRow } from '../../../schemas/tasks';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { problemText } from '../../i18n';
import { useUpdateTaskStatus } from './api';

export function RejectDialog({ task, onClose }: { task: TaskRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const update = useUpdateTaskStatus();
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [task?.id]);
  const missing = reason.trim() === '';
  const submit = () => {
    setTried(true);
    if (!task || missing) return;
    update.mutate(
      { id: task.id, newStatus: 1, rejectionReason: reason.trim() },
      {
        onSuccess: () => {
          notify('success', t('myTasks.rejected'));
          onClose();
        },
        onError: (e) => notify('error', e instanceof ApiError ? problemText(e) : t('myTasks.failed')),
      },
    );
  };
  return (
    <AppDialog
      open={task !== null}
      onClose={onClose}
      testId="reject-dialog"
      title={t('myTasks.rejectTitle')}
      subtitle={
        task ? (
          <Text color="gray.600">
            <bdi>{task.surveyName}</bdi>
          </Text>
        ) : undefined
      }
      footer={
        <Stack direction="row" gap="3">
          <Button variant="outline" onClick={onClose}>
            {t('myTasks.cancel')}
          </Button>
          <Button colorPalette="red" onClick={submit} loading={update.isPending} data-testid="reject-confirm">
            {t('myTasks.confirmReject')}
          </Button>
        </Stack>
      }
    >
      <Stack gap="4">
        <Text>{t('myTasks.rejectBody')}</Text>
        <Field.Root required invalid={tried && missing}>
          <Field.Label>
            {t('myTasks.reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            maxLength={REASON_MAX}
            rows={4}
            dir="auto"
            onChange={(e) => setReason(e.target.value)}
            data-testid="reject-reason"
          />
          <Field.ErrorText>{t('myTasks.reasonRequired')}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
