import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessagePage } from '../../components/MessagePage';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      testId="page-unauthorized"
      code="403"
      title={t('errors.noAccess')}
      actions={
        <>
          <Button variant="outline" onClick={() => void navigate(-1)}>
            {t('errors.goBack')}
          </Button>
          <Button colorPalette="brand" onClick={() => void navigate('/')}>
            {t('errors.home')}
          </Button>
        </>
      }
    />
  );
}
