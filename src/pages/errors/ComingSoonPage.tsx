import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessagePage } from '../../components/MessagePage';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      testId="page-coming-soon"
      title={t('errors.comingSoon')}
      body={t('errors.comingSoonBody')}
      actions={
        <Button variant="outline" onClick={() => navigate(-1)}>
          {t('errors.goBack')}
        </Button>
      }
    />
  );
}
