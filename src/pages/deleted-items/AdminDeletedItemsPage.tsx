// /admin-deleted-items: deleted workspaces and deleted users, tabs chosen by ?entityType=.
import { Box } from '@chakra-ui/react';
import { adminDeletedItems } from '../../../schemas/screens';
import { TabbedScreens } from '../../components/admin-screen/TabbedScreens';

export default function AdminDeletedItemsPage() {
  return (
    <Box px={{ base: '3', md: '8' }} py="4" maxW="7xl">
      <TabbedScreens decl={adminDeletedItems} note="deletedItems.purgeNote" />
    </Box>
  );
}
