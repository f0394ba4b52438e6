// /members (the project's members), /admin-user-management and /admin-user-management/new-member (the
// organization's members): the declared tables of schemas/screens/members.ts, with the member dialogs
// opened through the address (?add=1, ?edit={id}, ?preview={id}) by the declarations' actions.
import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { MEMBERS_API } from '../../../schemas/members';
import { screens } from '../../../schemas/screens';
import { call } from '../../api/call';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';
import { session } from '../../state/session';
import { MemberDialog, type MemberDialogMode } from './MemberDialog';

function useDialogMode(newMemberRoute: boolean): [MemberDialogMode | null, () => void] {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const edit = params.get('edit');
  const preview = params.get('preview');
  const mode: MemberDialogMode | null =
    newMemberRoute || params.get('add')
      ? { kind: 'add' }
      : edit
        ? { kind: 'edit', id: edit }
        : preview
          ? { kind: 'preview', id: preview }
          : null;
  const close = () => {
    if (newMemberRoute) return void navigate('/admin-user-management');
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['add', 'edit', 'preview']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  };
  return [mode, close];
}

function Title({ title, total }: { title: string; total: number | undefined }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" align="baseline" wrap="wrap">
      <Heading size="xl">{title}</Heading>
      {total !== undefined && (
        <Text color="gray.600" data-testid="members-total">
          {t('memberManagement.total', { count: total })}
        </Text>
      )}
    </HStack>
  );
}

export default function ProjectMembersPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [mode, close] = useDialogMode(false);
  // The total of the title: one small call, refreshed with the table (same query prefix).
  const total = useQuery({
    queryKey: ['screen', 'members-total', snap.currentProjectId],
    enabled: !!snap.currentProjectId,
    queryFn: () =>
      call(MEMBERS_API.getAllProjectMembers, { params: { projectId: snap.currentProjectId! }, query: { PageSize: 1 } }).then(
        (d) => d.totalSize,
      ),
  });
  return (
    <Stack gap="6" maxW="7xl">
      <AdminScreen decl={screens.projectMembers} header={<Title title={t('memberManagement.title')} total={total.data} />} />
      <MemberDialog page="project" mode={mode} onClose={close} />
    </Stack>
  );
}

export function AdminMembersPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const newMember = location.pathname.toLowerCase().endsWith('/new-member');
  const [mode, close] = useDialogMode(newMember);
  const total = useQuery({
    queryKey: ['screen', 'org-members-total'],
    queryFn: () => call(MEMBERS_API.getAllMembersOfOrganization, { query: { pageSize: 1 } }).then((d) => d.totalSize),
  });
  return (
    <Stack gap="6" maxW="7xl">
      <AdminScreen decl={screens.organizationMembers} header={<Title title={t('memberManagement.adminTitle')} total={total.data} />} />
      {/* After an add on the admin page the user goes to /admin-user-management (spec 001 section 2). */}
      <MemberDialog page="admin" mode={mode} onClose={close} />
    </Stack>
  );
}
