// /project-selection/create-project/{typeId}: the declared 'New project' form in the chosen workspace.
import { Flex } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { projectForm } from '../../../schemas/screens';
import { ScreenForm } from '../../components/admin-screen/form/ScreenForm';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';

export default function CreateProjectPage() {
  const snap = useSnapshot(session);
  if (!snap.currentWorkspaceId) return <ChooseFirst what="workspace" />;
  return (
    <Flex justify="center">
      <ScreenForm form={projectForm} mode="create" />
    </Flex>
  );
}
