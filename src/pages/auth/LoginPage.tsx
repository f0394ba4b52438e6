// /auth/login: e-mail, password, remember me; every sign-in outcome of spec 000 sections 4 and 8.
import { Box, Button, Checkbox, Field, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isValidEmail } from '../../../engine/validation/account';
import { problems } from '../../../schemas/problems';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { enterOrganization, storeLogin, usableOrganizations } from '../../app/signIn';
import { notify } from '../../app/toaster';
import { BotCheck, type BotCheckHandle } from '../../components/BotCheck';
import { CodeModal } from '../../components/CodeModal';
import { PasswordInput } from '../../components/PasswordInput';
import { problemText } from '../../i18n';
import { clearPayment, storePayment } from '../../state/payment';
import { clearRegistration, registration } from '../../state/registration';

const paymentProblems: string[] = [
  problems.subscriptionCanceledEnded.message,
  problems.subscriptionEnded.message,
  problems.subscriptionNotPaid.message,
];

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bot = useRef<BotCheckHandle>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmUserId, setConfirmUserId] = useState<string | null>(null);

  useEffect(() => {
    clearRegistration();
    clearPayment();
  }, []);

  async function signIn(): Promise<void> {
    setBusy(true);
    setInvalid(false);
    try {
      const res = await accountApi.login({ email: email.trim(), password, rememberMe: remember }, await bot.current?.token());
      if (res.organizationNotPaid) {
        const d = res.organizationNotPaid.registerStepOneData;
        Object.assign(registration, {
          account: d && {
            fullname: d.fullName,
            organizationRole: d.roleWithinOrganization ?? '',
            phone: d.phoneNumber ?? '',
            email: d.email,
            organizationName: d.name,
            typeOrganization: d.typeId,
            country: d.countryId,
          },
          userId: res.organizationNotPaid.userId,
          organizationId: res.organizationNotPaid.organizationId,
          confirmed: res.organizationNotPaid.isRegistrationDone,
          registrationToken: res.organizationNotPaid.registrationToken ?? null,
          step: 0,
        });
        void navigate('/auth/registration');
        return;
      }
      storeLogin(res, remember);
      const usable = usableOrganizations(res.organizations);
      if (res.organizations.length === 1 && usable.length === 1) await enterOrganization(usable[0]!);
      void navigate('/', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const data = (err.data ?? {}) as {
        userId?: string;
        organizationId?: string;
        hasPaymentMethod?: boolean;
        paymentToken?: string | null;
      };
      if (err.message === problems.invalidLogin.message) setInvalid(true);
      else if (err.message === problems.emailNotConfirmed.message && data.userId) {
        setConfirmUserId(data.userId);
        await resend();
      } else if (err.message === problems.noSubscription.message) {
        Object.assign(registration, { userId: data.userId ?? null, organizationId: data.organizationId ?? null, confirmed: true, step: 1 });
        void navigate('/auth/registration');
      } else if (paymentProblems.includes(err.message)) {
        if (data.organizationId) {
          storePayment({
            organizationId: data.organizationId,
            addPayment: !data.hasPaymentMethod,
            notPaid: err.message === problems.subscriptionNotPaid.message,
            token: data.paymentToken ?? null,
          });
        }
        notify('warning', problemText(err));
        void navigate('/auth/payment');
      } else notify('error', problemText(err));
    } finally {
      setBusy(false);
    }
  }

  async function resend(): Promise<void> {
    try {
      await accountApi.resendConfirmEmail(email.trim(), await bot.current?.token());
      notify('info', t('auth.code.sent'));
    } catch (err) {
      if (err instanceof ApiError) notify('error', problemText(err));
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('auth.login.emailRequired');
    // The address's shape is checked here, as on registration: no call, no bot check for a typo.
    else if (!isValidEmail(email.trim())) next.email = t('auth.register.emailInvalid');
    if (!password) next.password = t('auth.login.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length === 0) void signIn();
  }

  return (
    <Box bg="white" p={{ base: '5', md: '8' }} borderRadius="xl" borderWidth="1px" shadow="sm">
      <Stack gap="1" mb="6">
        <Heading as="h1" size="xl">
          {t('auth.login.title')}
        </Heading>
        <Text color="gray.600">{t('auth.login.subtitle')}</Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root invalid={!!errors.email || invalid} required>
            <Field.Label>{t('auth.fields.email')}</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="login-email"
            />
            {errors.email && <Field.ErrorText>{errors.email}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.password || invalid} required>
            <Field.Label>{t('auth.fields.password')}</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="login-password"
            />
            {errors.password && <Field.ErrorText>{errors.password}</Field.ErrorText>}
            {invalid && <Field.ErrorText data-testid="login-invalid">{t('auth.login.incorrect')}</Field.ErrorText>}
          </Field.Root>
          <Stack direction="row" justify="space-between" align="center" wrap="wrap" gap="2">
            <Checkbox.Root checked={remember} onCheckedChange={(d) => setRemember(d.checked === true)} colorPalette="brand">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('auth.login.rememberMe')}</Checkbox.Label>
            </Checkbox.Root>
            <ChakraLink asChild color="brand.600" fontSize="sm">
              <Link to="/auth/forgot-password">{t('auth.login.forgotPassword')}</Link>
            </ChakraLink>
          </Stack>
          <BotCheck ref={bot} action="login" />
          <Button type="submit" colorPalette="brand" size="lg" disabled={busy} data-testid="login-submit">
            {busy ? t('common.processing') : t('auth.login.submit')}
          </Button>
          <Text fontSize="sm" textAlign="center">
            {t('auth.login.noAccount')}{' '}
            <ChakraLink asChild color="brand.600" fontWeight="semibold">
              <Link to="/auth/registration">{t('auth.login.register')}</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
      <CodeModal
        open={confirmUserId !== null}
        title={t('auth.code.confirmTitle')}
        description={t('auth.code.confirmDescription', { email: email.trim() })}
        onClose={() => setConfirmUserId(null)}
        onResend={resend}
        onSubmit={async (code) => {
          try {
            await accountApi.confirmEmail({ userId: confirmUserId!, code }, await bot.current?.token());
            setConfirmUserId(null);
            await signIn();
          } catch (err) {
            if (err instanceof ApiError) notify('error', t('common.error'), problemText(err));
          }
        }}
      />
    </Box>
  );
}
