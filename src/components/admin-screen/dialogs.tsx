// The confirm dialog of a declared action ('Delete Item': 'No, keep it' / 'Yes, delete it') and the
// dialog a problem opens (plan limits, a workspace that cannot be deleted).
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialog as ConfirmDecl } from '../../../schemas/screens';
import { AppDialog } from '../AppDialog';

export function ConfirmDialog(props: { confirm: ConfirmDecl | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const c = props.confirm;
  return (
    <AppDialog
      alert
      open={!!c}
      onClose={props.onCancel}
      testId="confirm-dialog"
      title={c ? t(c.title) : ''}
      footer={
        c && (
          <>
            <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
              {t(c.cancel)}
            </Button>
            <Button colorPalette="red" onClick={props.onConfirm} loading={props.busy} data-testid="confirm-yes">
              {t(c.confirm)}
            </Button>
          </>
        )
      }
    >
      {c && (
        <Stack gap="2">
          <Text>{t(c.body)}</Text>
          {c.warning && (
            <Text fontSize="sm" color="gray.600">
              {t(c.warning)}
            </Text>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}

export function ProblemDialog(props: { problem: { title: string; body: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const p = props.problem;
  return (
    <AppDialog
      open={!!p}
      onClose={props.onClose}
      testId="problem-dialog"
      title={p?.title}
      footer={
        <Button colorPalette="brand" onClick={props.onClose}>
          {t('adminScreen.ok')}
        </Button>
      }
    >
      <Text>{p?.body}</Text>
    </AppDialog>
  );
}
