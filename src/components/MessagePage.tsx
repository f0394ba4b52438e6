// A centred message with an illustration-free layout, used by the error and notice pages.
import { Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LogoMark, PRODUCT_NAME } from '../app/shell/LogoMark';

export function MessagePage({ code, title, body, actions, testId }: { code?: string; title: string; body?: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <Center as="main" minH="100dvh" px="4" bg="gray.50">
      <Stack gap="5" align="center" textAlign="center" maxW="lg" data-testid={testId}>
        {/* A plain link: the fill page's end screens show this page without the router. */}
        <a href="/" aria-label={PRODUCT_NAME}>
          <LogoMark />
        </a>
        {code && (
          <Text fontSize="6xl" fontWeight="bold" color="brand.500" lineHeight="1">
            {code}
          </Text>
        )}
        <Heading as="h1" size="2xl">{title}</Heading>
        {body && <Text color="gray.600">{body}</Text>}
        {actions && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            {actions}
          </Stack>
        )}
      </Stack>
    </Center>
  );
}
