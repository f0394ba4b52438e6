// The Login Information dialog of Organization Management (spec 001 sections 2, 4 "Password change
// dialog", 5 "Change password"): read-only username, Old, New and Confirm Password, 'Update info' and
// 'Cancel'. On success a notification, then the dialog closes after 1.5 s; a refusal shows a failure
// notification and, beyond the spec, the server's reason under the form (a wrong old password, say).
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePasswordChange, type PasswordChangeDraft } from '../../../engine/validation/profile';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField } from '../../components/FormField';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordInput } from '../../components/PasswordInput';
import { problemText } from '../../i18n';
import { profileApi } from './profileApi';

/** The spec's delay between the success notification and the dialog closing. */
export const CLOSE_AFTER_MS = 1500;

const empty: PasswordChangeDraft = { oldPassword: '', newPassword: '', confirmPassword: '' };
const fields = [
  { key: 'oldPassword', label: 'oldPassword', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'newPassword', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'confirmPassword', autoComplete: 'new-password' },
] as const;

export function LoginInfoDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState(empty);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const errors = tried ? validatePasswordChange(v) : {};

  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => {
    clearTimeout(timer.current);
    setV(empty);
    setTried(false);
    setRefusal('');
    setBusy(false);
    onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    setRefusal('');
    if (Object.keys(validatePasswordChange(v)).length) return;
    setBusy(true);
    try {
      await profileApi.changePassword(v);
      notify('success', t('organizationManagement.login.successTitle'), t('organizationManagement.login.successText'));
      timer.current = setTimeout(close, CLOSE_AFTER_MS);
    } catch (err) {
      notify('error', t('organizationManagement.login.failureTitle'), t('organizationManagement.login.failureText'));
      if (err instanceof ApiError && err.kind === 'http') setRefusal(problemText(err));
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={close}
      testId="login-info-dialog"
      title={t('organizationManagement.login.dialogTitle')}
      footer={
        <DialogActions
          onCancel={close}
          cancelText={t('common.cancel')}
          cancelTestId="login-info-cancel"
          submitText={t('organizationManagement.login.update')}
          form="login-info-form"
          busy={busy}
          submitTestId="login-info-submit"
        />
      }
    >
      <form id="login-info-form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4">
          <Field.Root readOnly>
            <Field.Label>{t('organizationManagement.login.username')}</Field.Label>
            <Input value={email} readOnly dir="auto" data-testid="login-info-username" />
          </Field.Root>
          {fields.map((f) => (
            <FormField
              key={f.key}
              label={t(`organizationManagement.login.${f.label}`)}
              required
              helper={f.key === 'newPassword' && t('organizationManagement.login.hint')}
              error={errors[f.key] && t(`organizationManagement.login.errors.${errors[f.key]}`)}
              errorTestId={`login-info-error-${f.key}`}
              // The server holds a new password to the product's whole rule, which the hint only begins.
              below={f.key === 'newPassword' && v.newPassword && <PasswordChecklist password={v.newPassword} />}
            >
              <PasswordInput
                name={f.key}
                autoComplete={f.autoComplete}
                value={v[f.key]}
                onChange={(e) => setV((old) => ({ ...old, [f.key]: e.target.value }))}
                data-testid={`login-info-${f.key}`}
              />
            </FormField>
          ))}
          {refusal && (
            <Text role="alert" color="red.700" data-testid="login-info-refusal">
              {refusal}
            </Text>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
