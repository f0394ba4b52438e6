// /dev/mailbox: the e-mails the product would have sent, for installations without an SMTP server.
import { Badge, Box, Container, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEV_MAILBOX_API } from '../../../schemas/account';
import { call } from '../../api/call';

export default function MailboxPage() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const mail = useQuery({
    queryKey: ['dev-mailbox', to],
    queryFn: () => call(DEV_MAILBOX_API.mailbox, { query: to ? { to } : {} }),
    refetchInterval: 3000,
  });
  return (
    <Container as="main" maxW="3xl" py="8">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('dev.mailbox')}
        </Heading>
        <Text color="gray.600">{t('dev.mailboxHelp')}</Text>
        <Input placeholder={t('dev.filter')} aria-label={t('dev.filter')} value={to} onChange={(e) => setTo(e.target.value)} bg="white" />
        {mail.isError && <Text color="red.600">{t('dev.mailboxOff')}</Text>}
        {mail.data?.length === 0 && <Text color="gray.500">{t('dev.empty')}</Text>}
        {mail.data?.map((m) => (
          <Box key={m.id} bg="white" borderWidth="1px" borderRadius="lg" p="4" data-testid="mail">
            <Stack direction="row" justify="space-between" wrap="wrap">
              <Text fontWeight="semibold">{m.subject}</Text>
              <Badge>{new Date(m.createdAt).toLocaleString()}</Badge>
            </Stack>
            <Text fontSize="sm" color="gray.600">
              {m.to}
            </Text>
            <Box as="pre" mt="2" fontSize="sm" whiteSpace="pre-wrap" fontFamily="inherit">
              {m.text}
            </Box>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
