// /project-selection: the declared 'Project List' of the chosen workspace, under the workspace's name.
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { screens } from '../../../schemas/screens';
import { WORKSPACES_API } from '../../../schemas/workspaces';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';

export default function ProjectSelectionPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const workspaceId = snap.currentWorkspaceId;
  const workspace = useQuery({
    queryKey: ['workspace', workspaceId],
    enabled: !!workspaceId,
    queryFn: () => call(WORKSPACES_API.getById, { params: { id: workspaceId! } }),
  });
  const gone = workspace.error instanceof ApiError && workspace.error.status === 404;
  // A workspace deleted meanwhile (or in another tab) is no longer a choice.
  useEffect(() => {
    if (gone) session.currentWorkspaceId = null;
  }, [gone]);
  if (!workspaceId || gone) return <ChooseFirst what="workspace" />;
  const header = (
    <Stack gap="0">
      <Heading as="h1" size="xl">
        {t('projects.title')}
      </Heading>
      <Text color="gray.600" data-testid="workspace-name">
        {workspace.data?.name ?? ''}
      </Text>
    </Stack>
  );
  return (
    <Stack maxW="7xl">
      <AdminScreen decl={screens.projects} header={header} />
    </Stack>
  );
}
