import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../state/session';
import { NoticeCard, fromApp } from './SuccessPage';

export default function RequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (!fromApp(location.state)) return <Navigate to="/auth/login" replace />;
  return (
    <NoticeCard
      title={t('auth.request.title')}
      action={
        <Button
          variant="outline"
          onClick={() => {
            clearSession();
            void navigate('/auth');
          }}
        >
          {t('shell.logout')}
        </Button>
      }
    >
      <Text color="gray.600">{t('auth.request.body')}</Text>
    </NoticeCard>
  );
}
