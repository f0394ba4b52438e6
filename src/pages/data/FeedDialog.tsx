// The survey's data feed (docs/feed.md): the feed addresses (CSV and JSON, with the table's
// current filters), the caller's tokens with a way to create one - shown once, to copy - and to revoke
// them. For the roles that manage projects (FEED_ROLES).
import { Badge, Box, Button, Field, Flex, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_FEED_API as F } from '../../../schemas/dataFeed';
import type { AnswerOf } from '../../../schemas/endpoint';
import { call, pathOf } from '../../api/call';
import { ApiError } from '../../api/client';
import { toaster } from '../../app/toastStore';
import { AppDialog } from '../../components/AppDialog';
import { CopyField } from '../../components/CopyField';

type FeedToken = AnswerOf<typeof F.getFeedTokens>['tokens'][number];

/** The feed's address for a format, carrying the table's filters (not its sort or page). */
export function feedUrl(surveyId: string, format: 'csv' | 'json', filters: URLSearchParams): string {
  const p = new URLSearchParams(filters);
  p.delete('Sort');
  const qs = p.toString();
  return `${window.location.origin}/api${pathOf(F.feed, { surveyId, format })}${qs ? `?${qs}` : ''}`;
}

export function FeedDialog({ open, onClose, surveyId, filters }: { open: boolean; onClose: () => void; surveyId: string; filters: URLSearchParams }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: ['feed-tokens', surveyId],
    enabled: open,
    queryFn: () => call(F.getFeedTokens, { query: { SurveyId: surveyId, PageSize: 100 } }),
  });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['feed-tokens', surveyId] });
  const create = async () => {
    setBusy(true);
    try {
      const made = await call(F.createFeedToken, { body: { surveyId, name: name.trim() } });
      setCreated(made.token);
      setName('');
      await refresh();
    } catch (err) {
      toaster.create({ type: 'error', title: err instanceof ApiError ? err.message : t('surveyData.failed') });
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (token: FeedToken) => {
    try {
      await call(F.revokeFeedToken, { body: { id: token.id } });
      toaster.create({ type: 'success', title: t('surveyData.feed.revoked', { name: token.name }) });
      await refresh();
    } catch (err) {
      toaster.create({ type: 'error', title: err instanceof ApiError ? err.message : t('surveyData.failed') });
    }
  };
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <AppDialog open={open} onClose={close} testId="feed-dialog" title={t('surveyData.feed.title')} size="lg" scroll>
      <Stack gap="4">
        <Text fontSize="sm">{t('surveyData.feed.intro')}</Text>
        <CopyField id="feed-csv" label={t('surveyData.feed.csvUrl')} value={feedUrl(surveyId, 'csv', filters)} testId="feed-csv-url" />
        <CopyField id="feed-json" label={t('surveyData.feed.jsonUrl')} value={feedUrl(surveyId, 'json', filters)} testId="feed-json-url" />
        <Text fontSize="sm" color="gray.600">
          {t('surveyData.feed.howToAuth')}
        </Text>
        <Box as="form" onSubmit={(e: React.FormEvent) => { e.preventDefault(); if (name.trim()) void create(); }}>
          <Flex gap="2" align="end" wrap="wrap">
            <Field.Root flex="1 1 12rem">
              <Field.Label htmlFor="feed-name">{t('surveyData.feed.name')}</Field.Label>
              <Input id="feed-name" size="sm" maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder={t('surveyData.feed.namePlaceholder')} data-testid="feed-name" />
            </Field.Root>
            <Button type="submit" size="sm" loading={busy} disabled={!name.trim()} data-testid="feed-create">
              {t('surveyData.feed.create')}
            </Button>
          </Flex>
        </Box>
        {created && (
          <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="3" role="status">
            <Stack gap="2">
              <CopyField id="feed-token" label={t('surveyData.feed.token')} value={created} testId="feed-token" />
              <Text fontSize="sm" fontWeight="medium">
                {t('surveyData.feed.onlyOnce')}
              </Text>
            </Stack>
          </Box>
        )}
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="feed-tokens">
            <Table.Caption textAlign="start" captionSide="top" fontWeight="medium" mb="1">
              {t('surveyData.feed.tokens')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('surveyData.feed.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('surveyData.feed.lastUsed')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box as="span" srOnly>
                    {t('surveyData.feed.revoke')}
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(tokens.data?.tokens ?? []).length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={3} color="gray.600">
                    {t('surveyData.feed.none')}
                  </Table.Cell>
                </Table.Row>
              )}
              {(tokens.data?.tokens ?? []).map((tok) => (
                <Table.Row key={tok.id} data-testid="feed-token-row">
                  <Table.Cell>
                    <Stack gap="0">
                      <bdi>{tok.name}</bdi>
                      <Text fontSize="xs" color="gray.600" dir="ltr">
                        {tok.prefix}… · {when.format(new Date(tok.createdAt))}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>{tok.lastUsedAt ? when.format(new Date(tok.lastUsedAt)) : t('surveyData.feed.never')}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {tok.revokedAt ? (
                      <Badge colorPalette="gray">{t('surveyData.feed.revokedBadge')}</Badge>
                    ) : (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => void revoke(tok)} aria-label={t('surveyData.feed.revokeNamed', { name: tok.name })} data-testid="feed-revoke">
                        {t('surveyData.feed.revoke')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </AppDialog>
  );
}
