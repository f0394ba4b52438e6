// /auth/success and the other notice pages reachable only from within the app (spec 000 section 2).
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck } from 'react-icons/lu';
import { Navigate, useLocation, useNavigate } from 'react-router';

export function fromApp(state: unknown): boolean {
  return (state as { fromApp?: boolean } | null)?.fromApp === true;
}

export function NoticeCard({ title, children, action }: { title: string; children?: ReactNode; action: ReactNode }) {
  return (
    <Box bg="white" p={{ base: '6', md: '10' }} borderRadius="xl" borderWidth="1px" shadow="sm" textAlign="center">
      <Stack gap="4" align="center">
        <Box color="green.500" fontSize="5xl">
          <LuCircleCheck />
        </Box>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {children}
        {action}
      </Stack>
    </Box>
  );
}

export default function SuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (!fromApp(location.state)) return <Navigate to="/auth/login" replace />;
  return (
    <NoticeCard
      title={t('auth.success.title')}
      action={
        <Button colorPalette="brand" onClick={() => void navigate('/auth/login')}>
          {t('auth.success.signIn')}
        </Button>
      }
    >
      <Text color="gray.600">{t('auth.success.body')}</Text>
    </NoticeCard>
  );
}
