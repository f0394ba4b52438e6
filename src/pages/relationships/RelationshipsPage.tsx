// /relationships: the project's respondents, targets, tasks and surveys at a glance, each count a way
// into its page (the 'Manage Relationships' menu's pages, Survey Tools and Survey Data).
import { Button, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { ChooseFirst } from '../../components/ChooseFirst';
import { useRelationships } from './useRelationships';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap="0" minW="24">
      <Text fontSize="2xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
    </Stack>
  );
}

function Area({ title, to, open, children, testId }: { title: string; to: string; open: string; children: ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 2, sm: 3 }} gap="4">
          {children}
        </SimpleGrid>
      </Card.Body>
      <Card.Footer>
        <Button asChild variant="outline" size="sm">
          <Link to={to}>{open}</Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

export default function RelationshipsPage() {
  const { t, i18n } = useTranslation();
  const { projectId, q } = useRelationships();
  if (!projectId || (q.error instanceof ApiError && q.error.status === 404)) return <ChooseFirst what="project" />;
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const r = q.data;
  return (
    <Stack gap="6" maxW="5xl" data-testid="relationships-page">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('relationships.title')}
        </Heading>
        <Text color="gray.600">{t('relationships.intro')}</Text>
      </Stack>
      {q.isPending && <Skeleton h="60" borderRadius="xl" />}
      {q.isError && !(q.error instanceof ApiError && q.error.status === 404) && <Text role="alert">{t('relationships.failed')}</Text>}
      {r && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Area
            title={t('nav.respondents')}
            to="/beneficiaries/table"
            open={t('relationships.openRespondents')}
            testId="relationships-respondents"
          >
            <Figure label={t('relationships.lists')} value={n(r.respondents.lists)} />
            <Figure label={t('relationships.people')} value={n(r.respondents.people)} testId="relationships-people" />
          </Area>
          <Area title={t('nav.targets')} to="/targets" open={t('relationships.openTargets')} testId="relationships-targets">
            <Figure label={t('relationships.surveys')} value={n(r.targets.surveys)} />
            <Figure label={t('relationships.reached')} value={n(r.targets.reached)} />
            <Figure label={t('relationships.onTrack')} value={n(r.targets.onTrack)} />
            <Figure label={t('relationships.behind')} value={n(r.targets.behind)} />
            <Figure label={t('relationships.overdue')} value={n(r.targets.overdue)} />
          </Area>
          <Area
            title={t('nav.taskManagement')}
            to="/task-management/collection"
            open={t('relationships.openTasks')}
            testId="relationships-tasks"
          >
            <Figure label={t('relationships.assigned')} value={n(r.tasks.assigned)} />
            <Figure label={t('relationships.inProgress')} value={n(r.tasks.inProgress)} />
            <Figure label={t('relationships.completed')} value={n(r.tasks.completed)} />
            <Figure label={t('relationships.rejected')} value={n(r.tasks.rejected)} />
            <Figure label={t('relationships.lateTasks')} value={n(r.tasks.overdue)} />
          </Area>
          <Area title={t('nav.surveyData')} to="/survey/survey-data" open={t('relationships.openData')} testId="relationships-surveys">
            <Figure label={t('relationships.deployed')} value={n(r.surveys.deployed)} />
            <Figure label={t('relationships.editing')} value={n(r.surveys.editing)} />
            <Figure label={t('relationships.submissions')} value={n(r.surveys.submissions)} testId="relationships-submissions" />
          </Area>
        </SimpleGrid>
      )}
    </Stack>
  );
}
