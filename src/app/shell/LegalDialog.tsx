// Terms of service, privacy policy and cookie policy in one pop-up with three tabs; the body is at
// most 450 px high; 'Got it!' closes it (spec 000 section 1).
import { Box, Button, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog';

export const LEGAL_TABS = ['terms', 'privacy', 'cookies'] as const;
export type LegalTab = (typeof LEGAL_TABS)[number];
export const LEGAL_UPDATED = '2024-03-04';

/** Legal texts are kept as paragraphs; a paragraph starting with '## ' is a heading. */
function LegalBody({ text }: { text: string }) {
  return (
    <Stack gap="3">
      {text.split('\n\n').map((p, i) =>
        p.startsWith('## ') ? (
          <Heading key={i} size="sm" mt="2">
            {p.slice(3)}
          </Heading>
        ) : (
          <Text key={i} fontSize="sm" color="gray.700">
            {p}
          </Text>
        ),
      )}
    </Stack>
  );
}

export function LegalDialog({
  open,
  tab,
  onTab,
  onClose,
}: {
  open: boolean;
  tab: LegalTab;
  onTab: (t: LegalTab) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(LEGAL_UPDATED),
  );
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="legal-dialog"
      title={t(`legal.${tab}.title`)}
      size="lg"
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          {t('legal.gotIt')}
        </Button>
      }
    >
      <Tabs.Root value={tab} onValueChange={(d) => onTab(d.value as LegalTab)} variant="line" size="sm">
        <Tabs.List>
          {LEGAL_TABS.map((k) => (
            <Tabs.Trigger key={k} value={k}>
              {t(`legal.${k}.title`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Text fontSize="xs" color="gray.500" mt="3">
          {t('legal.lastUpdated', { date: updated })}
        </Text>
        {LEGAL_TABS.map((k) => (
          <Tabs.Content key={k} value={k}>
            {/* Focusable and named, so keyboard users can scroll the long text (WCAG 2.1.1). */}
            <Box
              maxH="450px"
              overflowY="auto"
              pe="2"
              tabIndex={0}
              role="region"
              aria-label={t(`legal.${k}.title`)}
              data-testid={`legal-body-${k}`}
            >
              <LegalBody text={t(`legal.${k}.body`)} />
            </Box>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AppDialog>
  );
}
