// 'Send survey link': a messaging task. The receivers (one per line) each get a link of their
// own, so their answers are tracked. WhatsApp is offered only when the server has its credentials;
// otherwise the dialog says so and sends by e-mail.
import { Alert, Stack, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, messageChannels, TASKS_API, type MessageChannel } from '../../../schemas/tasks';
import { call } from '../../api/call';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField, SelectControl } from '../../components/FormField';
import { SCREEN_QUERY } from '../../components/admin-screen/useScreenList';
import { taskFailureText, useDeployedSurveys } from './api';

/** 'Asha <asha@example.org>' or a bare address, one per line. */
export function parseReceivers(text: string): { name: string; address: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(.*?)\s*<([^>]+)>$/.exec(line);
      return m ? { name: m[1]!.trim(), address: m[2]!.trim() } : { name: '', address: line };
    });
}

export function SendLinkDialog({ open, onClose, projectId }: { open: boolean; onClose: () => void; projectId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [surveyId, setSurveyId] = useState('');
  const [channel, setChannel] = useState<MessageChannel>(messageChannels.Email);
  const [receivers, setReceivers] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setSurveyId('');
      setReceivers('');
      setMessage('');
      setTried(false);
      setChannel(messageChannels.Email);
    }
  }, [open]);
  const channels = useQuery({
    queryKey: ['messaging-channels'],
    enabled: open,
    queryFn: () => call(TASKS_API.getMessagingChannels),
  });
  const surveys = useDeployedSurveys(projectId, open);
  const parsed = parseReceivers(receivers);
  const submit = async () => {
    setTried(true);
    if (!surveyId || parsed.length === 0) return;
    setBusy(true);
    try {
      const r = await call(TASKS_API.createMessagingTask, { body: { surveyId, channel, message, receivers: parsed } });
      notify('success', t('tasks.messages.sent', { count: r.sent }));
      await client.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      onClose();
    } catch (e) {
      notify('error', taskFailureText(e, t('tasks.form.failed')));
    } finally {
      setBusy(false);
    }
  };
  const whatsappOff = channels.data !== undefined && !channels.data.whatsapp;
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="send-link-dialog"
      title={t('tasks.messages.title')}
      size="lg"
      footer={
        <DialogActions
          onCancel={onClose}
          cancelText={t('tasks.form.cancel')}
          submitText={t('tasks.messages.submit')}
          onSubmit={() => void submit()}
          busy={busy}
          submitTestId="send-link-submit"
        />
      }
    >
      <Stack gap="4">
        {whatsappOff && (
          <Alert.Root status="info" data-testid="whatsapp-off">
            <Alert.Indicator />
            <Alert.Description>{t('tasks.messages.whatsappOff')}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('tasks.form.survey')} required error={tried && !surveyId && t('tasks.form.surveyRequired')}>
          <SelectControl value={surveyId} onChange={setSurveyId} testId="send-survey">
            <option value="">{t('common.select')}</option>
            {(surveys.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectControl>
        </FormField>
        <FormField label={t('tasks.messages.channel')}>
          <SelectControl value={String(channel)} onChange={(v) => setChannel(Number(v) as MessageChannel)} testId="send-channel">
            <option value={messageChannels.Email}>{t('tasks.channels.1')}</option>
            <option value={messageChannels.Whatsapp} disabled={whatsappOff}>
              {t('tasks.channels.0')}
            </option>
          </SelectControl>
        </FormField>
        <FormField
          label={t('tasks.messages.receivers')}
          required
          helper={t(channel === messageChannels.Email ? 'tasks.messages.emailHint' : 'tasks.messages.phoneHint')}
          error={tried && parsed.length === 0 && t('tasks.messages.receiversRequired')}
        >
          <Textarea value={receivers} rows={4} onChange={(e) => setReceivers(e.target.value)} data-testid="send-receivers" />
        </FormField>
        <FormField label={t('tasks.messages.message')}>
          <Textarea
            value={message}
            maxLength={MESSAGE_MAX}
            rows={3}
            dir="auto"
            onChange={(e) => setMessage(e.target.value)}
            data-testid="send-message"
          />
        </FormField>
      </Stack>
    </AppDialog>
  );
}
