import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessagePage } from '../../components/MessagePage';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      testId="page-500"
      code="500"
      title={t('errors.serverError')}
      actions={
        <Button colorPalette="brand" onClick={() => void navigate('/')}>
          {t('errors.home')}
        </Button>
      }
    />
  );
}
