// 'Send survey link' (issue 15): a messaging task. The receivers (one per line) each get a link of their
// own, so their answers are tracked. WhatsApp is offered only when the server has its credentials;
// otherwise the dialog says so and sends by e-mail.
import { Alert, Button, Field, HStack, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, messageChannels } from '../../../schemas/tasks';
import { api, ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { SCREEN_QUERY } from '../../components/admin-screen/useScreenList';
import { translateMessage } from '../../i18n';

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
  const [channel, setChannel] = useState<number>(messageChannels.Email);
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
  const channels = useQuery({ queryKey: ['messaging-channels'], enabled: open, queryFn: () => api.get<{ whatsapp: boolean; email: boolean }>('/Task/getMessagingChannels') });
  const surveys = useQuery({
    queryKey: ['assign', 'surveys', projectId],
    enabled: open,
    queryFn: () => api.get<{ surveys: { id: string; name: string; surveyStatusId: number }[] }>('/DataCollection/getAllSurveysForProjectByStatus', { query: { ProjectId: projectId } }).then((d) => d.surveys),
  });
  const parsed = parseReceivers(receivers);
  const submit = async () => {
    setTried(true);
    if (!surveyId || parsed.length === 0) return;
    setBusy(true);
    try {
      const r = await api.post<{ sent: number }>('/Task/createMessagingTask', { surveyId, channel, message, receivers: parsed });
      notify('success', t('tasks.messages.sent', { count: r.sent }));
      await client.invalidateQueries({ queryKey: [SCREEN_QUERY] });
      onClose();
    } catch (e) {
      notify('error', e instanceof ApiError ? [translateMessage(e.message), ...e.errors.filter((x) => x !== e.message)].join(' ') : t('tasks.form.failed'));
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
        <HStack gap="3">
          <Button variant="outline" onClick={onClose}>
            {t('tasks.form.cancel')}
          </Button>
          <Button colorPalette="brand" onClick={() => void submit()} loading={busy} data-testid="send-link-submit">
            {t('tasks.messages.submit')}
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        {whatsappOff && (
          <Alert.Root status="info" data-testid="whatsapp-off">
            <Alert.Indicator />
            <Alert.Description>{t('tasks.messages.whatsappOff')}</Alert.Description>
          </Alert.Root>
        )}
        <Field.Root required invalid={tried && !surveyId}>
          <Field.Label>
            {t('tasks.form.survey')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={surveyId} onChange={(e) => setSurveyId(e.currentTarget.value)} data-testid="send-survey">
              <option value="">{t('common.select')}</option>
              {(surveys.data ?? []).filter((s) => s.surveyStatusId === 1).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{t('tasks.form.surveyRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('tasks.messages.channel')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={String(channel)} onChange={(e) => setChannel(Number(e.currentTarget.value))} data-testid="send-channel">
              <option value={messageChannels.Email}>{t('tasks.channels.1')}</option>
              <option value={messageChannels.Whatsapp} disabled={whatsappOff}>
                {t('tasks.channels.0')}
              </option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required invalid={tried && parsed.length === 0}>
          <Field.Label>
            {t('tasks.messages.receivers')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea value={receivers} rows={4} onChange={(e) => setReceivers(e.target.value)} data-testid="send-receivers" />
          <Field.HelperText>{t(channel === messageChannels.Email ? 'tasks.messages.emailHint' : 'tasks.messages.phoneHint')}</Field.HelperText>
          <Field.ErrorText>{t('tasks.messages.receiversRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('tasks.messages.message')}</Field.Label>
          <Textarea value={message} maxLength={MESSAGE_MAX} rows={3} dir="auto" onChange={(e) => setMessage(e.target.value)} data-testid="send-message" />
        </Field.Root>
      </Stack>
    </AppDialog>
  );
}
