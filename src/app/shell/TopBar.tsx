// The top bar: the user's full name, the organization name, the profile picture or the first letter
// of the name, the language switcher and the profile dropdown (spec 000 sections 1 and 2).
import { Avatar, Box, Flex, HStack, IconButton, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuLogOut, LuMenu } from 'react-icons/lu';
import { useNavigate, type NavigateFunction } from 'react-router';
import { useSnapshot } from 'valtio';
import { ACCOUNT_API } from '../../../schemas/account';
import { call } from '../../api/call';
import { clearSession, session } from '../../state/session';
import { queryClient } from '../queryClient';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { profileMenuEntries } from './navigation';

export function logout(navigate: NavigateFunction): void {
  // Revoke the session on the server too; signing out locally must not wait for it to answer.
  void call(ACCOUNT_API.logout).catch(() => undefined);
  clearSession();
  queryClient.clear();
  void navigate('/auth/login');
}

export function TopBar({ onOpenMenu }: { onOpenMenu?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const entries = profileMenuEntries(snap.roles);
  const name = snap.user?.fullName ?? '';
  return (
    <Flex as="header" h="16" px={{ base: '3', md: '6' }} align="center" justify="space-between" bg="white" borderBottomWidth="1px" gap="3">
      <HStack gap="2">
        {onOpenMenu && (
          <IconButton aria-label={t('shell.openMenu')} variant="ghost" display={{ base: 'inline-flex', lg: 'none' }} onClick={onOpenMenu}>
            <LuMenu />
          </IconButton>
        )}
        <Box display={{ base: 'block', lg: onOpenMenu ? 'none' : 'block' }}>
          <Logo />
        </Box>
      </HStack>
      <HStack gap={{ base: '1', md: '4' }}>
        <LanguageSwitcher />
        <Menu.Root
          onSelect={(d) => {
            if (d.value === 'logout') logout(navigate);
            else void navigate(d.value);
          }}
        >
          <Menu.Trigger asChild>
            {/* Named by its visible text (name, organization) followed by what it opens, never instead of it (WCAG 2.5.3). */}
            <HStack as="button" gap="3" cursor="pointer" data-testid="profile-menu">
              <Box textAlign="end" display={{ base: 'none', md: 'block' }}>
                <Text fontSize="sm" fontWeight="semibold" lineHeight="short" data-testid="topbar-user">
                  {name}
                </Text>
                <Text fontSize="xs" color="gray.500" lineHeight="short" data-testid="topbar-organization">
                  {snap.organizationName ?? ''}
                </Text>
              </Box>
              <VisuallyHidden>{t('shell.profileMenu')}</VisuallyHidden>
              <Avatar.Root size="sm" colorPalette="brand" aria-hidden="true">
                <Avatar.Fallback>{name.trim().charAt(0).toUpperCase()}</Avatar.Fallback>
                {snap.user?.profilePictureUrl && <Avatar.Image src={snap.user.profilePictureUrl} alt="" />}
              </Avatar.Root>
            </HStack>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="52">
                {entries.map((r) => (
                  <Menu.Item key={r.path} value={r.path}>
                    {t(r.profileMenu!.label)}
                  </Menu.Item>
                ))}
                {entries.length > 0 && <Menu.Separator />}
                <Menu.Item value="logout" color="red.600">
                  <LuLogOut data-mirrored /> {t('shell.logout')}
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}
