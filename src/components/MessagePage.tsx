// A centred message with an illustration-free layout, used by the error and notice pages.
import { Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useInAppShell } from '../app/shell/frame';
import { LogoMark, PRODUCT_NAME } from '../app/shell/LogoMark';

export function MessagePage({ code, title, body, actions, testId }: { code?: string; title: string; body?: ReactNode; actions?: ReactNode; testId?: string }) {
  // Inside the signed-in frame the page is part of its <main>, under its logo.
  const framed = useInAppShell();
  return (
    <Center as={framed ? 'section' : 'main'} minH={framed ? '60vh' : '100dvh'} px="4" bg="gray.50">
      <Stack gap="5" align="center" textAlign="center" maxW="lg" data-testid={testId}>
        {/* A plain link: the fill page's end screens show this page without the router. */}
        {framed ? null : (
          <a href="/" aria-label={PRODUCT_NAME}>
            <LogoMark />
          </a>
        )}
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
