// The Add ticket modal (spec 000 sections 2 and 5 "Ticket form"): e-mail (disabled), Ticket type, Summary,
// 'Describe the problem in detail' and at most 3 attachments of the listed types. The 20MB per file the
// hint promises is checked here and again by the server, which refuses before holding a larger file.
import { Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  TICKET_FILE_EXTENSIONS,
  TICKET_FILE_MAX_BYTES,
  TICKET_MAX_FILES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_TYPES,
} from '../../../schemas/tickets';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { FilePicker } from '../../components/FilePicker';
import { DialogActions, FormField, Options, SelectControl } from '../../components/FormField';
import { problemText } from '../../i18n';
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

  function addFiles(picked: File[]) {
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
      notify(
        'error',
        err instanceof ApiError && err.kind === 'http' && err.errors.length === 0 ? problemText(err) : t('tickets.createFailed'),
      );
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
        <DialogActions
          onCancel={close}
          cancelText={t('common.cancel')}
          submitText={t('tickets.form.submit')}
          form="add-ticket-form"
          busy={busy}
          loadingText={t('common.processing')}
          submitTestId="add-ticket-submit"
        />
      }
    >
      <form id="add-ticket-form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4">
          <FormField label={t('tickets.form.email')} disabled>
            <Input value={snap.user?.email ?? ''} disabled dir="auto" data-testid="ticket-email" />
          </FormField>
          <FormField label={t('tickets.form.type')} required error={errors.type}>
            <SelectControl name="type" value={type} onChange={setType} testId="ticket-type">
              <option value="">{t('tickets.form.typePlaceholder')}</option>
              <Options items={TICKET_TYPES.map((tt) => ({ value: tt.id, label: t(`tickets.types.${tt.id}`) }))} />
            </SelectControl>
          </FormField>
          <FormField label={t('tickets.form.subject')} required error={errors.subject}>
            <Input
              name="subject"
              value={subject}
              maxLength={TICKET_SUBJECT_MAX}
              dir="auto"
              onChange={(e) => setSubject(e.target.value)}
              data-testid="ticket-subject"
            />
          </FormField>
          <FormField label={t('tickets.form.description')} required error={errors.description}>
            <Textarea
              name="description"
              rows={5}
              value={description}
              maxLength={TICKET_MESSAGE_MAX}
              dir="auto"
              onChange={(e) => setDescription(e.target.value)}
              data-testid="ticket-description"
            />
          </FormField>
          <FilePicker
            label={t('tickets.form.attachments')}
            chooseText={t('tickets.form.chooseFiles')}
            hint={t('tickets.form.attachmentsHint')}
            files={files}
            onAdd={addFiles}
            onRemove={(i) => {
              setFiles(files.filter((_, j) => j !== i));
              setFileError('');
            }}
            accept={ACCEPT}
            full={files.length >= TICKET_MAX_FILES}
            removeLabel={(name) => t('tickets.form.removeFile', { name })}
            {...(errors.files ? { error: errors.files } : {})}
            testId="ticket-files"
            listTestId="ticket-file-list"
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
