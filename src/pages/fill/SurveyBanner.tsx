// The top of the fill page (spec 001 section 2): the preview banner, the deadline line, title,
// description with 'Read more', the online/offline indicator, the language selector (right to left
// for Arabic and other such languages), Print Survey and Export survey.
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack, HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import type { FormLanguage, SurveyLanguage } from '../../../engine/survey/index';
import { formatDeadline } from './deadline';
import { ownLanguageName } from './language';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';

const ReadMoreDialog = lazyDialog(() => import('./dialogs').then((m) => m.ReadMoreDialog), whenOpen);

/** Descriptions longer than this are clamped with 'Read more'. */
const SHORT_DESCRIPTION = 180;

interface Props {
  title: string;
  description: string;
  endDate: string | null;
  preview: boolean;
  language: FormLanguage;
  languages: readonly SurveyLanguage[];
  onLanguage: (languageId: number) => void;
  onPrint: () => void;
  onExport: (() => void) | null;
  exporting: boolean;
  connection: ReactNode;
}

export function SurveyBanner(p: Props) {
  const { t } = useTranslation();
  const [readMore, setReadMore] = useState(false);
  const long = p.description.length > SHORT_DESCRIPTION;
  return (
    <Stack gap="3" as="header">
      {p.preview ? (
        <Box role="status" bg="orange.100" color="orange.900" borderRadius="md" px="4" py="2" fontWeight="semibold" data-testid="fill-preview-banner">
          {t('fill.preview')}
        </Box>
      ) : null}
      {/* The survey's name and description have no translations: their own text decides the direction. */}
      <Box bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200" p={{ base: '4', md: '6' }}>
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          {/* No deadline, no deadline line: the original printed 'Deadline: Invalid date' here. */}
          {p.endDate ? (
            <Text fontSize="sm" color="gray.600" data-testid="fill-deadline">
              {t('fill.deadline', { date: formatDeadline(p.endDate, t('fill.invalidDate')) })}
            </Text>
          ) : (
            <span />
          )}
          <Box className="fill-no-print">{p.connection}</Box>
        </HStack>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mt="2" overflowWrap="anywhere" dir="auto" data-testid="fill-title">
          {p.title}
        </Heading>
        {p.description ? (
          <Text mt="2" color="gray.700" lineClamp={long ? 3 : undefined} whiteSpace="pre-wrap" className="fill-description" dir="auto" data-testid="fill-description">
            {p.description}
          </Text>
        ) : null}
        {long ? (
          <Button variant="plain" colorPalette="brand" px="0" size="sm" onClick={() => setReadMore(true)} className="fill-no-print" data-testid="fill-read-more-open">
            {t('fill.readMore')}
          </Button>
        ) : null}
      </Box>
      <HStack gap="2" flexWrap="wrap" className="fill-no-print">
        {p.languages.length > 1 ? (
          <NativeSelect.Root size="sm" width="auto" minW="40">
            <NativeSelect.Field aria-label={t('fill.language')} value={p.language.languageId} onChange={(e) => p.onLanguage(Number(e.currentTarget.value))} data-testid="fill-language">
              {p.languages.map((l) => (
                <option key={l.languageId} value={l.languageId} lang={l.code || undefined} data-name={l.name}>
                  {ownLanguageName(l.code, l.name)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        <Button size="sm" variant="outline" onClick={p.onPrint} data-testid="fill-print">
          {t('fill.print')}
        </Button>
        {p.onExport ? (
          <Button size="sm" variant="outline" onClick={p.onExport} loading={p.exporting} data-testid="fill-export">
            {t('fill.export')}
          </Button>
        ) : null}
      </HStack>
      <ReadMoreDialog open={readMore} title={p.title} description={p.description} dir={p.language.dir} onClose={() => setReadMore(false)} />
    </Stack>
  );
}
