import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { NoticeCard, fromApp } from './SuccessPage';

export default function FreeTrialSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (!fromApp(location.state)) return <Navigate to="/auth/login" replace />;
  return (
    <NoticeCard
      title={t('auth.trial.title')}
      action={
        <Button colorPalette="brand" onClick={() => void navigate('/auth/login')} data-testid="trial-sign-in">
          {t('auth.success.signIn')}
        </Button>
      }
    >
      <Text color="gray.600">{t('auth.trial.body')}</Text>
    </NoticeCard>
  );
}
