// The outbox as the collector sees it: how many submissions wait, which need attention and why, how
// much room the device has left, and the buttons that rescue the data: send now, download, import.
import { Alert, Badge, Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from '../../../widgets/runtime/texts';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuDownload, LuRefreshCw, LuSend, LuUpload } from './icons';
import { useSnapshot } from 'valtio';
import { notify } from '../../app/toaster';
import { problemText } from '../../i18n';
import { engineRule, fieldError } from '../../../widgets/runtime/messages';
import { offlineDb } from '../db';
import type { OutboxRecord, OutboxState } from '../outbox/machine';
import { listOutbox, removeEntry, retryEntry } from '../outbox/store';
import { exportFileName, importRecords, parseOutbox, serializeOutbox } from '../outbox/transfer';
import { syncNow } from '../runtime';
import { checkStorage, storageHealth } from '../storage';
import { useLive } from './hooks';

/**
 * A refused submission's reason: the engine's own rule when the server quoted one (an empty submission,
 * a required field), which the engine's texts translate; otherwise the API problem by its code.
 */
function refusalText(problem: NonNullable<OutboxRecord['problem']>, t: TFunction): string {
  return engineRule(problem.message, t) ?? problemText(problem);
}

const STATE_COLOR: Record<OutboxState, string> = { queued: 'blue', sending: 'blue', sent: 'green', attention: 'red', expired: 'orange' };

/** 1000-based units, as the spec shows file sizes. */
export function storageSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

export async function downloadOutbox(): Promise<void> {
  const now = Date.now();
  const blob = new Blob([serializeOutbox(await listOutbox(offlineDb()), now)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(now);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** '2.1 GB' inside a right-to-left sentence keeps its order (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** A server's reason for one question ('consent: This field is required'): the question's name kept, the rule translated. */
function FieldError({ error, t }: { error: string; t: TFunction }): ReactNode {
  const { name, message } = fieldError(error, t);
  if (name === null) return <bdi>{message}</bdi>;
  return (
    <>
      <bdi>{name}</bdi>: <bdi>{message}</bdi>
    </>
  );
}

function Entry(props: { record: OutboxRecord }) {
  const { t } = useTranslation();
  const r = props.record;
  const [confirming, setConfirming] = useState(false);
  const refused = r.state === 'attention' && r.problem;
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="outbox-entry" data-state={r.state}>
      <Stack gap="1.5">
        <HStack justify="space-between" align="start" gap="2">
          <Text fontWeight="semibold" lineClamp={2}>
            {r.title || t('offline.outbox.untitled')}
          </Text>
          <Badge colorPalette={STATE_COLOR[r.state]} flexShrink={0}>
            {t(`offline.outbox.state.${r.state}`)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('offline.outbox.collectedAt', { date: dayjs(r.createdAt).format('DD/MM/YYYY HH:mm') })}
        </Text>
        {refused && (
          <Box fontSize="sm" color="red.700" data-testid="outbox-refusal">
            <Text>{t('offline.outbox.refusedHint')}</Text>
            {/* The server's reasons in the reader's language: the engine's rules by their text, the API's
                problems by their code; anything else as the server said it, in its own direction. */}
            <Text fontWeight="medium">
              <bdi>{r.problem ? refusalText(r.problem, t) : ''}</bdi>
            </Text>
            {r.problem?.errors
              .filter((e) => e !== r.problem?.message)
              .map((e) => (
                <Text key={e}>
                  • <FieldError error={e} t={t} />
                </Text>
              ))}
          </Box>
        )}
        {r.state === 'expired' && (
          <Text fontSize="sm" color="orange.700">
            {t('offline.outbox.expiredHint')}
          </Text>
        )}
        {r.state === 'queued' && r.problem && (
          <Text fontSize="sm" color="fg.muted">
            {t('offline.outbox.lastTry', { message: problemText(r.problem) })}
          </Text>
        )}
        {(r.state === 'attention' || r.state === 'expired') && !confirming && (
          <HStack gap="2" pt="1">
            <Button size="xs" variant="outline" onClick={() => void retryEntry(offlineDb(), r.id, Date.now()).then(() => syncNow())}>
              <LuRefreshCw /> {t('offline.outbox.retry')}
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)}>
              {t('offline.outbox.remove')}
            </Button>
          </HStack>
        )}
        {confirming && (
          <Stack gap="2" pt="1" data-testid="outbox-remove-confirm">
            <Text fontSize="sm" fontWeight="medium">
              {t('offline.outbox.removeTitle')}
            </Text>
            <Text fontSize="sm">{t('offline.outbox.removeBody')}</Text>
            <HStack gap="2" flexWrap="wrap">
              <Button size="xs" variant="outline" onClick={() => setConfirming(false)}>
                {t('offline.outbox.removeNo')}
              </Button>
              <Button size="xs" colorPalette="red" onClick={() => void removeEntry(offlineDb(), r.id)}>
                {t('offline.outbox.removeYes')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export function OutboxDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useLive((db) => listOutbox(db), [], [] as OutboxRecord[]);
  const health = useSnapshot(storageHealth);
  const [sending, setSending] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (props.open) void checkStorage();
  }, [props.open]);

  async function importFile(f: File) {
    const parsed = parseOutbox(await f.text());
    if ('error' in parsed) {
      notify('error', t('offline.outbox.importFailed'));
      return;
    }
    const { added, present } = await importRecords(offlineDb(), parsed.records);
    notify('success', t('offline.outbox.imported', { added, present }));
    void syncNow();
  }

  return (
    <Dialog.Root open={props.open} onOpenChange={(d) => !d.open && props.onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="outbox-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('offline.outbox.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('offline.outbox.intro')}
                </Text>
                {health.persisted === false && (
                  <Alert.Root status="warning" size="sm" data-testid="storage-not-persisted">
                    <Alert.Indicator />
                    <Alert.Title fontWeight="normal">{t('offline.storage.notPersisted')}</Alert.Title>
                  </Alert.Root>
                )}
                {health.low && (
                  <Alert.Root status="error" size="sm" data-testid="storage-low">
                    <Alert.Indicator />
                    <Alert.Title fontWeight="normal">{t('offline.storage.low')}</Alert.Title>
                  </Alert.Root>
                )}
                {records.length === 0 ? <Text>{t('offline.outbox.empty')}</Text> : records.map((r) => <Entry key={r.id} record={r} />)}
                {health.usage !== undefined && health.quota !== undefined && (
                  <Text fontSize="xs" color="fg.muted">
                    {t('offline.storage.usage', { used: isolated(storageSize(health.usage)), quota: isolated(storageSize(health.quota)) })}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full" justify="flex-end">
                <Button
                  size="sm"
                  colorPalette="brand"
                  disabled={records.length === 0}
                  loading={sending}
                  data-testid="outbox-send-now"
                  onClick={() => {
                    setSending(true);
                    void syncNow().finally(() => setSending(false));
                  }}
                >
                  <LuSend /> {t('offline.outbox.sendNow')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={records.length === 0}
                  onClick={() => void downloadOutbox()}
                  data-testid="outbox-export"
                >
                  <LuDownload /> {t('offline.outbox.export')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => file.current?.click()} data-testid="outbox-import">
                  <LuUpload /> {t('offline.outbox.import')}
                </Button>
                <input
                  ref={file}
                  type="file"
                  accept="application/json,.json"
                  hidden
                  data-testid="outbox-import-file"
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    e.target.value = '';
                    if (f) void importFile(f);
                  }}
                />
              </Stack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('offline.outbox.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
