import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useInAppShell } from '../../app/shell/frame';
import { MessagePage } from '../../components/MessagePage';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // In the signed-in frame its back button (with the spec's text) is already there: one is enough.
  const framed = useInAppShell();
  return (
    <MessagePage
      testId="page-coming-soon"
      title={t('errors.comingSoon')}
      body={t('errors.comingSoonBody')}
      actions={
        framed ? undefined : (
          <Button variant="outline" onClick={() => void navigate(-1)}>
            {t('errors.goBack')}
          </Button>
        )
      }
    />
  );
}
