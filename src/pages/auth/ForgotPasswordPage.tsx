// /auth/forgot-password: e-mail, then the code in a pop-up, then the new password, then success
// (spec 000 sections 2, 4 and 8).
import { Box, Button, Dialog, Field, Heading, Input, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { BotCheck, type BotCheckHandle } from '../../components/BotCheck';
import { CodeModal } from '../../components/CodeModal';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordInput } from '../../components/PasswordInput';
import { problemText, problemErrors } from '../../i18n';
import { isValidEmail } from '../../../engine/validation/account';

export const AFTER_RESET_DELAY_MS = 1000;

function joined(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const list = err.errors.length ? problemErrors(err) : [problemText(err)];
    const text = list.filter(Boolean).join(', ');
    if (text) return text;
  }
  return fallback;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bot = useRef<BotCheckHandle>(null);
  const [stage, setStage] = useState<'email' | 'code' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  // Answered by the code check; the only thing that lets this page set a new password, once.
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [resetErrors, setResetErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function sendEmail(e?: FormEvent) {
    e?.preventDefault();
    if (!email.trim()) return setEmailError(t('auth.register.emailRequired'));
    if (!isValidEmail(email.trim())) return setEmailError(t('auth.register.emailInvalid'));
    setEmailError(null);
    setBusy(true);
    try {
      const res = await accountApi.forgotPassword(email.trim(), await bot.current?.token());
      setUserId(res.userId);
      setResetToken(null);
      notify('success', t('auth.forgot.emailSent'), t('auth.forgot.enterCode'));
      setStage('code');
    } catch (err) {
      notify('error', joined(err, t('common.somethingWrongRetry')));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    const errs: typeof resetErrors = {};
    if (!password) errs.password = t('auth.register.passwordRequired');
    if (!confirm) errs.confirm = t('auth.register.confirmRequired');
    else if (confirm !== password) errs.confirm = t('auth.register.confirmMismatch');
    setResetErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await accountApi.resetPassword({ resetToken: resetToken!, userId: userId!, newPassword: password, confirmPassword: confirm });
      setDone(true);
    } catch (err) {
      notify('error', t('auth.forgot.invalidPassword'), err instanceof ApiError ? joined(err, '') : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm">
      {stage !== 'reset' ? (
        <form onSubmit={(e) => void sendEmail(e)} noValidate>
          <Stack gap="4">
            <Heading as="h1" size="xl">
              {t('auth.forgot.title')}
            </Heading>
            <Text color="gray.600">{t('auth.forgot.subtitle')}</Text>
            <Field.Root invalid={!!emailError} required>
              <Field.Label>{t('auth.fields.email')}</Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                data-testid="forgot-email"
              />
              {emailError && <Field.ErrorText>{emailError}</Field.ErrorText>}
            </Field.Root>
            <BotCheck ref={bot} action="forgot_password" />
            <Button type="submit" colorPalette="brand" size="lg" disabled={busy} data-testid="forgot-send">
              {busy ? t('common.processing') : t('auth.forgot.send')}
            </Button>
            <ChakraLink asChild color="brand.600" fontSize="sm" alignSelf="center">
              <Link to="/auth/login">{t('auth.forgot.backToLogin')}</Link>
            </ChakraLink>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(e) => void reset(e)} noValidate>
          <Stack gap="4">
            <Heading as="h1" size="xl">
              {t('auth.forgot.resetTitle')}
            </Heading>
            <Field.Root invalid={!!resetErrors.password} required>
              <Field.Label>{t('auth.fields.newPassword')}</Field.Label>
              <PasswordInput
                name="newPassword"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="reset-password"
              />
              {resetErrors.password && <Field.ErrorText>{resetErrors.password}</Field.ErrorText>}
            </Field.Root>
            <PasswordChecklist password={password} />
            <Field.Root invalid={!!resetErrors.confirm} required>
              <Field.Label>{t('auth.fields.confirmPassword')}</Field.Label>
              <PasswordInput
                name="confirmPassword"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                data-testid="reset-confirm"
              />
              {resetErrors.confirm && <Field.ErrorText>{resetErrors.confirm}</Field.ErrorText>}
            </Field.Root>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button type="submit" colorPalette="brand" flex="1" disabled={busy} data-testid="reset-submit">
                {busy ? t('common.processing') : t('auth.forgot.resetSubmit')}
              </Button>
              <Button variant="outline" flex="1" onClick={() => void navigate('/auth/login')}>
                {t('common.cancel')}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
      <CodeModal
        open={stage === 'code'}
        title={t('auth.forgot.codeTitle')}
        description={t('auth.forgot.enterCode')}
        onClose={() => setStage('email')}
        onResend={() => sendEmail()}
        onSubmit={async (code) => {
          try {
            const checked = await accountApi.checkResetPasswordCode({ userId: userId!, code });
            setResetToken(checked.resetToken);
            notify('success', t('auth.forgot.codeValid'));
            setStage('reset');
          } catch (err) {
            // A bad code keeps the pop-up open for another try.
            notify(
              'error',
              t('auth.forgot.invalidCode'),
              err instanceof ApiError && err.code !== 'invalidResetCode' ? problemText(err) : undefined,
            );
          }
        }}
      />
      <Dialog.Root open={done} placement="center" closeOnInteractOutside={false}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="3" data-testid="password-changed">
              <Dialog.Header>
                <Dialog.Title>{t('auth.forgot.changed')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="gray.600">{t('auth.forgot.changedBody')}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="brand" onClick={() => setTimeout(() => void navigate('/auth/login'), AFTER_RESET_DELAY_MS)}>
                  {t('auth.forgot.gotIt')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
