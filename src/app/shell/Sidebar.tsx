import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { icons } from './icons';
import { sidebarSections } from './navigation';
import { Logo } from './Logo';

const menuTitle: Record<string, string> = {
  project: 'nav.menuProject',
  top: 'nav.menuOrganization',
  admin: 'nav.menuAdmin',
  account: 'nav.menuAccount',
  help: 'nav.menuHelp',
};

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const sections = sidebarSections(snap);
  return (
    <Flex direction="column" h="full" bg="brand.800" color="whiteAlpha.900" overflowY="auto" as="nav" aria-label={t('nav.sidebar')}>
      <Box px="5" py="4">
        <Logo inverted />
      </Box>
      <Stack gap="5" px="3" pb="6">
        {sections.map((section) => (
          <Box key={section.menu}>
            <Text px="3" mb="1" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="whiteAlpha.800">
              {t(menuTitle[section.menu]!)}
            </Text>
            {section.groups.map((g) => (
              <Box key={g.group ?? 'none'} mb="2">
                {g.group && (
                  <Text px="3" pt="2" pb="1" fontSize="xs" color="whiteAlpha.700">
                    {t(g.group)}
                  </Text>
                )}
                {g.entries.map((r) => {
                  const IconCmp = icons[r.sidebar!.icon];
                  return (
                    <NavLink key={r.path} to={r.path} onClick={onNavigate} end>
                      {({ isActive }) => (
                        <Flex
                          align="center"
                          gap="3"
                          px="3"
                          py="2"
                          borderRadius="md"
                          fontSize="sm"
                          bg={isActive ? 'whiteAlpha.200' : 'transparent'}
                          fontWeight={isActive ? 'semibold' : 'normal'}
                          _hover={{ bg: 'whiteAlpha.100' }}
                          aria-current={isActive ? 'page' : undefined}
                        >
                          {IconCmp && <Icon as={IconCmp} boxSize="4" />}
                          <Text>{t(r.sidebar!.label)}</Text>
                        </Flex>
                      )}
                    </NavLink>
                  );
                })}
              </Box>
            ))}
          </Box>
        ))}
      </Stack>
    </Flex>
  );
}
