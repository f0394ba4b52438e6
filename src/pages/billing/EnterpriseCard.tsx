// The Enterprise card: 'Contact us for a Custom Plan', no price, unlimited workspaces, users per
// workspace and storage (spec 000 sections 2 and 9).
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';

export const SALES_ADDRESS = 'sales@fieldsurvey.example';

export function EnterpriseCard() {
  const { t } = useTranslation();
  return (
    <Box borderWidth="2px" borderColor="gray.200" bg="gray.900" color="white" borderRadius="xl" p="5" data-testid="plan-enterprise">
      <Stack gap="3">
        <Heading size="md">{t('billing.enterprise')}</Heading>
        <Text fontSize="sm">{t('billing.enterpriseCustom')}</Text>
        <List.Root gap="1" variant="plain" fontSize="sm">
          {[t('plans.workspacesUnlimited'), t('billing.usersUnlimited'), t('plans.storageUnlimited')].map((line) => (
            <List.Item key={line} alignItems="center">
              <List.Indicator asChild color="green.300">
                <LuCheck />
              </List.Indicator>
              {line}
            </List.Item>
          ))}
        </List.Root>
        <Button asChild size="sm" variant="solid" bg="white" color="gray.900" _hover={{ bg: 'gray.100' }}>
          <a href={`mailto:${SALES_ADDRESS}?subject=Enterprise%20plan`}>{t('billing.contactUs')}</a>
        </Button>
      </Stack>
    </Box>
  );
}
