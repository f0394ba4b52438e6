// /profile-information (spec 000 sections 2, 5 "Profile form", 6, 8): the picture editor, the personal,
// location and company information, and the 'Delete or deactivate account' dialog. Country, state and
// city come from an offline dataset on the server (server/services/locations.ts); changing the country resets state and city, changing
// the state resets the city. Only the Organization role edits the organization's name, type and country;
// the gender field is hidden for it; the role within the organization is read-only.
import { Box, Button, Card, Field, Fieldset, Grid, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isValidPhone } from '../../../engine/validation/account';
import type { UserAndOrganizationInfo } from '../../../schemas/organizations';
import { loadPhoneNumbers } from '../../../widgets/phone/numbers';
import { api, ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { localizeCountries } from '../../components/CountryCombobox';
import { PageSpinner } from '../../components/PageSpinner';
import { translateMessage } from '../../i18n';
import { session } from '../../state/session';
import { PROFILE_QUERY, profileApi, useCountries, useOrganizationTypes, useProfile } from '../organizations/profileApi';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfilePicture } from './ProfilePicture';

interface Place {
  code: string;
  name: string;
}

interface Draft {
  userFullName: string;
  gender: string;
  userPhoneNumber: string;
  userCountryId: number | null;
  state: string;
  city: string;
  address: string;
  zipCode: string;
  organizationName: string;
  organizationTypeId: number | null;
  organizationCountryId: number | null;
}
type Key = keyof Draft;

const draftOf = (p: UserAndOrganizationInfo): Draft => ({
  userFullName: p.userFullName,
  gender: p.gender ?? '',
  userPhoneNumber: p.userPhoneNumber ?? '',
  userCountryId: p.userCountryId,
  state: p.geographicalDetail.governorateOrProvince ?? '',
  city: p.geographicalDetail.cityOrCampOrVillage ?? '',
  address: p.geographicalDetail.houseOrTentDetails ?? '',
  zipCode: p.zipCode ?? '',
  organizationName: p.organizationName,
  organizationTypeId: p.organizationTypeId,
  organizationCountryId: p.organizationCountryId,
});

function ProfileForm({ profile }: { profile: UserAndOrganizationInfo }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const types = useOrganizationTypes();
  const countries = useCountries();
  const countryOptions = useMemo(() => localizeCountries(countries.data ?? [], i18n.language), [countries.data, i18n.language]);
  const [v, setV] = useState(() => draftOf(profile));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const owner = profile.canEditOrganization;
  const countryCode = countries.data?.find((c) => c.id === v.userCountryId)?.code ?? '';
  const statesQ = useQuery({
    queryKey: ['states', countryCode],
    enabled: !!countryCode,
    staleTime: Infinity,
    queryFn: () => api.get<Place[]>('/Languages/getStates', { query: { countryCode } }),
  });
  const states = statesQ.data ?? [];
  const stateCode = states.find((s) => s.name === v.state)?.code ?? '';
  // Kosovo's choices are its cities already (server/services/locations.ts): no second level.
  const citiesQ = useQuery({
    queryKey: ['cities', countryCode, stateCode],
    enabled: !!stateCode && countryCode.toUpperCase() !== 'XK',
    staleTime: Infinity,
    queryFn: () => api.get<Place[]>('/Languages/getCities', { query: { countryCode, stateCode } }),
  });
  const cities = citiesQ.data ?? [];

  useEffect(() => {
    void loadPhoneNumbers().catch(() => undefined);
  }, []);

  const errors: Partial<Record<Key, string>> = {};
  if (tried) {
    if (!v.userFullName.trim()) errors.userFullName = 'fullNameRequired';
    if (!v.userPhoneNumber.trim()) errors.userPhoneNumber = 'phoneRequired';
    else if (!isValidPhone(v.userPhoneNumber)) errors.userPhoneNumber = 'phoneInvalid';
    if (!v.userCountryId) errors.userCountryId = 'countryRequired';
    if (!v.state) errors.state = 'stateRequired';
    if (cities.length > 0 && !v.city) errors.city = 'cityRequired';
    if (!v.address.trim()) errors.address = 'addressRequired';
    if (v.zipCode && !/^[0-9]+$/.test(v.zipCode)) errors.zipCode = 'zipNumeric';
    if (owner && !v.organizationName.trim()) errors.organizationName = 'organizationNameRequired';
    if (owner && !v.organizationTypeId) errors.organizationTypeId = 'organizationTypeRequired';
    if (owner && !v.organizationCountryId) errors.organizationCountryId = 'organizationCountryRequired';
  }
  const set = <K extends Key>(k: K, value: Draft[K]) =>
    setV((o) => {
      const next = { ...o, [k]: value };
      if (k === 'userCountryId') Object.assign(next, { state: '', city: '' });
      if (k === 'state') next.city = '';
      return next;
    });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    await loadPhoneNumbers().catch(() => undefined);
    const hasErrors =
      !v.userFullName.trim() || !v.userPhoneNumber.trim() || !isValidPhone(v.userPhoneNumber) || !v.userCountryId || !v.state || (cities.length > 0 && !v.city) || !v.address.trim() || (v.zipCode && !/^[0-9]+$/.test(v.zipCode)) ||
      (owner && (!v.organizationName.trim() || !v.organizationTypeId || !v.organizationCountryId));
    if (hasErrors) return;
    setBusy(true);
    try {
      const r = await profileApi.edit({
        userId: profile.userId,
        organizationId: profile.organizationId,
        userFullName: v.userFullName.trim(),
        userPhoneNumber: v.userPhoneNumber.trim(),
        ...(owner ? {} : v.gender ? { gender: v.gender } : {}),
        userCountryId: v.userCountryId,
        geographicalDetail: { ...profile.geographicalDetail, governorateOrProvince: v.state, cityOrCampOrVillage: v.city, houseOrTentDetails: v.address.trim() },
        ...(owner ? { organizationName: v.organizationName.trim(), organizationTypeId: v.organizationTypeId, organizationCountryId: v.organizationCountryId, zipCode: v.zipCode } : {}),
      });
      notify('success', r.message ? translateMessage(r.message) : t('profileInformation.saved'));
      if (session.user) session.user.fullName = v.userFullName.trim();
      if (owner) session.organizationName = v.organizationName.trim();
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
    } catch (err) {
      notify('error', err instanceof ApiError && err.kind === 'http' ? translateMessage(err.message) : t('common.somethingWrongRetry'));
    } finally {
      setBusy(false);
    }
  }

  const field = (k: Key, label: string, control: ReactNode, opts: { required?: boolean; disabled?: boolean; helper?: string } = {}) => (
    <Field.Root required={opts.required ?? true} invalid={!!errors[k]} disabled={opts.disabled}>
      <Field.Label>
        {t(label)}
        {(opts.required ?? true) && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      {opts.helper && <Field.HelperText>{t(opts.helper)}</Field.HelperText>}
      {errors[k] && <Field.ErrorText>{t(`profileInformation.errors.${errors[k]}`)}</Field.ErrorText>}
    </Field.Root>
  );
  const select = (k: Key, options: { value: string | number; label: string }[], disabled = false) => (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field
        name={k}
        value={v[k] === null ? '' : String(v[k])}
        onChange={(e) => set(k, (typeof v[k] === 'number' || v[k] === null ? (e.target.value ? Number(e.target.value) : null) : e.target.value) as never)}
        data-testid={`profile-${k}`}
      >
        <option value="">{t('common.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const input = (k: 'userFullName' | 'userPhoneNumber' | 'address' | 'zipCode' | 'organizationName', extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' } = {}, disabled = false) => (
    <Input name={k} value={v[k]} dir="auto" disabled={disabled} onChange={(e) => set(k, e.target.value)} data-testid={`profile-${k}`} {...extra} />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <Stack gap="6">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('profileInformation.personal')}</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            {field('userFullName', 'profileInformation.fullName', input('userFullName', { autoComplete: 'name' }))}
            {!owner && field('gender', 'profileInformation.gender', select('gender', ['Male', 'Female', 'Other'].map((g) => ({ value: g, label: t(`profileInformation.genders.${g}`) }))), { required: false })}
            {field('userPhoneNumber', 'profileInformation.phone', input('userPhoneNumber', { type: 'tel', autoComplete: 'tel' }))}
            <Field.Root readOnly>
              <Field.Label>{t('profileInformation.roleWithin')}</Field.Label>
              <Input value={profile.userRoleWithinOrganization ?? ''} readOnly dir="auto" data-testid="profile-role-within" />
            </Field.Root>
          </Grid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('profileInformation.location')}</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            {field('userCountryId', 'profileInformation.country', select('userCountryId', countryOptions.map((c) => ({ value: c.id, label: c.name }))))}
            {field('state', 'profileInformation.state', select('state', states.map((s) => ({ value: s.name, label: s.name })), !countryCode))}
            {field('city', 'profileInformation.city', select('city', cities.map((c) => ({ value: c.name, label: c.name })), cities.length === 0), { required: cities.length > 0 })}
            {field('address', 'profileInformation.address', input('address', { autoComplete: 'street-address' }))}
          </Grid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('profileInformation.company')}</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            {field('organizationName', 'profileInformation.organizationName', input('organizationName', { autoComplete: 'organization' }, !owner), { disabled: !owner })}
            {field('organizationTypeId', 'profileInformation.organizationType', select('organizationTypeId', (types.data ?? []).map((o) => ({ value: o.id, label: t(`organizationTypes.${o.name}`, { defaultValue: o.name }) })), !owner), { disabled: !owner })}
            {field('organizationCountryId', 'profileInformation.organizationCountry', select('organizationCountryId', countryOptions.map((c) => ({ value: c.id, label: c.name })), !owner), { disabled: !owner })}
            {field('zipCode', 'profileInformation.zipCode', input('zipCode', { inputMode: 'numeric', autoComplete: 'postal-code' }, !owner), { required: false, disabled: !owner })}
          </Grid>
        </Fieldset.Root>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('common.processing')} data-testid="profile-save">
            {t('profileInformation.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export default function ProfileInformationPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const profile = useProfile({ organizationId: snap.organizationId, userId: snap.user?.id });
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack maxW="5xl" gap="5">
      <Heading as="h1" size="xl">
        {t('nav.profileInformation')}
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <Grid templateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="6">
            <ProfilePicture />
            <Box>{profile.data ? <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} /> : profile.isError ? t('common.somethingWrongRetry') : <PageSpinner />}</Box>
          </Grid>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" borderColor="red.200">
        <Card.Body>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Box>
              <Heading as="h2" size="md">
                {t('profileInformation.delete.title')}
              </Heading>
              <Box color="gray.600" fontSize="sm">
                {t(snap.roles.includes('Organization') ? 'profileInformation.delete.introOwner' : 'profileInformation.delete.intro')}
              </Box>
            </Box>
            <Button colorPalette="red" variant="outline" onClick={() => setDeleting(true)} data-testid="delete-account-open">
              {t('profileInformation.delete.title')}
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
