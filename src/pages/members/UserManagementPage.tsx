// /user-management (spec 000 section 2 "User Management page (admin)"): a banner and the organization's
// users, with the columns of the admin table (Name with email, Gender, Languages, Location, Role,
// Workspace). It is the top-level entry of the project sidebar for the three organization-wide roles;
// adding and editing happen on /admin-user-management, where the table's actions lead.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { screens } from '../../../schemas/screens';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';

export default function UserManagementPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="6" maxW="7xl">
      <Box
        bg="brand.700"
        color="white"
        borderRadius="lg"
        px={{ base: '4', md: '8' }}
        py={{ base: '5', md: '7' }}
        data-testid="user-management-banner"
      >
        <Heading as="h1" size="xl">
          {t('userManagement.bannerTitle')}
        </Heading>
        <Text mt="1" maxW="2xl">
          {t('userManagement.bannerText')}
        </Text>
      </Box>
      <AdminScreen decl={screens.organizationMembers} showTitle={false} />
    </Stack>
  );
}
