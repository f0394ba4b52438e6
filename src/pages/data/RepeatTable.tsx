// A repeat group of the survey in its own table: its instances for the table's current page
// of submissions and filters, each linked to its submission by the submission time and the index.
import { Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRepeatRows, type TableQuery } from './api';
import { cellText } from './format';

/** `headers`: the questions' column headers by name (columns.ts questionHeaders), references shown. */
export function RepeatTable({ query, headers }: { query: TableQuery & { repeat: string }; headers: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation();
  const data = useRepeatRows(query).data;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!data) return null;
  return (
    <Box overflow="auto" maxH="65vh" borderWidth="1px" borderRadius="md" tabIndex={0} aria-label={t('surveyData.repeatLabel', { name: query.repeat })} data-testid="repeat-table">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader bg="bg.subtle">{t('surveyData.col.submittedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader bg="bg.subtle">{t('surveyData.index')}</Table.ColumnHeader>
            {data.columns.map((c) => (
              <Table.ColumnHeader key={c.key} bg="bg.subtle">
                <bdi>{headers.get(c.key) ?? c.header}</bdi>
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.rows.map((r) => (
            <Table.Row key={`${r.submissionId}-${r.index}`} data-testid="repeat-row">
              <Table.Cell whiteSpace="nowrap">
                <Link to={`/survey/submission/${r.submissionId}`} style={{ textDecoration: 'underline' }}>
                  {when.format(new Date(r.submittedAt))}
                </Link>
              </Table.Cell>
              <Table.Cell>{r.index}</Table.Cell>
              {data.columns.map((c) => (
                <Table.Cell key={c.key}>
                  <bdi>{cellText(r.answers[c.key], t)}</bdi>
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {data.rows.length === 0 && (
        <Text p="6" textAlign="center" color="gray.600">
          {t('surveyData.empty')}
        </Text>
      )}
    </Box>
  );
}
