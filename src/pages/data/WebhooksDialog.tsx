// Webhooks (docs/webhooks.md) of a survey, opened from Survey Data, or of every survey of a project,
// opened from Survey Tools: add one (an address and the events it wants; the signing secret shown once,
// to copy), see each one's state, enable one that was disabled, remove one, and read a hook's delivery
// log - every attempt with its status, time and the start of the answer - sending a delivery again.
import { Badge, Box, Button, Checkbox, Field, Fieldset, Flex, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '../../../schemas/endpoint';
import { DELIVERY_PAGE_SIZE, WEBHOOK_EVENTS, WEBHOOKS_API as W, type WebhookEvent } from '../../../schemas/webhooks';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { CopyField } from '../../components/CopyField';
import { firstProblemText } from '../../i18n';

type Hook = AnswerOf<typeof W.list>['webhooks'][number];
type Delivery = AnswerOf<typeof W.getDeliveries>['deliveries'][number];
export type HookScope = { surveyId: string; projectId?: never } | { projectId: string; surveyId?: never };

const QUERY = 'webhooks';
/** i18n keys cannot hold the event's dots. */
const eventKey = (e: WebhookEvent) => `webhooks.event.${e.replace('.', '_')}`;

function useWhen() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (iso: string) => f.format(new Date(iso));
}

export function WebhooksDialog({ scope, onClose }: { scope: HookScope; onClose: () => void }) {
  const { t } = useTranslation();
  const [logOf, setLogOf] = useState<Hook | null>(null);
  return (
    <AppDialog
      open
      onClose={onClose}
      title={logOf ? t('webhooks.logTitle') : t(scope.surveyId ? 'webhooks.titleSurvey' : 'webhooks.titleProject')}
      subtitle={
        logOf ? (
          <Text color="gray.600" dir="ltr" textAlign="start" wordBreak="break-all">
            {logOf.url}
          </Text>
        ) : (
          <Text color="gray.600">{t('webhooks.intro')}</Text>
        )
      }
      size="xl"
      scroll
      testId="webhooks-dialog"
    >
      {logOf ? <DeliveryLog hook={logOf} onBack={() => setLogOf(null)} /> : <Hooks scope={scope} onLog={setLogOf} />}
    </AppDialog>
  );
}

function Hooks({ scope, onLog }: { scope: HookScope; onLog: (h: Hook) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const when = useWhen();
  const ids = { url: useId(), secret: useId() };
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['submission.created']);
  const [secret, setSecret] = useState<string | null>(null);
  const key = [QUERY, scope.surveyId ?? scope.projectId];
  const list = useQuery({ queryKey: key, queryFn: () => call(W.list, { query: { ...scope } }) });
  const failed = (e: unknown) => notify('error', e instanceof ApiError ? firstProblemText(e) : t('webhooks.failed'));
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => call(W.add, { body: { ...scope, url: url.trim(), events } }),
    onSuccess: (d) => {
      setSecret(d.secret);
      setUrl('');
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(W.remove, { body: { webhookId: id } }),
    onSuccess: () => {
      notify('success', t('webhooks.removed'));
      void refresh();
    },
    onError: failed,
  });
  const enable = useMutation({
    mutationFn: (id: string) => call(W.enable, { body: { webhookId: id } }),
    onSuccess: () => {
      notify('success', t('webhooks.enabled'));
      void refresh();
    },
    onError: failed,
  });
  const toggle = (e: WebhookEvent, on: boolean) => setEvents((now) => WEBHOOK_EVENTS.filter((x) => (x === e ? on : now.includes(x))));
  const hooks = list.data?.webhooks ?? [];
  return (
    <Stack gap="5" minW="0">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim() === '') return notify('error', t('webhooks.urlRequired'));
          if (events.length === 0) return notify('error', t('webhooks.eventsRequired'));
          add.mutate();
        }}
      >
        <Stack gap="3">
          <Field.Root required>
            <Field.Label htmlFor={ids.url}>{t('webhooks.url')}</Field.Label>
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              dir="ltr"
              placeholder="https://example.org/hooks/field-survey"
              value={url}
              maxLength={2000}
              onChange={(e) => setUrl(e.target.value)}
              data-testid="webhook-url"
            />
            <Field.HelperText>{t('webhooks.urlHelp')}</Field.HelperText>
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              {t('webhooks.events')}
            </Fieldset.Legend>
            <Flex gap="3" wrap="wrap">
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox.Root key={e} checked={events.includes(e)} onCheckedChange={(c) => toggle(e, c.checked === true)} data-testid={`webhook-event-${e}`}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(eventKey(e))}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Flex>
          </Fieldset.Root>
          <HStack justify="flex-end">
            <Button type="submit" loading={add.isPending} data-testid="webhook-add">
              {t('webhooks.add')}
            </Button>
          </HStack>
        </Stack>
      </form>
      {secret && (
        <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3" role="status" data-testid="webhook-secret-box">
          <Stack gap="2">
            <CopyField id={ids.secret} label={t('webhooks.secret')} value={secret} testId="webhook-secret" />
            <Text fontSize="sm" fontWeight="medium">
              {t('webhooks.secretOnce')}
            </Text>
          </Stack>
        </Box>
      )}
      {list.data && hooks.length === 0 && <Text color="gray.600">{t('webhooks.empty')}</Text>}
      {hooks.length > 0 && (
        <Table.ScrollArea maxW="full" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('webhooks.listLabel')}>
          <Table.Root size="sm" data-testid="webhook-list">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('webhooks.url')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>{t('webhooks.actions')}</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {hooks.map((h) => (
                <Table.Row key={h.id} data-testid="webhook-row">
                  <Table.Cell maxW="22rem">
                    <Stack gap="1">
                      <Text dir="ltr" textAlign="start" wordBreak="break-all" fontFamily="mono" fontSize="xs">
                        {h.url}
                      </Text>
                      <Text fontSize="xs" color="gray.600">
                        {h.events.map((e) => t(eventKey(e))).join(', ')}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="1" align="start">
                      {h.disabledAt ? (
                        <Badge colorPalette="red">{t('webhooks.disabled')}</Badge>
                      ) : (
                        <Badge colorPalette="green">{t('webhooks.active')}</Badge>
                      )}
                      <Text fontSize="xs" color="gray.600">
                        {h.disabledAt
                          ? t('webhooks.disabledBecause', { reason: h.disabledReason ?? '' })
                          : h.lastDeliveredAt
                            ? t('webhooks.lastDelivered', { when: when(h.lastDeliveredAt) })
                            : t('webhooks.nothingYet')}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="2" justify="flex-end" wrap="wrap">
                      <Button size="xs" variant="outline" onClick={() => onLog(h)} aria-label={t('webhooks.logOf', { url: h.url })} data-testid="webhook-log-open">
                        {t('webhooks.log')}
                      </Button>
                      {h.disabledAt && (
                        <Button size="xs" variant="outline" loading={enable.isPending && enable.variables === h.id} onClick={() => enable.mutate(h.id)} data-testid="webhook-enable">
                          {t('webhooks.enable')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        loading={remove.isPending && remove.variables === h.id}
                        onClick={() => remove.mutate(h.id)}
                        aria-label={t('webhooks.removeOf', { url: h.url })}
                        data-testid="webhook-remove"
                      >
                        {t('webhooks.remove')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

const STATUS_PALETTE = { pending: 'orange', delivered: 'green', failed: 'red' } as const;

function DeliveryLog({ hook, onBack }: { hook: Hook; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const key = [QUERY, 'deliveries', hook.id, page];
  const log = useQuery({
    queryKey: key,
    queryFn: () => call(W.getDeliveries, { query: { webhookId: hook.id, Page: page, PageSize: DELIVERY_PAGE_SIZE } }),
    // A pending delivery changes by itself: the log follows it while it is open.
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false),
  });
  const again = useMutation({
    mutationFn: (id: string) => call(W.redeliver, { body: { deliveryId: id } }),
    onSuccess: () => {
      notify('success', t('webhooks.sentAgain'));
      void qc.invalidateQueries({ queryKey: [QUERY, 'deliveries', hook.id] });
    },
    onError: (e: unknown) => notify('error', e instanceof ApiError ? firstProblemText(e) : t('webhooks.failed')),
  });
  const total = log.data?.totalSize ?? 0;
  const pages = Math.max(1, Math.ceil(total / DELIVERY_PAGE_SIZE));
  const deliveries = log.data?.deliveries ?? [];
  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onBack} data-testid="webhook-log-back">
          {t('webhooks.back')}
        </Button>
        <Text fontSize="sm" color="gray.600">
          {t('webhooks.deliveryCount', { n: total })}
        </Text>
      </HStack>
      {log.data && deliveries.length === 0 && <Text color="gray.600">{t('webhooks.noDeliveries')}</Text>}
      <Stack gap="3" data-testid="webhook-log">
        {deliveries.map((d: Delivery) => (
          <Box key={d.id} borderWidth="1px" borderRadius="md" p="3" data-testid="webhook-delivery">
            <Flex gap="2" justify="space-between" wrap="wrap" align="center">
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={STATUS_PALETTE[d.status]}>{t(`webhooks.status_${d.status}`)}</Badge>
                <Text fontWeight="medium">{t(eventKey(d.event))}</Text>
                <Text fontSize="sm" color="gray.600">
                  {when(d.createdAt)}
                </Text>
              </HStack>
              <Button size="xs" variant="outline" loading={again.isPending && again.variables === d.id} onClick={() => again.mutate(d.id)} data-testid="webhook-redeliver">
                {t('webhooks.redeliver')}
              </Button>
            </Flex>
            <Text fontSize="xs" color="gray.600" mt="1">
              {d.nextAttemptAt ? t('webhooks.nextAttempt', { when: when(d.nextAttemptAt), n: d.attempts }) : t('webhooks.attemptCount', { n: d.attempts })}
            </Text>
            {d.lastAttempts.length > 0 && (
              <Table.ScrollArea maxW="full" mt="2" tabIndex={0} role="region" aria-label={t('webhooks.attemptsOf', { when: when(d.createdAt) })}>
                <Table.Root size="sm" variant="outline">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('webhooks.attemptedAt')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('webhooks.answer')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {d.lastAttempts.map((a, i) => (
                      <Table.Row key={i} data-testid="webhook-attempt">
                        <Table.Cell whiteSpace="nowrap">{when(a.attemptedAt)}</Table.Cell>
                        <Table.Cell>
                          <Stack gap="1">
                            <Text fontWeight="medium">
                              <bdi>{a.statusCode !== null ? `HTTP ${a.statusCode}` : t('webhooks.noAnswer')}</bdi>
                              <Text as="span" fontWeight="normal" color="gray.600">
                                {' · '}
                                {t('webhooks.ms', { n: a.durationMs })}
                              </Text>
                            </Text>
                            {a.error && <Text fontSize="xs">{a.error}</Text>}
                            {a.responseExcerpt && (
                              <Box
                                as="pre"
                                fontFamily="mono"
                                bg="gray.100"
                                px="1"
                                borderRadius="sm"
                                fontSize="xs"
                                whiteSpace="pre-wrap"
                                wordBreak="break-all"
                                maxH="6rem"
                                overflow="auto"
                                dir="ltr"
                                display="block"
                                tabIndex={0}
                                aria-label={t('webhooks.excerpt')}
                              >
                                {a.responseExcerpt}
                              </Box>
                            )}
                          </Stack>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Box>
        ))}
      </Stack>
      {pages > 1 && (
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('webhooks.newer')}
          </Button>
          <Text fontSize="sm">{t('webhooks.page', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('webhooks.older')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
