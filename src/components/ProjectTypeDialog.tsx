// 'New project' / 'Select a project type': two tiles. Data collection leads to the create form of its
// type; feedback collection is shown disabled (spec 000 sections 1 and 2). Tiles are matched to the
// server's types by id, not by list position as the original did.
import { Badge, Box, Card, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LuClipboardList, LuMessageSquareHeart } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { PROJECTS_API } from '../../schemas/projects';
import { call } from '../api/call';
import { AppDialog } from './AppDialog';

const tiles = [
  { typeId: 1, title: 'projects.types.dataCollection', body: 'projects.types.dataCollectionBody', icon: LuClipboardList },
  { typeId: 2, title: 'projects.types.feedback', body: 'projects.types.feedbackBody', icon: LuMessageSquareHeart },
] as const;

export function ProjectTypeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useQuery({
    queryKey: ['project-types'],
    queryFn: () => call(PROJECTS_API.getAllProjectTypes),
    enabled: open,
    staleTime: Infinity,
  });
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="project-type-dialog"
      size="lg"
      title={t('projects.types.title')}
      subtitle={
        <Text color="gray.600" fontSize="sm">
          {t('projects.types.subtitle')}
        </Text>
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {tiles.map((tile) => {
          const type = types.data?.find((x) => x.id === tile.typeId);
          if (types.isLoading) return <Skeleton key={tile.typeId} h="40" borderRadius="xl" />;
          const enabled = !!type?.enabled;
          const Icon = tile.icon;
          return (
            <Card.Root
              key={tile.typeId}
              asChild
              opacity={enabled ? 1 : 0.55}
              _hover={enabled ? { borderColor: 'brand.400', shadow: 'md' } : {}}
            >
              <button
                type="button"
                disabled={!enabled}
                style={{ textAlign: 'start', cursor: enabled ? 'pointer' : 'not-allowed' }}
                onClick={() => {
                  onClose();
                  void navigate(`/project-selection/create-project/${tile.typeId}`);
                }}
                data-testid={`project-type-${tile.typeId}`}
              >
                <Card.Body gap="3">
                  <Box color="brand.600" fontSize="2xl">
                    <Icon />
                  </Box>
                  <Heading size="md">{t(tile.title)}</Heading>
                  <Text fontSize="sm" color="gray.600">
                    {t(tile.body)}
                  </Text>
                  {!enabled && (
                    <Badge alignSelf="start" colorPalette="gray">
                      {t('projects.types.comingSoon')}
                    </Badge>
                  )}
                </Card.Body>
              </button>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </AppDialog>
  );
}
