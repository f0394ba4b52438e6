// The frame of the sign-in and registration pages: the product's pitch on wide screens, the form card,
// the language switcher and the legal links.
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex minH="100dvh" direction="column">
      <Flex flex="1">
        <Flex
          as="aside"
          display={{ base: 'none', lg: 'flex' }}
          w="42%"
          bgGradient="to-br"
          gradientFrom="brand.800"
          gradientTo="brand.600"
          color="white"
          p="12"
          direction="column"
          justify="space-between"
        >
          <Logo inverted />
          <Stack gap="4" maxW="md">
            <Heading as="p" size="2xl" lineHeight="short">
              {t('auth.pitch.title')}
            </Heading>
            <Text color="whiteAlpha.800">{t('auth.pitch.body')}</Text>
          </Stack>
          <Text fontSize="sm" color="whiteAlpha.700">
            {t('auth.pitch.footer')}
          </Text>
        </Flex>
        <Flex flex="1" direction="column" align="center" px={{ base: '4', md: '10' }} py="6">
          <Flex as="header" w="full" maxW="xl" justify="space-between" align="center" mb={{ base: '6', md: '10' }}>
            <Box display={{ base: 'block', lg: 'none' }}>
              <Logo />
            </Box>
            <Box ms="auto">
              <LanguageSwitcher variant="outline" />
            </Box>
          </Flex>
          <Box as="main" w="full" maxW="xl" flex="1">
            {children}
          </Box>
        </Flex>
      </Flex>
      <Footer />
    </Flex>
  );
}
