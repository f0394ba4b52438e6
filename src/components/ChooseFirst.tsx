// What a page shows when it needs a workspace or project that has not been chosen (or no longer
// exists): a sentence and the way to choose one.
import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuFolderSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ADMIN_ROLES, hasAnyRole } from '../../schemas/roles';
import { session } from '../state/session';

export function ChooseFirst({ what }: { what: 'workspace' | 'project' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const to = what === 'project' ? '/project-selection' : hasAnyRole(snap.roles, ADMIN_ROLES) ? '/admin-workspaces' : '/workspace';
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white" maxW="3xl" data-testid={`choose-${what}`}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuFolderSearch />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{t(what === 'project' ? 'dashboard.noProject' : 'projects.noWorkspace')}</EmptyState.Title>
        </VStack>
        <Button colorPalette="brand" onClick={() => void navigate(to)}>
          {t(what === 'project' ? 'dashboard.chooseProject' : 'projects.chooseWorkspace')}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
