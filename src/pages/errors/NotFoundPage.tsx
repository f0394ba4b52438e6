import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessagePage } from '../../components/MessagePage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      testId="page-404"
      code="404"
      title={t('errors.notFound')}
      actions={
        <Button colorPalette="brand" onClick={() => void navigate('/')}>
          {t('errors.home')}
        </Button>
      }
    />
  );
}
