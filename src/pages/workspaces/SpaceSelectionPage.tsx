// 'Select a space': the feedback space (shown disabled) and the projects' space, which leads to
// /project-selection (spec 000 section 2).
import { Badge, Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuFolderKanban, LuMessageSquareHeart } from 'react-icons/lu';
import { useNavigate } from 'react-router';

export default function SpaceSelectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const spaces = [
    { id: 'feedback', title: 'workspaces.spaces.feedback', body: 'workspaces.spaces.feedbackBody', icon: LuMessageSquareHeart, to: null },
    {
      id: 'projects',
      title: 'workspaces.spaces.projects',
      body: 'workspaces.spaces.projectsBody',
      icon: LuFolderKanban,
      to: '/project-selection',
    },
  ] as const;
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        {t('workspaces.spaces.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {spaces.map((s) => {
          const Icon = s.icon;
          const enabled = s.to !== null;
          return (
            <Card.Root key={s.id} asChild opacity={enabled ? 1 : 0.55} _hover={enabled ? { borderColor: 'brand.400', shadow: 'md' } : {}}>
              <button
                type="button"
                disabled={!enabled}
                style={{ textAlign: 'start', cursor: enabled ? 'pointer' : 'not-allowed' }}
                onClick={() => s.to && void navigate(s.to)}
                data-testid={`space-${s.id}`}
              >
                <Card.Body gap="3">
                  <Box color="brand.600" fontSize="3xl">
                    <Icon />
                  </Box>
                  <Heading size="lg">{t(s.title)}</Heading>
                  <Text color="gray.600">{t(s.body)}</Text>
                  {!enabled && (
                    <Badge alignSelf="start" colorPalette="gray">
                      {t('workspaces.spaces.comingSoon')}
                    </Badge>
                  )}
                </Card.Body>
              </button>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
