// The workspace chooser (/workspace) and /admin-workspaces: a greeting with the user's name and role
// over the declared workspace cards, and the account notices of a landing page.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { screens } from '../../../schemas/screens';
import { AccountNotices } from '../../components/AccountNotices';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';
import { session } from '../../state/session';

export default function WorkspacesPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const role = snap.roles[0];
  const header = (
    <Stack gap="1">
      <Heading as="h1" size="2xl" data-testid="workspaces-greeting">
        {t('workspaces.greeting', { name: snap.user?.fullName ?? '' })}
      </Heading>
      <Text color="gray.600">{t('workspaces.greetingRole', { role: role ? t(`roles.${role}`) : '' })}</Text>
    </Stack>
  );
  return (
    <Stack gap="6" maxW="7xl">
      <AdminScreen decl={screens.workspaces} header={header} />
      <AccountNotices />
    </Stack>
  );
}
