// /admin-organization-management (spec 001 section 2 "Organization Management"): Company Information
// (organization name, type, country), Login Information (the username, which is the e-mail, and a masked
// password) with 'Update Login info', and the Profile information dialog, which the spec's original had
// no way to open: here 'Edit profile' opens it and it saves.
import { Button, Card, DataList, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuKeyRound, LuPencil } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { LoginInfoDialog } from './LoginInfoDialog';
import { ProfileDialog } from './ProfileDialog';
import { useProfile } from './profileApi';

/** What the page shows for a password: never its length, never anything of it. */
const MASKED_PASSWORD = '••••••••';

function InfoCard({ title, action, testId, children }: { title: string; action: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId} variant="outline">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Items({ items, loading }: { items: [string, ReactNode, string][]; loading: boolean }) {
  return (
    <DataList.Root orientation="horizontal" size="md">
      {items.map(([label, value, testId]) => (
        <DataList.Item key={label} flexWrap="wrap">
          <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue data-testid={testId} wordBreak="break-word">
            {loading ? <Skeleton h="4" w="40" /> : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export default function OrganizationManagementPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const profile = useProfile({ organizationId: snap.organizationId, userId: snap.user?.id });
  const [dialog, setDialog] = useState<'profile' | 'login' | null>(null);
  const p = profile.data;
  const loading = profile.isLoading;
  const user = (value: string | null | undefined) =>
    value ? (
      <bdi>{value}</bdi>
    ) : (
      <Text as="span" color="gray.600">
        {t('organizationManagement.notSet')}
      </Text>
    );

  return (
    <Stack gap="6" maxW="5xl" data-testid="organization-management">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('organizationManagement.title')}
        </Heading>
        <Text color="gray.600">{t('organizationManagement.intro')}</Text>
      </Stack>
      {profile.isError && (
        <Text role="alert" color="red.700">
          {t('common.somethingWrongLater')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <InfoCard
          title={t('organizationManagement.company.title')}
          testId="company-information"
          action={
            <Button size="sm" variant="outline" onClick={() => setDialog('profile')} disabled={!p} data-testid="open-profile">
              <LuPencil aria-hidden />
              {t('organizationManagement.profile.open')}
            </Button>
          }
        >
          <Items
            loading={loading}
            items={[
              [t('organizationManagement.company.name'), user(p?.organizationName), 'company-name'],
              [
                t('organizationManagement.company.type'),
                user(
                  p?.organizationTypeId ? t(`organizationTypes.${p.organizationTypeId}`, { defaultValue: p.organizationType ?? '' }) : null,
                ),
                'company-type',
              ],
              [t('organizationManagement.company.country'), user(p?.organizationCountry), 'company-country'],
            ]}
          />
        </InfoCard>
        <InfoCard
          title={t('organizationManagement.login.title')}
          testId="login-information"
          action={
            <Button size="sm" colorPalette="brand" onClick={() => setDialog('login')} disabled={!p} data-testid="open-login-info">
              <LuKeyRound aria-hidden />
              {t('organizationManagement.login.open')}
            </Button>
          }
        >
          <Items
            loading={loading}
            items={[
              [t('organizationManagement.login.username'), user(p?.email), 'login-username'],
              [
                t('organizationManagement.login.password'),
                <span key="p" aria-label={t('organizationManagement.login.passwordHidden')}>
                  {MASKED_PASSWORD}
                </span>,
                'login-password',
              ],
            ]}
          />
        </InfoCard>
      </SimpleGrid>
      {p && (
        <>
          <ProfileDialog open={dialog === 'profile'} profile={p} onClose={() => setDialog(null)} />
          <LoginInfoDialog open={dialog === 'login'} email={p.email} onClose={() => setDialog(null)} />
        </>
      )}
    </Stack>
  );
}
