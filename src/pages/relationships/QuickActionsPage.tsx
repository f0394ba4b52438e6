// /quick-actions: the project's common actions one click away, each shown to the roles its page is for
// (the route table's access), with the counts that say where the project stands.
import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { hasAnyRole, type RoleName } from '../../../schemas/roles';
import { ApiError } from '../../api/client';
import { routes } from '../../app/routes';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';
import { useRelationships } from './useRelationships';

/** Each action: the page it opens (whose access decides who sees it); its texts are quickActions.<key>. */
const ACTIONS = [
  { key: 'newSurvey', to: '/survey/survey-tools/create' },
  { key: 'importXlsform', to: '/survey/survey-tools' },
  { key: 'importRespondents', to: '/beneficiaries/table' },
  { key: 'assignTask', to: '/task-management/collection' },
  { key: 'sendSurvey', to: '/task-management/collection' },
  { key: 'setTarget', to: '/targets' },
  { key: 'exportData', to: '/survey/survey-data' },
] as const;

function allowed(path: string, roles: readonly RoleName[]): boolean {
  const access = routes.find((r) => r.path === path)?.access;
  return Array.isArray(access) && hasAnyRole(roles, access as readonly RoleName[]);
}

export default function QuickActionsPage() {
  const { t, i18n } = useTranslation();
  const snap = useSnapshot(session);
  const { projectId, q } = useRelationships();
  if (!projectId || (q.error instanceof ApiError && q.error.status === 404)) return <ChooseFirst what="project" />;
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const r = q.data;
  const status: Record<string, string> | undefined = r && {
    newSurvey: t('quickActions.status.surveys', { deployed: n(r.surveys.deployed), editing: n(r.surveys.editing) }),
    importRespondents: t('quickActions.status.respondents', { people: n(r.respondents.people), lists: n(r.respondents.lists) }),
    assignTask: t('quickActions.status.tasks', { open: n(r.tasks.assigned + r.tasks.inProgress), late: n(r.tasks.overdue) }),
    setTarget: t('quickActions.status.targets', { behind: n(r.targets.behind + r.targets.overdue), surveys: n(r.targets.surveys) }),
    exportData: t('quickActions.status.submissions', { submissions: n(r.surveys.submissions) }),
  };
  return (
    <Stack gap="6" maxW="5xl" data-testid="quick-actions-page">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('quickActions.title')}
        </Heading>
        <Text color="gray.600">{t('quickActions.intro')}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
        {ACTIONS.filter((a) => allowed(a.to, snap.roles as RoleName[])).map((a) => (
          <Card.Root as="li" key={a.key} data-testid={`quick-action-${a.key}`}>
            <Card.Body gap="2">
              <Heading as="h2" size="md">
                {t(`quickActions.${a.key}.title`)}
              </Heading>
              <Text fontSize="sm" color="gray.600">
                {t(`quickActions.${a.key}.body`)}
              </Text>
              {status?.[a.key] && (
                <Text fontSize="sm" fontWeight="medium">
                  {status[a.key]}
                </Text>
              )}
            </Card.Body>
            <Card.Footer>
              <Button asChild size="sm">
                <Link to={a.to}>{t(`quickActions.${a.key}.go`)}</Link>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
