// /auth/set-password?token=...: the link of the invitation e-mail a newly added member receives (the
// spec does not show it). The member chooses a password, then signs in. The link works once and
// for a limited time; the server says when it no longer does.
import { Box, Button, Field, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isStrongPassword } from '../../../engine/validation/account';
import { MEMBERS_API } from '../../../schemas/members';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordInput } from '../../components/PasswordInput';
import { problemText } from '../../i18n';

export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(t('memberManagement.setPassword.newRequired'));
    if (!isStrongPassword(password)) return setError(t('memberManagement.setPassword.weak'));
    if (password !== confirm) return setError(t('memberManagement.setPassword.mismatch'));
    setError('');
    setBusy(true);
    try {
      await call(MEMBERS_API.acceptInvitation, { body: { token, newPassword: password, confirmPassword: confirm } });
      notify('success', t('memberManagement.setPassword.done'));
      void navigate('/auth/login');
    } catch (err) {
      setError(err instanceof ApiError ? problemText(err) : t('memberManagement.failed'));
      setBusy(false);
    }
  }

  return (
    <Box maxW="md" w="full" mx="auto">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="set-password-form">
        <Stack gap="4">
          <Heading size="2xl">{t('memberManagement.setPassword.title')}</Heading>
          <Text color="gray.600">{t('memberManagement.setPassword.intro')}</Text>
          {!token ? (
            <Text role="alert" color="red.700">
              {t('problems.invalidInvitation')}
            </Text>
          ) : (
            <>
              <Field.Root required>
                <Field.Label>{t('memberManagement.setPassword.new')}</Field.Label>
                <PasswordInput
                  name="newPassword"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  data-testid="set-password-new"
                />
              </Field.Root>
              <PasswordChecklist password={password} />
              <Field.Root required>
                <Field.Label>{t('memberManagement.setPassword.confirm')}</Field.Label>
                <PasswordInput
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  data-testid="set-password-confirm"
                />
              </Field.Root>
              {error && (
                <Text role="alert" color="red.700" data-testid="set-password-error">
                  {error}
                </Text>
              )}
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="set-password-submit">
                {t('memberManagement.setPassword.submit')}
              </Button>
            </>
          )}
          <ChakraLink asChild color="brand.700">
            <Link to="/auth/login">{t('memberManagement.setPassword.toLogin')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </Box>
  );
}
