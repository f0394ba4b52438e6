// /login-information (spec 000 sections 2, 4 "Login information changes", 5, 8): 'Update email' or
// 'Update password'. Each form asks for a code first (mailed to the new address, or to the current one
// for the password), then the 6-digit code modal confirms the change; on success the user is signed out.
import { Button, Card, Field, Heading, HStack, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { EMAIL_PATTERN } from '../../../engine/validation/account';
import { ACCOUNT_AREA_API as A } from '../../../schemas/accountArea';
import { PROFILE_API } from '../../../schemas/organizations';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { logout } from '../../app/shell/TopBar';
import { notify } from '../../app/toaster';
import { CodeModal } from '../../components/CodeModal';
import { FormField } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { problemText, problemErrors } from '../../i18n';
import { session } from '../../state/session';

/** How long the success notice shows before the sign-out. */
export const LOGOUT_AFTER_MS = 1000;
const emailRe = new RegExp(EMAIL_PATTERN);

/** The server's errors joined with a comma, else the fallback (spec 000 section 8). */
function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.kind === 'http')
    return err.errors.length ? problemErrors(err).join(', ') : problemText(err) || fallback;
  return fallback;
}

function EmailForm({ onCode }: { onCode: (newEmail: string) => void }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [newEmail, setNewEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const e1 = !newEmail ? 'newEmailRequired' : !emailRe.test(newEmail) ? 'invalidEmail' : '';
  const e2 = !confirm ? 'confirmEmailRequired' : confirm !== newEmail ? 'emailMismatch' : '';
  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (e1 || e2) return;
    setBusy(true);
    try {
      await call(A.sendUpdateEmailCode, { body: { userId: snap.user?.id ?? '', newEmail: newEmail.trim() } });
      notify('success', t('loginInformation.codeSent'));
      onCode(newEmail.trim());
    } catch (err) {
      notify('error', failureText(err, t('loginInformation.emailFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="email-form">
      <Stack gap="4">
        <Field.Root disabled>
          <Field.Label>{t('loginInformation.currentEmail')}</Field.Label>
          <Input value={snap.user?.email ?? ''} disabled dir="auto" data-testid="current-email" />
        </Field.Root>
        <FormField label={t('loginInformation.newEmail')} required error={tried && e1 && t(`loginInformation.errors.${e1}`)}>
          <Input
            type="email"
            name="newEmail"
            autoComplete="email"
            dir="auto"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            data-testid="new-email"
          />
        </FormField>
        <FormField label={t('loginInformation.confirmEmail')} required error={tried && e2 && t(`loginInformation.errors.${e2}`)}>
          <Input
            type="email"
            name="confirmEmail"
            autoComplete="email"
            dir="auto"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            data-testid="confirm-email"
          />
        </FormField>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('common.processing')} data-testid="email-update">
            {t('loginInformation.update')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

type PasswordForm = { oldPassword: string; newPassword: string; confirmPassword: string };

function PasswordFormView({ onCode }: { onCode: (form: PasswordForm) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<PasswordForm>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors: Partial<Record<keyof PasswordForm, string>> = {};
  if (!v.oldPassword) errors.oldPassword = 'oldRequired';
  if (!v.newPassword) errors.newPassword = 'newRequired';
  if (!v.confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (v.confirmPassword !== v.newPassword) errors.confirmPassword = 'passwordMismatch';
  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await call(A.sendChangePasswordCode, { body: v });
      notify('success', t('loginInformation.codeSent'));
      onCode(v);
    } catch (err) {
      notify('error', failureText(err, t('loginInformation.passwordFailed')));
    } finally {
      setBusy(false);
    }
  }
  const fields = [
    { key: 'oldPassword', auto: 'current-password' },
    { key: 'newPassword', auto: 'new-password' },
    { key: 'confirmPassword', auto: 'new-password' },
  ] as const;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="password-form">
      <Stack gap="4">
        {fields.map((f) => (
          <FormField
            key={f.key}
            label={t(`loginInformation.${f.key}`)}
            required
            helper={f.key === 'newPassword' && t('loginInformation.passwordHint')}
            error={tried && errors[f.key] && t(`loginInformation.errors.${errors[f.key]}`)}
          >
            <PasswordInput
              name={f.key}
              autoComplete={f.auto}
              value={v[f.key]}
              onChange={(e) => setV((o) => ({ ...o, [f.key]: e.target.value }))}
              data-testid={`password-${f.key}`}
            />
          </FormField>
        ))}
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('common.processing')} data-testid="password-update">
            {t('loginInformation.update')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export default function LoginInformationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const [mode, setMode] = useState<'email' | 'password'>('email');
  const [pending, setPending] = useState<{ kind: 'email'; newEmail: string } | { kind: 'password'; form: PasswordForm } | null>(null);

  async function confirm(code: string) {
    if (!pending) return;
    try {
      if (pending.kind === 'email') {
        await call(A.updateEmail, { body: { userId: snap.user?.id ?? '', newEmail: pending.newEmail, code } });
        notify('success', t('loginInformation.emailUpdated'));
      } else {
        await call(PROFILE_API.changePassword, { body: { ...pending.form, code } });
        notify('success', t('loginInformation.passwordUpdated'));
      }
      setPending(null);
      setTimeout(() => logout(navigate), LOGOUT_AFTER_MS);
    } catch (err) {
      notify('error', failureText(err, t(pending.kind === 'email' ? 'loginInformation.emailFailed' : 'loginInformation.passwordFailed')));
    }
  }

  async function resend() {
    if (!pending) return;
    try {
      if (pending.kind === 'email')
        await call(A.sendUpdateEmailCode, { body: { userId: snap.user?.id ?? '', newEmail: pending.newEmail } });
      else await call(A.sendChangePasswordCode, { body: pending.form });
      notify('success', t('loginInformation.codeSent'));
    } catch (err) {
      notify('error', failureText(err, t('common.somethingWrongRetry')));
    }
  }

  return (
    <Stack maxW="2xl" gap="5">
      <Heading as="h1" size="xl">
        {t('nav.loginInformation')}
      </Heading>
      <SegmentGroup.Root
        value={mode}
        onValueChange={(d) => d.value && setMode(d.value as 'email' | 'password')}
        aria-label={t('nav.loginInformation')}
        alignSelf="flex-start"
        data-testid="login-info-choice"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'email', label: t('loginInformation.updateEmail') },
            { value: 'password', label: t('loginInformation.updatePassword') },
          ]}
        />
      </SegmentGroup.Root>
      <Card.Root variant="outline">
        <Card.Body>
          {mode === 'email' ? (
            <EmailForm onCode={(newEmail) => setPending({ kind: 'email', newEmail })} />
          ) : (
            <PasswordFormView onCode={(form) => setPending({ kind: 'password', form })} />
          )}
        </Card.Body>
      </Card.Root>
      <CodeModal
        open={pending !== null}
        title={t('loginInformation.codeTitle')}
        description={
          <Text as="span">
            {pending?.kind === 'email' ? t('loginInformation.codeToNew', { email: pending.newEmail }) : t('loginInformation.codeToCurrent')}
          </Text>
        }
        onSubmit={confirm}
        onResend={resend}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
