// Survey Tools' 'ODK Collect devices': the project's app users (schemas/appUsers.ts), the devices that
// fill its deployed surveys in ODK Collect or KoboCollect over OpenRosa (docs/openrosa.md). A manager
// adds one (a name, optionally the data collector whose tasks it completes), scans the QR code it shows
// once with Collect (Settings > Projects > Add project), sees each device's last use and revokes it.
import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { APP_USER_ROLES, APP_USERS_API, type AppUser } from '../../../schemas/appUsers';
import type { AnswerOf } from '../../../schemas/endpoint';
import { memberServerPath } from '../../../schemas/openrosa';
import { hasAnyRole } from '../../../schemas/roles';
import { TASKS_API } from '../../../schemas/tasks';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { problemText } from '../../i18n';
import { session } from '../../state/session';

const QUERY = 'app-users';
type Created = AnswerOf<typeof APP_USERS_API.create>;

/** The QR code as an SVG of its modules: no markup injected, no image request. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, cells } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'L' });
    const n = qr.modules.size;
    const on: string[] = [];
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.modules.get(x, y)) on.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    return { size: n + 8, cells: on.join('') };
  }, [text]);
  return (
    <Box bg="white" p="2" borderRadius="md" borderWidth="1px" w="fit-content" maxW="full">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${size} ${size}`}
        width="240"
        height="240"
        shapeRendering="crispEdges"
        style={{ maxWidth: '100%', height: 'auto' }}
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={cells} fill="#000" />
      </svg>
    </Box>
  );
}

export function CollectDevices() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [open, setOpen] = useState(false);
  if (!snap.currentProjectId || !hasAnyRole(snap.roles, APP_USER_ROLES)) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="collect-devices-open">
        {t('collect.open')}
      </Button>
      {open && <DevicesDialog projectId={snap.currentProjectId} onClose={() => setOpen(false)} />}
    </>
  );
}

function DevicesDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const ids = { name: useId(), collector: useId() };
  const [name, setName] = useState('');
  const [collector, setCollector] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const list = useQuery({
    queryKey: [QUERY, projectId],
    queryFn: () => call(APP_USERS_API.list, { query: { projectId } }),
  });
  const collectors = useQuery({
    queryKey: [QUERY, 'collectors', projectId],
    queryFn: () => call(TASKS_API.getDataCollectorsOfProject, { query: { ProjectId: projectId, PageSize: 500 } }),
  });
  const failed = (e: unknown) => notify('error', e instanceof ApiError ? problemText(e) : t('collect.failed'));
  const create = useMutation({
    mutationFn: () => call(APP_USERS_API.create, { body: { projectId, name: name.trim(), dataCollectorId: collector || null } }),
    onSuccess: (d) => {
      setCreated(d);
      setName('');
      setCollector('');
      void qc.invalidateQueries({ queryKey: [QUERY, projectId] });
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(APP_USERS_API.revoke, { body: { id } }),
    onSuccess: () => {
      notify('success', t('collect.revoked'));
      void qc.invalidateQueries({ queryKey: [QUERY, projectId] });
    },
    onError: failed,
  });
  const when = (iso: string | null) =>
    iso === null
      ? t('collect.never')
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('collect.title')}
      subtitle={<Text color="gray.600">{t('collect.intro')}</Text>}
      size="lg"
      scroll
      testId="collect-devices"
    >
      <Stack gap="5" minW="0">
        {created && (
          <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="collect-created">
            <Text fontWeight="semibold">{t('collect.scan', { name: created.name })}</Text>
            <QrCode text={created.qrCode} label={t('collect.qrLabel', { name: created.name })} />
            <Text fontSize="sm">{t('collect.orAddress')}</Text>
            <Input readOnly value={created.serverUrl} aria-label={t('collect.address')} fontFamily="mono" fontSize="xs" dir="ltr" />
            <Text fontSize="sm" color="gray.600">
              {t('collect.once')}
            </Text>
          </Stack>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') return notify('error', t('collect.nameRequired'));
            create.mutate();
          }}
        >
          <Stack gap="3">
            <Field.Root required>
              <Field.Label htmlFor={ids.name}>{t('collect.name')}</Field.Label>
              <Input id={ids.name} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid="collect-name" />
            </Field.Root>
            <Field.Root>
              <Field.Label htmlFor={ids.collector}>{t('collect.collector')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={ids.collector}
                  value={collector}
                  onChange={(e) => setCollector(e.target.value)}
                  data-testid="collect-collector"
                >
                  <option value="">{t('collect.anyone')}</option>
                  {(collectors.data?.dataCollectors ?? []).map((c) => (
                    <option key={c.memberId} value={c.memberId}>
                      {c.enumeratorName}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t('collect.collectorHelp')}</Field.HelperText>
            </Field.Root>
            <HStack justify="flex-end">
              <Button type="submit" loading={create.isPending} data-testid="collect-create">
                {t('collect.create')}
              </Button>
            </HStack>
          </Stack>
        </form>
        {list.data && list.data.appUsers.length === 0 && <Text color="gray.600">{t('collect.empty')}</Text>}
        {list.data && list.data.appUsers.length > 0 && (
          <Table.ScrollArea maxW="full" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('collect.title')}>
            <Table.Root size="sm" data-testid="collect-list">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('collect.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('collect.collector')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('collect.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Box srOnly>{t('collect.actions')}</Box>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.appUsers.map((a: AppUser) => (
                  <Table.Row key={a.id}>
                    <Table.Cell>
                      <bdi>{a.name}</bdi>
                    </Table.Cell>
                    <Table.Cell>{a.dataCollectorName ? <bdi>{a.dataCollectorName}</bdi> : t('collect.anyone')}</Table.Cell>
                    <Table.Cell>{when(a.lastUsedAt)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {a.revokedAt === null ? (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          loading={revoke.isPending && revoke.variables === a.id}
                          onClick={() => revoke.mutate(a.id)}
                          aria-label={t('collect.revokeNamed', { name: a.name })}
                        >
                          {t('collect.revoke')}
                        </Button>
                      ) : (
                        <Badge>{t('collect.revokedOn', { date: when(a.revokedAt) })}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <Stack gap="2" borderTopWidth="1px" pt="4" data-testid="collect-accounts">
          <Text fontWeight="semibold">{t('collect.accountsTitle')}</Text>
          <Text fontSize="sm" color="gray.600">
            {t('collect.accountsIntro')}
          </Text>
          <Input
            readOnly
            value={`${window.location.origin}${memberServerPath(projectId)}`}
            aria-label={t('collect.accountsAddress')}
            fontFamily="mono"
            fontSize="xs"
            dir="ltr"
          />
        </Stack>
      </Stack>
    </AppDialog>
  );
}
