import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_TABS, LegalDialog, type LegalTab } from './LegalDialog';
import { PRODUCT_NAME } from './Logo';

export function Footer() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LegalTab | null>(null);
  return (
    <Flex
      as="footer"
      px="6"
      py="4"
      borderTopWidth="1px"
      bg="white"
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="2"
      fontSize="sm"
      color="gray.600"
    >
      <Text>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Text>
      <HStack gap="1" wrap="wrap">
        {LEGAL_TABS.map((k) => (
          <Button key={k} variant="plain" size="xs" color="gray.600" textDecoration="underline" onClick={() => setTab(k)}>
            {t(`legal.${k}.title`)}
          </Button>
        ))}
      </HStack>
      <LegalDialog open={tab !== null} tab={tab ?? 'terms'} onTab={setTab} onClose={() => setTab(null)} />
    </Flex>
  );
}
