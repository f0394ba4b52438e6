// The signed-in frame: sidebar (a drawer on small screens), top bar, back button, page, footer.
import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import type { RouteDecl } from '../routes';
import { sidebarSections } from './navigation';
import { BackButton } from './BackButton';
import { InAppShell } from './frame';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export const SIDEBAR_WIDTH = '260px';

export function AppShell({ route, children }: { route: RouteDecl; children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const snap = useSnapshot(session);
  // Before an organization is chosen there is no menu to show: the page takes the whole width.
  const hasMenu = sidebarSections(snap).length > 0;
  const padded = !route.layout?.noPadding;
  return (
    <Flex minH="100dvh">
      {/* The column carries the sidebar's colour to the page's bottom; the menu inside stays in view. */}
      <Box display={{ base: 'none', lg: hasMenu ? 'block' : 'none' }} w={SIDEBAR_WIDTH} flexShrink={0} bg="brand.800">
        <Box position="sticky" top="0" h="100dvh">
          <Sidebar />
        </Box>
      </Box>
      <Drawer.Root open={menuOpen} onOpenChange={(d) => setMenuOpen(d.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content aria-label={t('nav.sidebar')}>
              <Sidebar onNavigate={() => setMenuOpen(false)} />
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" color="white" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0" bg={route.layout?.dark ? 'gray.900' : 'gray.50'}>
        <TopBar onOpenMenu={hasMenu ? () => setMenuOpen(true) : undefined} />
        <Box as="main" flex="1" px={padded ? { base: '3', md: '8' } : '0'} py={padded ? { base: '4', md: '6' } : '0'}>
          <Box px={padded ? '0' : { base: '3', md: '8' }} pt={padded ? '0' : '4'}>
            <BackButton route={route} />
          </Box>
          <InAppShell.Provider value={true}>{children}</InAppShell.Provider>
        </Box>
        <Footer />
      </Flex>
    </Flex>
  );
}
