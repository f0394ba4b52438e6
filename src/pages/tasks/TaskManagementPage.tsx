// /task-management/collection: the declared tabs of schemas/screens/tasks.ts, and the Assign task and
// Send survey link dialogs, opened through the address (?assign=1, ?message=1) so a reload keeps them.
import { Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { taskManagement } from '../../../schemas/screens';
import { ChooseFirst } from '../../components/ChooseFirst';
import { TabbedScreens } from '../../components/admin-screen/TabbedScreens';
import { AssignTaskDialog } from './AssignTaskDialog';
import { SendLinkDialog } from './SendLinkDialog';
import { session } from '../../state/session';

export default function TaskManagementPage() {
  const snap = useSnapshot(session);
  const [params, setParams] = useSearchParams();
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('assign');
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  if (!snap.currentProjectId) return <ChooseFirst what="project" />;
  return (
    <Stack gap="6" maxW="7xl">
      <TabbedScreens decl={taskManagement} />
      <AssignTaskDialog
        open={params.get('assign') === '1'}
        onClose={close}
        projectId={snap.currentProjectId}
        workspaceId={snap.currentWorkspaceId}
      />
      <SendLinkDialog open={params.get('message') === '1'} onClose={close} projectId={snap.currentProjectId} />
    </Stack>
  );
}
