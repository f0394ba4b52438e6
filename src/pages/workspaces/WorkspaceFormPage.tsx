// /workspace/new-work-space ('Add New Workspace') and /workspace/edit/{id} ('Edit Workspace
// information'): the declared workspace form in its create or edit mode.
import { Flex } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { workspaceForm } from '../../../schemas/screens';
import { ScreenForm } from '../../components/admin-screen/form/ScreenForm';

export default function WorkspaceFormPage() {
  const { id } = useParams();
  return (
    <Flex justify="center">
      <ScreenForm key={id ?? 'new'} form={workspaceForm} mode={id ? 'edit' : 'create'} />
    </Flex>
  );
}
