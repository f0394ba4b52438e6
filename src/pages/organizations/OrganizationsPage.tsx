// /organizations, 'My organizations': one card per organization with 'See workspaces' or, for a
// deactivated membership or an owner's deactivated organization, 'Activate account'. A member cannot
// choose an organization its owner deactivated (spec 000 sections 2 and 4).
import { Badge, Box, Button, Card, Heading, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { roleByName } from '../../../schemas/roles';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { enterOrganization } from '../../app/signIn';
import { notify } from '../../app/toaster';
import { problemText } from '../../i18n';
import { session, type OrganizationChoice } from '../../state/session';

type CardMode = 'enter' | 'activate' | 'blocked';

export function cardMode(o: { roles: readonly { name: string }[]; isDeletedOrg: boolean; isDeletedUser: boolean }): CardMode {
  const owner = o.roles.some((r) => r.name === 'Organization');
  if (o.isDeletedOrg) return owner ? 'activate' : 'blocked';
  if (o.isDeletedUser) return 'activate';
  return 'enter';
}

export default function OrganizationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const [busy, setBusy] = useState<string | null>(null);
  const orgs = useQuery({
    queryKey: ['user-organizations', snap.user?.id],
    queryFn: async () => {
      const list = await accountApi.getUserOrganizations(snap.user!.id);
      session.organizations = list;
      return list;
    },
    enabled: !!snap.user,
  });

  async function choose(o: Pick<OrganizationChoice, 'organizationId' | 'organizationName'>) {
    setBusy(o.organizationId);
    try {
      void navigate(await enterOrganization(o));
    } catch (err) {
      notify('error', err instanceof ApiError ? problemText(err) : t('common.somethingWrongRetry'));
    } finally {
      setBusy(null);
    }
  }

  const list = orgs.data ?? snap.organizations;
  return (
    <Stack gap="6" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('organizations.title')}
        </Heading>
        <Text color="gray.600">{t('organizations.subtitle', { name: snap.user?.fullName ?? '' })}</Text>
      </Stack>
      {orgs.isLoading && list.length === 0 ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {[1, 2].map((i) => (
            <Skeleton key={i} h="44" borderRadius="xl" />
          ))}
        </SimpleGrid>
      ) : list.length === 0 ? (
        <Text color="gray.600">{t('organizations.none')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {list.map((o) => {
            const mode = cardMode(o);
            const role = o.roles[0]?.name;
            const button = (
              <Button
                colorPalette="brand"
                variant={mode === 'enter' ? 'solid' : 'outline'}
                disabled={mode === 'blocked' || busy !== null}
                loading={busy === o.organizationId}
                onClick={() => void choose(o)}
                w="full"
                data-testid={`org-${mode}`}
              >
                {mode === 'enter' ? t('organizations.seeWorkspaces') : t('organizations.activate')}
              </Button>
            );
            return (
              <Card.Root key={o.organizationId} data-testid="organization-card" opacity={mode === 'blocked' ? 0.7 : 1}>
                <Card.Body gap="3">
                  <Stack direction="row" align="center" gap="3">
                    <Box bg="brand.50" color="brand.600" p="3" borderRadius="lg" fontSize="xl">
                      <LuBuilding2 />
                    </Box>
                    <Box minW="0">
                      <Heading size="md" truncate>
                        {o.organizationName}
                      </Heading>
                      <Text fontSize="sm" color="gray.500">
                        {o.organizationTypeId
                          ? t(`organizationTypes.${o.organizationTypeId}`, { defaultValue: o.organizationType ?? '' })
                          : ''}
                      </Text>
                    </Box>
                  </Stack>
                  <Stack direction="row" gap="2" wrap="wrap">
                    {role && <Badge colorPalette="blue">{t(`roles.${role}`, { defaultValue: roleByName(role)?.display ?? role })}</Badge>}
                    {o.isDeletedOrg && <Badge colorPalette="orange">{t('organizations.deactivated')}</Badge>}
                    {!o.isDeletedOrg && o.isDeletedUser && <Badge colorPalette="orange">{t('organizations.membershipDeactivated')}</Badge>}
                  </Stack>
                </Card.Body>
                <Card.Footer>
                  {mode === 'blocked' ? (
                    <Tooltip.Root openDelay={100}>
                      <Tooltip.Trigger asChild>
                        <Box w="full" tabIndex={0}>
                          {button}
                        </Box>
                      </Tooltip.Trigger>
                      <Tooltip.Positioner>
                        <Tooltip.Content>{t('organizations.deactivatedTooltip')}</Tooltip.Content>
                      </Tooltip.Positioner>
                    </Tooltip.Root>
                  ) : (
                    button
                  )}
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
