// 'Form works offline!' (spec 001 section 2): what the fill page does without a connection.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { AppDialog } from '../../components/AppDialog';

export function WorksOfflineDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={props.open}
      onClose={props.onClose}
      testId="works-offline-dialog"
      title={t('offline.worksOffline.title')}
      footer={
        <Button colorPalette="brand" onClick={props.onClose}>
          {t('offline.worksOffline.close')}
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{t('offline.worksOffline.opens')}</Text>
        <Text>{t('offline.worksOffline.submits')}</Text>
        <Text>{t('offline.worksOffline.drafts')}</Text>
      </Stack>
    </AppDialog>
  );
}
