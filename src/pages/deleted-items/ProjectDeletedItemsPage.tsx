// The project's /deleted-items: its workspace's deleted projects today; later areas add their tabs to
// the declaration (surveys, respondents, tasks).
import { Box } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { projectDeletedItems } from '../../../schemas/screens';
import { TabbedScreens } from '../../components/admin-screen/TabbedScreens';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';

export default function ProjectDeletedItemsPage() {
  const snap = useSnapshot(session);
  return (
    <Box px={{ base: '3', md: '8' }} py="4" maxW="7xl">
      {snap.currentWorkspaceId ? (
        <TabbedScreens decl={projectDeletedItems} note="deletedItems.purgeNote" />
      ) : (
        <ChooseFirst what="workspace" />
      )}
    </Box>
  );
}
