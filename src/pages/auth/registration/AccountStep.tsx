// Registration step 0, 'Create an account' (spec 000 sections 2, 4 and 5).
import { Box, Button, Checkbox, Field, Grid, Input, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { isStrongPassword, isValidEmail, isValidPhone } from '../../../../engine/validation/account';
import { loadPhoneNumbers } from '../../../../widgets/phone/numbers';
import { accountApi } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { notify } from '../../../app/toaster';
import { BotCheck, type BotCheckHandle } from '../../../components/BotCheck';
import { CodeModal } from '../../../components/CodeModal';
import { CountryCombobox } from '../../../components/CountryCombobox';
import { PasswordInput } from '../../../components/PasswordInput';
import { problemText } from '../../../i18n';
import { registration, type RegistrationAccount } from '../../../state/registration';

type Values = RegistrationAccount & { password: string; confirm: string; terms: boolean };
type Errors = Partial<Record<keyof Values, string>>;

export function validateAccount(v: Values, t: (k: string) => string): Errors {
  const e: Errors = {};
  if (!v.fullname.trim()) e.fullname = t('auth.register.fullNameRequired');
  if (!v.phone.trim()) e.phone = t('validation.required');
  else if (!isValidPhone(v.phone)) e.phone = t('validation.invalidPhone');
  if (!v.email.trim()) e.email = t('auth.register.emailRequired');
  else if (!isValidEmail(v.email.trim())) e.email = t('auth.register.emailInvalid');
  if (!v.password) e.password = t('auth.register.passwordRequired');
  else if (!isStrongPassword(v.password)) e.password = t('auth.register.passwordWeak');
  if (!v.confirm) e.confirm = t('auth.register.confirmRequired');
  else if (v.confirm !== v.password) e.confirm = t('auth.register.confirmMismatch');
  if (!v.organizationName.trim()) e.organizationName = t('auth.register.organizationNameRequired');
  if (!v.typeOrganization) e.typeOrganization = t('auth.register.typeRequired');
  if (!v.country) e.country = t('auth.register.countryRequired');
  if (!v.terms) e.terms = t('auth.register.termsRequired');
  return e;
}

export function AccountStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const reg = useSnapshot(registration);
  const bot = useRef<BotCheckHandle>(null);
  const locked = reg.account !== null && reg.userId !== null;
  const [v, setV] = useState<Values>({
    fullname: reg.account?.fullname ?? '',
    organizationRole: reg.account?.organizationRole ?? '',
    phone: reg.account?.phone ?? '',
    email: reg.account?.email ?? '',
    organizationName: reg.account?.organizationName ?? '',
    typeOrganization: reg.account?.typeOrganization ?? null,
    country: reg.account?.country ?? null,
    password: '',
    confirm: '',
    terms: locked,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const types = useQuery({ queryKey: ['organization-types'], queryFn: accountApi.getOrganizationTypes, staleTime: Infinity });
  const countries = useQuery({ queryKey: ['countries'], queryFn: accountApi.getCountries, staleTime: Infinity });
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  useEffect(() => void loadPhoneNumbers().catch(() => undefined), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (locked) {
      if (reg.confirmed) onDone();
      else setCodeOpen(true);
      return;
    }
    // The phone check needs libphonenumber, which loads on demand (asked for when the page opened).
    await loadPhoneNumbers().catch(() => undefined);
    const errs = validateAccount(v, t);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const env = await accountApi.register(
        {
          adminFullName: v.fullname.trim(),
          roleWithinOrganization: v.organizationRole.trim(),
          phoneNumber: v.phone.trim(),
          email: v.email.trim(),
          password: v.password,
          confirmPassword: v.confirm,
          organizationName: v.organizationName.trim(),
          // validateAccount has refused the form without them.
          typeId: v.typeOrganization!,
          countryId: v.country!,
        },
        await bot.current?.token(),
      );
      const { password: _p, confirm: _c, terms: _t, ...account } = v;
      Object.assign(registration, { account, userId: env.data.userId, organizationId: env.data.organizationId, confirmed: false });
      notify('warning', t('auth.register.confirmCode'));
      setCodeOpen(true);
    } catch (err) {
      // The spec's original only stopped loading here; we also say why.
      if (err instanceof ApiError) notify('error', problemText(err), err.errors.filter((x) => x !== err.message).join(', ') || undefined);
    } finally {
      setBusy(false);
    }
  }

  const field = (k: keyof Values, label: string, input: React.ReactNode, required = true) => (
    <Field.Root invalid={!!errors[k]} required={required} disabled={locked}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {errors[k] && <Field.ErrorText>{errors[k]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="4">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {field(
            'fullname',
            t('auth.fields.fullName'),
            <Input name="fullname" autoComplete="name" value={v.fullname} onChange={(e) => set('fullname', e.target.value)} />,
          )}
          {field(
            'organizationRole',
            t('auth.fields.organizationRole'),
            <Input name="organizationRole" value={v.organizationRole} onChange={(e) => set('organizationRole', e.target.value)} />,
            false,
          )}
          {field(
            'phone',
            t('auth.fields.phone'),
            <Input
              name="phone"
              type="tel"
              autoComplete="tel"
              placeholder="+1 201 555 0123"
              value={v.phone}
              onChange={(e) => set('phone', e.target.value)}
            />,
          )}
          {field(
            'email',
            t('auth.fields.email'),
            <Input name="email" type="email" autoComplete="email" value={v.email} onChange={(e) => set('email', e.target.value)} />,
          )}
          {!locked &&
            field(
              'password',
              t('auth.fields.password'),
              <PasswordInput
                name="password"
                autoComplete="new-password"
                value={v.password}
                onChange={(e) => set('password', e.target.value)}
              />,
            )}
          {!locked &&
            field(
              'confirm',
              t('auth.fields.confirmPassword'),
              <PasswordInput
                name="confirm"
                autoComplete="new-password"
                value={v.confirm}
                onChange={(e) => set('confirm', e.target.value)}
              />,
            )}
          {field(
            'organizationName',
            t('auth.fields.organizationName'),
            <Input
              name="organizationName"
              autoComplete="organization"
              value={v.organizationName}
              onChange={(e) => set('organizationName', e.target.value)}
            />,
          )}
          {field(
            'typeOrganization',
            t('auth.fields.organizationType'),
            <NativeSelect.Root>
              <NativeSelect.Field
                name="typeOrganization"
                value={v.typeOrganization ?? ''}
                onChange={(e) => set('typeOrganization', e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t('common.select')}</option>
                {types.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {t(`organizationTypes.${o.id}`, { defaultValue: o.name })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>,
          )}
        </Grid>
        {field(
          'country',
          t('auth.fields.country'),
          <CountryCombobox
            countries={countries.data ?? []}
            value={v.country}
            onChange={(id) => set('country', id)}
            invalid={!!errors.country}
            disabled={locked}
            testId="register-country"
          />,
        )}
        {!locked && (
          <Field.Root invalid={!!errors.terms}>
            <Checkbox.Root
              checked={v.terms}
              onCheckedChange={(d) => set('terms', d.checked === true)}
              colorPalette="brand"
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput name="terms" />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">
                <Trans i18nKey="auth.register.terms" />
              </Checkbox.Label>
            </Checkbox.Root>
            {errors.terms && <Field.ErrorText>{errors.terms}</Field.ErrorText>}
          </Field.Root>
        )}
        <BotCheck ref={bot} action="register" />
        <Button type="submit" colorPalette="brand" size="lg" disabled={busy} data-testid="register-submit">
          {busy
            ? t('common.processing')
            : locked
              ? reg.confirmed
                ? t('auth.register.selectPlan')
                : t('common.continue')
              : t('auth.register.submit')}
        </Button>
        <Text fontSize="sm" textAlign="center">
          {t('auth.register.haveAccount')}{' '}
          <ChakraLink asChild color="brand.600" fontWeight="semibold">
            <Link to="/auth/login">{t('auth.register.logIn')}</Link>
          </ChakraLink>
        </Text>
      </Stack>
      <Box>
        <CodeModal
          open={codeOpen}
          title={t('auth.code.confirmTitle')}
          description={t('auth.code.confirmDescription', { email: reg.account?.email ?? v.email })}
          onClose={() => setCodeOpen(false)}
          onResend={async () => {
            try {
              await accountApi.resendConfirmEmail(reg.account?.email ?? v.email, await bot.current?.token());
              notify('info', t('auth.code.sent'));
            } catch (err) {
              if (err instanceof ApiError) notify('error', problemText(err));
            }
          }}
          onSubmit={async (code) => {
            try {
              const env = await accountApi.confirmEmail({ userId: registration.userId!, code }, await bot.current?.token());
              registration.confirmed = true;
              registration.registrationToken = env.data.registrationToken;
              notify('success', t('auth.register.created'));
              setCodeOpen(false);
              onDone();
            } catch (err) {
              if (err instanceof ApiError) notify('error', t('common.error'), problemText(err));
            }
          }}
        />
      </Box>
    </form>
  );
}
