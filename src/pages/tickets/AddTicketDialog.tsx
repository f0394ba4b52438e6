// The Add ticket modal (spec 000 sections 2 and 5 "Ticket form"): e-mail (disabled), Ticket type, Summary,
// 'Describe the problem in detail' and at most 3 attachments of the listed types. The 20MB per file the
// hint promises is checked here and again by the server, which refuses before holding a larger file.
import { Button, Field, Input, NativeSelect, Stack, Text, Textarea, HStack, CloseButton, List } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TICKET_FILE_EXTENSIONS, TICKET_FILE_MAX_BYTES, TICKET_MAX_FILES, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, TICKET_TYPES } from '../../../schemas/tickets';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { translateMessage } from '../../i18n';
import { session } from '../../state/session';
import { ticketsApi } from './api';

const ACCEPT = TICKET_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
type Errors = Partial<Record<'type' | 'subject' | 'description' | 'files', string>>;

function fileProblem(f: File): 'fileType' | 'fileSize' | null {
  const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(TICKET_FILE_EXTENSIONS as readonly string[]).includes(ext)) return 'fileType';
  if (f.size > TICKET_FILE_MAX_BYTES) return 'fileSize';
  return null;
}

export function AddTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const fileInputId = useId();
  const [type, setType] = useState('');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const errors: Errors = {};
  if (tried) {
    if (!type) errors.type = t('tickets.form.typeRequired');
    if (!subject.trim()) errors.subject = t('tickets.form.subjectRequired');
    if (!description.trim()) errors.description = t('tickets.form.descriptionRequired');
  }
  if (fileError) errors.files = fileError;

  const reset = () => {
    setType('');
    setSubject('');
    setDescription('');
    setFiles([]);
    setFileError('');
    setTried(false);
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  function addFiles(list: FileList | null) {
    const picked = Array.from(list ?? []);
    const next = [...files];
    let problemText = '';
    for (const f of picked) {
      const p = fileProblem(f);
      if (p) problemText = t(`tickets.form.${p}`, { name: f.name });
      else if (next.length >= TICKET_MAX_FILES) problemText = t('tickets.form.tooManyFiles');
      else next.push(f);
    }
    setFiles(next);
    setFileError(problemText);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!type || !subject.trim() || !description.trim()) return;
    const form = new FormData();
    form.append('Type', type);
    form.append('Subject', subject.trim());
    form.append('LastResponse', description.trim());
    for (const f of files) form.append('Attachments', f, f.name);
    setBusy(true);
    try {
      await ticketsApi.create(form);
      notify('success', t('tickets.created'));
      reset();
      onCreated();
    } catch (err) {
      notify('error', err instanceof ApiError && err.kind === 'http' && err.errors.length === 0 ? translateMessage(err.message) : t('tickets.createFailed'));
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={close}
      testId="add-ticket-dialog"
      title={t('tickets.add')}
      scroll
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="add-ticket-form" colorPalette="brand" loading={busy} loadingText={t('common.processing')} data-testid="add-ticket-submit">
            {t('tickets.form.submit')}
          </Button>
        </>
      }
    >
      <form id="add-ticket-form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4">
          <Field.Root disabled>
            <Field.Label>{t('tickets.form.email')}</Field.Label>
            <Input value={snap.user?.email ?? ''} disabled dir="auto" data-testid="ticket-email" />
          </Field.Root>
          <Field.Root required invalid={!!errors.type}>
            <Field.Label>
              {t('tickets.form.type')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="type" value={type} onChange={(e) => setType(e.target.value)} data-testid="ticket-type">
                <option value="">{t('tickets.form.typePlaceholder')}</option>
                {TICKET_TYPES.map((tt) => (
                  <option key={tt.id} value={tt.id}>
                    {t(`tickets.types.${tt.id}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.type && <Field.ErrorText>{errors.type}</Field.ErrorText>}
          </Field.Root>
          <Field.Root required invalid={!!errors.subject}>
            <Field.Label>
              {t('tickets.form.subject')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="subject" value={subject} maxLength={TICKET_SUBJECT_MAX} dir="auto" onChange={(e) => setSubject(e.target.value)} data-testid="ticket-subject" />
            {errors.subject && <Field.ErrorText>{errors.subject}</Field.ErrorText>}
          </Field.Root>
          <Field.Root required invalid={!!errors.description}>
            <Field.Label>
              {t('tickets.form.description')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea name="description" rows={5} value={description} maxLength={TICKET_MESSAGE_MAX} dir="auto" onChange={(e) => setDescription(e.target.value)} data-testid="ticket-description" />
            {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.files}>
            <Field.Label htmlFor={fileInputId}>{t('tickets.form.attachments')}</Field.Label>
            <Input
              id={fileInputId}
              type="file"
              multiple
              accept={ACCEPT}
              p="1"
              disabled={files.length >= TICKET_MAX_FILES}
              onChange={(e) => {
                addFiles(e.target.files);
                e.target.value = '';
              }}
              data-testid="ticket-files"
            />
            <Field.HelperText>{t('tickets.form.attachmentsHint')}</Field.HelperText>
            {errors.files && <Field.ErrorText>{errors.files}</Field.ErrorText>}
            {files.length > 0 && (
              <List.Root variant="plain" gap="1" mt="2" data-testid="ticket-file-list">
                {files.map((f, i) => (
                  <List.Item key={`${f.name}-${i}`}>
                    <HStack justify="space-between" w="full" borderWidth="1px" borderRadius="md" px="2" py="1">
                      <Text fontSize="sm" truncate>
                        <bdi>{f.name}</bdi>
                      </Text>
                      <CloseButton size="xs" aria-label={t('tickets.form.removeFile', { name: f.name })} onClick={() => setFiles(files.filter((_, j) => j !== i))} />
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Field.Root>
        </Stack>
      </form>
    </AppDialog>
  );
}
