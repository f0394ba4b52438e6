// /tickets/{id} (spec 000 section 2): the summary (user e-mail, type, subject, creation date) and the
// message card with its attachments, a link back to the list. Beyond the spec: the thread of
// replies, support's answer with the status it sets (open, answered, closed), the submitter's follow-up.
import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  EmptyState,
  Field,
  HStack,
  Heading,
  Link as ChakraLink,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuPaperclip } from 'react-icons/lu';
import { Link, useParams } from 'react-router';
import { TICKET_MESSAGE_MAX, TICKET_STATUSES, type TicketDetail, type TicketStatusName } from '../../../schemas/tickets';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { Options, SelectControl } from '../../components/FormField';
import { PageSpinner } from '../../components/PageSpinner';
import { problemText } from '../../i18n';
import { downloadAttachment, ticketsApi } from './api';

const statusPalette: Record<TicketStatusName, string> = { open: 'blue', answered: 'green', closed: 'gray' };

function when(iso: string, lang: string) {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A ticket's status to choose: the one it has (the summary) or the one a reply sets. */
function StatusSelect({
  value,
  onChange,
  testId,
  ariaLabel,
}: {
  value: TicketStatusName;
  onChange: (s: TicketStatusName) => void;
  testId: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectControl
      size="sm"
      width="40"
      value={value}
      onChange={(v) => onChange(v as TicketStatusName)}
      testId={testId}
      {...(ariaLabel ? { ariaLabel } : {})}
    >
      <Options items={TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.statuses.${s}`) }))} />
    </SelectControl>
  );
}

function Thread({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="3" data-testid="ticket-thread">
      {ticket.messages.map((m) => (
        <Card.Root key={m.id} variant="outline" bg={m.fromSupport ? 'brand.50' : 'white'} data-testid="ticket-message">
          <Card.Header pb="0">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Text fontWeight="semibold">
                <bdi>{m.authorName}</bdi>
                {m.fromSupport && (
                  <Badge ms="2" colorPalette="brand">
                    {t('tickets.detail.support')}
                  </Badge>
                )}
              </Text>
              <Text fontSize="sm" color="gray.600">
                {when(m.createdAt, i18n.language)}
              </Text>
            </HStack>
          </Card.Header>
          <Card.Body gap="3">
            <Text whiteSpace="pre-wrap" dir="auto">
              {m.body}
            </Text>
            {m.attachments.length > 0 && (
              <Box>
                <Text fontSize="sm" fontWeight="semibold" mb="1">
                  {t('tickets.detail.attachments')}
                </Text>
                <Wrap gap="2">
                  {m.attachments.map((a) => (
                    <Button
                      key={a.id}
                      size="sm"
                      variant="outline"
                      data-testid="ticket-attachment"
                      onClick={() =>
                        void downloadAttachment(a.url, a.fileName).catch(() => notify('error', t('tickets.detail.downloadFailed')))
                      }
                    >
                      <LuPaperclip aria-hidden="true" />
                      <bdi>{a.fileName}</bdi>
                    </Button>
                  ))}
                </Wrap>
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<TicketStatusName>('answered');
  const [tried, setTried] = useState(false);
  const reply = useMutation({
    mutationFn: () => ticketsApi.reply(ticket.id, message.trim(), ticket.canAnswer ? status : undefined),
    onSuccess: (data) => {
      queryClient.setQueryData(['ticket', ticket.id], data);
      setMessage('');
      setTried(false);
      notify('success', t('tickets.detail.replySent'));
    },
    onError: (err) => notify('error', err instanceof ApiError && err.kind === 'http' ? problemText(err) : t('tickets.loadFailed')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (message.trim()) reply.mutate();
  };
  const empty = tried && !message.trim();
  return (
    <Card.Root variant="outline" data-testid="ticket-reply">
      <Card.Body gap="3" asChild>
        <form onSubmit={submit} noValidate>
          <Field.Root required invalid={empty}>
            <Field.Label>{ticket.canAnswer ? t('tickets.detail.answer') : t('tickets.detail.followUp')}</Field.Label>
            <Textarea
              rows={4}
              value={message}
              maxLength={TICKET_MESSAGE_MAX}
              dir="auto"
              onChange={(e) => setMessage(e.target.value)}
              data-testid="ticket-reply-text"
            />
            {empty && <Field.ErrorText>{t('tickets.form.descriptionRequired')}</Field.ErrorText>}
          </Field.Root>
          <HStack justify="flex-end" gap="3" wrap="wrap">
            {ticket.canAnswer && (
              <Field.Root w="auto">
                <HStack>
                  <Field.Label mb="0">{t('tickets.detail.statusAfter')}</Field.Label>
                  <StatusSelect value={status} onChange={setStatus} testId="ticket-reply-status" />
                </HStack>
              </Field.Root>
            )}
            <Button type="submit" colorPalette="brand" loading={reply.isPending} data-testid="ticket-reply-send">
              {t('tickets.detail.send')}
            </Button>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

export default function TicketPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useQuery({ queryKey: ['ticket', id], queryFn: () => ticketsApi.byId(id), retry: false });
  const status = useMutation({
    mutationFn: (s: TicketStatusName) => ticketsApi.setStatus(id, s),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ticket', id] }),
    onError: () => notify('error', t('common.somethingWrongRetry')),
  });
  const back = (
    <ChakraLink asChild color="brand.700" fontWeight="medium">
      <Link to="/tickets" data-testid="ticket-back">
        <LuArrowLeft aria-hidden="true" data-mirrored /> {t('tickets.detail.back')}
      </Link>
    </ChakraLink>
  );
  if (ticket.isPending) return <PageSpinner />;
  if (ticket.isError || !ticket.data) {
    const missing = ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400);
    return (
      <Stack maxW="4xl" gap="4">
        {back}
        <EmptyState.Root data-testid="ticket-missing">
          <EmptyState.Content>
            <EmptyState.Title>{missing ? t('tickets.detail.missing') : t('tickets.loadFailed')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      </Stack>
    );
  }
  const d = ticket.data;
  return (
    <Stack maxW="4xl" gap="5">
      {back}
      <Heading as="h1" size="xl" dir="auto" data-testid="ticket-subject">
        {d.subject}
      </Heading>
      <Card.Root variant="outline" data-testid="ticket-summary">
        <Card.Body>
          <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="3">
            <DataList.Item>
              <DataList.ItemLabel>{t('tickets.detail.email')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{d.submitterEmail}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('tickets.columns.type')}</DataList.ItemLabel>
              <DataList.ItemValue>{t(`tickets.types.${d.type}`)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('tickets.columns.subject')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <bdi>{d.subject}</bdi>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('tickets.columns.createdAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{when(d.createdAt, i18n.language)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('tickets.columns.status')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {d.canAnswer ? (
                  <StatusSelect
                    value={d.status}
                    onChange={(v) => status.mutate(v)}
                    testId="ticket-status-select"
                    ariaLabel={t('tickets.columns.status')}
                  />
                ) : (
                  <Badge colorPalette={statusPalette[d.status]} data-testid="ticket-status">
                    {t(`tickets.statuses.${d.status}`)}
                  </Badge>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Thread ticket={d} />
      {d.canReply && <ReplyForm ticket={d} />}
    </Stack>
  );
}
