// The two draft modals of the fill page (spec 001 section 2): 'Saved drafts' (open one, discard one)
// and 'Save as a draft' (a name, required, and a note of at most 100 characters).
import { Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuFolderOpen, LuTrash2 } from './icons';
import { AppDialog } from '../../components/AppDialog';
import type { DraftRecord } from '../db';
import { DRAFT_NOTE_MAX, type DraftProblem } from '../drafts';

export function SavedDraftsDialog(props: {
  open: boolean;
  drafts: readonly DraftRecord[];
  onOpenDraft: (d: DraftRecord) => void;
  onDiscard: (d: DraftRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog open={props.open} onClose={props.onClose} testId="drafts-dialog" title={t('offline.drafts.listTitle')} scroll>
      <Stack gap="3">
        {props.drafts.length === 0 && <Text color="fg.muted">{t('offline.drafts.empty')}</Text>}
        {props.drafts.map((d) => (
          <Box key={d.draftId} borderWidth="1px" borderRadius="md" p="3" data-testid="draft-item">
            <Stack gap="1">
              <Text fontWeight="semibold" wordBreak="break-word">
                {d.draftTitle}
              </Text>
              {d.draftDescription && (
                <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                  {d.draftDescription}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                {t('offline.drafts.savedAt', { date: dayjs(d.timestamp).format('DD/MM/YYYY HH:mm') })}
              </Text>
              <HStack gap="2" pt="1" justify="flex-end">
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDiscard(d)} data-testid="draft-discard">
                  <LuTrash2 /> {t('offline.drafts.discard')}
                </Button>
                <Button size="xs" colorPalette="brand" onClick={() => props.onOpenDraft(d)} data-testid="draft-open">
                  <LuFolderOpen /> {t('offline.drafts.open')}
                </Button>
              </HStack>
            </Stack>
          </Box>
        ))}
        <Text fontSize="xs" color="fg.muted">
          {t('offline.drafts.kept')}
        </Text>
      </Stack>
    </AppDialog>
  );
}

export function SaveDraftDialog(props: {
  open: boolean;
  initialTitle: string;
  initialDescription: string;
  onSave: (title: string, description: string) => Promise<DraftProblem | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(props.initialTitle);
  const [note, setNote] = useState(props.initialDescription);
  const [problem, setProblem] = useState<DraftProblem | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!props.open) return;
    setTitle(props.initialTitle);
    setNote(props.initialDescription);
    setProblem(undefined);
  }, [props.open, props.initialTitle, props.initialDescription]);

  async function save() {
    setBusy(true);
    try {
      setProblem(await props.onSave(title, note));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => !d.open && props.onClose()}
      placement="center"
      initialFocusEl={() => document.getElementById('draft-title')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="save-draft-dialog" asChild>
            <form
              // Our own messages, not the browser's bubble for the required name.
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('offline.drafts.saveTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {/* The root takes the input's id: Ark points the label's `for` at it. */}
                  <Field.Root id="draft-title" required invalid={problem === 'nameRequired'}>
                    <Field.Label>
                      {t('offline.drafts.name')} <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      id="draft-title"
                      value={title}
                      maxLength={200}
                      onChange={(e) => setTitle(e.target.value)}
                      data-testid="draft-title"
                    />
                    <Field.ErrorText>{t('offline.drafts.nameRequired')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={problem === 'noteTooLong'}>
                    <Field.Label>{t('offline.drafts.note')}</Field.Label>
                    <Textarea
                      value={note}
                      rows={3}
                      maxLength={DRAFT_NOTE_MAX}
                      placeholder={t('offline.drafts.notePlaceholder')}
                      onChange={(e) => setNote(e.target.value)}
                      data-testid="draft-note"
                    />
                    <HStack justify="space-between" w="full">
                      <Field.ErrorText>{t('offline.drafts.noteTooLong')}</Field.ErrorText>
                      <Text fontSize="xs" color="fg.muted" ms="auto">
                        {note.length}/{DRAFT_NOTE_MAX}
                      </Text>
                    </HStack>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose} disabled={busy}>
                  {t('offline.drafts.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} data-testid="draft-save">
                  {t('offline.drafts.confirmSave')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
