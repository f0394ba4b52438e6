// /beneficiaries/respondent/{id}: one respondent's fields, their list's own columns, the submissions
// made for them and the history of every change to their fields (who, when, from what to what). The
// shell's back button says 'Go back' (spec 000 "Back button text by page": respondent pages).
import { Badge, Box, DataList, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CONTACT_FIELDS, STANDARD_FIELDS, type BeneficiaryDetail } from '../../../schemas/beneficiaries';
import { ApiError } from '../../api/client';
import { MessagePage } from '../../components/MessagePage';
import { PageSpinner } from '../../components/PageSpinner';
import { problemText } from '../../i18n';
import { respondentsApi } from './api';
import { genderLabel } from './fields';

const when = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export default function RespondentPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: ['respondent', id], queryFn: () => respondentsApi.byId(id), retry: false });
  if (q.isLoading) return <PageSpinner />;
  if (!q.data)
    return (
      <MessagePage
        testId="respondent-missing"
        title={t('respondents.missing')}
        body={q.error instanceof ApiError ? problemText(q.error) : ''}
      />
    );
  const d: BeneficiaryDetail = q.data;
  const b = d.beneficiary;
  const value = (f: (typeof STANDARD_FIELDS)[number]): string => {
    switch (f) {
      case 'gender':
        return b.gender === null ? '' : genderLabel(t, b.gender);
      case 'language':
        return b.languageName ?? '';
      case 'locationGroup':
        return b.locationGroupName ?? '';
      case 'country':
        return b.countryName ?? '';
      case 'preferredChannel':
        return b.preferredChannel === null
          ? ''
          : t(b.preferredChannel === 0 ? 'respondents.channel.whatsapp' : 'respondents.channel.email');
      default:
        return b[f] === null ? '' : String(b[f]);
    }
  };
  const label = (field: string) => {
    if (field.startsWith('custom.')) return d.table.columns.find((c) => `custom.${c.key}` === field)?.label ?? field.slice(7);
    const std = field.replace(/Id$/, '') as (typeof STANDARD_FIELDS)[number];
    return (STANDARD_FIELDS as readonly string[]).includes(std) ? t(`respondents.fields.${std}`) : field;
  };
  const fields = STANDARD_FIELDS.filter((f) => !(d.contactsHidden && (CONTACT_FIELDS as readonly string[]).includes(f)));
  return (
    <Stack gap="6" maxW="4xl" data-testid="page-respondent">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {b.erased ? t('respondents.erased') : (b.fullName ?? b.idNumber ?? '')}
        </Heading>
        <Text color="gray.700">{d.table.name}</Text>
        {d.contactsHidden && (
          <Text fontSize="sm" color="gray.700">
            {t('respondents.contactsHidden')}
          </Text>
        )}
      </Stack>
      <Box as="section" aria-labelledby="respondent-fields" borderWidth="1px" borderRadius="lg" bg="white" p="5">
        <Heading as="h2" size="md" id="respondent-fields" mb="3">
          {t('respondents.details')}
        </Heading>
        <DataList.Root orientation="horizontal" data-testid="respondent-fields">
          {fields.map((f) => (
            <DataList.Item key={f}>
              <DataList.ItemLabel>{t(`respondents.fields.${f}`)}</DataList.ItemLabel>
              <DataList.ItemValue>{value(f) || '—'}</DataList.ItemValue>
            </DataList.Item>
          ))}
          {d.table.columns.map((c) => (
            <DataList.Item key={c.key}>
              <DataList.ItemLabel>{c.label}</DataList.ItemLabel>
              <DataList.ItemValue>
                {b.custom[c.key] === undefined || b.custom[c.key] === null ? '—' : String(b.custom[c.key])}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Box>
      <Box as="section" aria-labelledby="respondent-submissions" borderWidth="1px" borderRadius="lg" bg="white" p="5">
        <Heading as="h2" size="md" id="respondent-submissions" mb="3">
          {t('respondents.submissions')}
        </Heading>
        {d.submissions.length === 0 ? (
          <Text color="gray.700">{t('respondents.noSubmissions')}</Text>
        ) : (
          <List.Root gap="1">
            {d.submissions.map((s) => (
              <List.Item key={s.id}>
                {s.surveyName} · {when(s.submittedAt, i18n.language)}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <Box as="section" aria-labelledby="respondent-history" borderWidth="1px" borderRadius="lg" bg="white" p="5">
        <Heading as="h2" size="md" id="respondent-history" mb="3">
          {t('respondents.history')}
        </Heading>
        <List.Root gap="3" variant="plain" data-testid="respondent-history">
          {d.history.map((h, i) => (
            <List.Item key={i} display="block">
              <Text>
                <Badge me="2">{t(`respondents.actions.${h.action}`)}</Badge>
                {t('respondents.byAt', { by: h.by || '—', at: when(h.at, i18n.language) })}
              </Text>
              {h.changes.length > 0 && (
                <List.Root ps="6" mt="1" fontSize="sm" color="gray.700">
                  {h.changes.map((c) => (
                    <List.Item key={c.field}>
                      {label(c.field)}:{' '}
                      {c.from === null && c.to === null ? t('respondents.hiddenChange') : `${c.from ?? '—'} → ${c.to ?? '—'}`}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </List.Item>
          ))}
        </List.Root>
      </Box>
    </Stack>
  );
}
