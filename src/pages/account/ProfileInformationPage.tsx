// /profile-information (spec 000 sections 2, 5 "Profile form", 6, 8): the picture editor, the personal,
// location and company information, and the 'Delete or deactivate account' dialog. Country, state and
// city come from an offline dataset on the server (server/services/locations.ts); changing the country resets state and city, changing
// the state resets the city. Only the Organization role edits the organization's name, type and country;
// the gender field is hidden for it; the role within the organization is read-only.
import { Box, Button, Card, Field, Fieldset, Grid, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isValidPhone } from '../../../engine/validation/account';
import { ACCOUNT_AREA_API } from '../../../schemas/accountArea';
import type { EditUserAndOrganizationBody, UserAndOrganizationInfo } from '../../../schemas/organizations';
import { loadPhoneNumbers } from '../../../widgets/phone/numbers';
import { call } from '../../api/call';
import { FormField, Options, SelectControl } from '../../components/FormField';
import { PageSpinner } from '../../components/PageSpinner';
import { session } from '../../state/session';
import { useProfile, useProfileChoices, useSaveProfile } from '../organizations/profileApi';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfilePicture } from './ProfilePicture';

interface Draft {
  userFullName: string;
  gender: '' | NonNullable<EditUserAndOrganizationBody['gender']>;
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

/** What is wrong with the form, by field (keys of profileInformation.errors); the city only where the state has cities. */
function problemsOf(v: Draft, owner: boolean, cityRequired: boolean): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  if (!v.userFullName.trim()) errors.userFullName = 'fullNameRequired';
  if (!v.userPhoneNumber.trim()) errors.userPhoneNumber = 'phoneRequired';
  else if (!isValidPhone(v.userPhoneNumber)) errors.userPhoneNumber = 'phoneInvalid';
  if (!v.userCountryId) errors.userCountryId = 'countryRequired';
  if (!v.state) errors.state = 'stateRequired';
  if (cityRequired && !v.city) errors.city = 'cityRequired';
  if (!v.address.trim()) errors.address = 'addressRequired';
  if (v.zipCode && !/^[0-9]+$/.test(v.zipCode)) errors.zipCode = 'zipNumeric';
  if (owner && !v.organizationName.trim()) errors.organizationName = 'organizationNameRequired';
  if (owner && !v.organizationTypeId) errors.organizationTypeId = 'organizationTypeRequired';
  if (owner && !v.organizationCountryId) errors.organizationCountryId = 'organizationCountryRequired';
  return errors;
}

function ProfileForm({ profile }: { profile: UserAndOrganizationInfo }) {
  const { t } = useTranslation();
  const { countries, countryOptions, typeOptions } = useProfileChoices();
  const [v, setV] = useState(() => draftOf(profile));
  const [tried, setTried] = useState(false);
  const { save, busy } = useSaveProfile();
  const owner = profile.canEditOrganization;
  const countryCode = countries.data?.find((c) => c.id === v.userCountryId)?.code ?? '';
  const statesQ = useQuery({
    queryKey: ['states', countryCode],
    enabled: !!countryCode,
    staleTime: Infinity,
    queryFn: () => call(ACCOUNT_AREA_API.getStates, { query: { countryCode } }),
  });
  const states = statesQ.data ?? [];
  const stateCode = states.find((s) => s.name === v.state)?.code ?? '';
  // Kosovo's choices are its cities already (server/services/locations.ts): no second level.
  const citiesQ = useQuery({
    queryKey: ['cities', countryCode, stateCode],
    enabled: !!stateCode && countryCode.toUpperCase() !== 'XK',
    staleTime: Infinity,
    queryFn: () => call(ACCOUNT_AREA_API.getCities, { query: { countryCode, stateCode } }),
  });
  const cities = citiesQ.data ?? [];

  useEffect(() => {
    void loadPhoneNumbers().catch(() => undefined);
  }, []);

  const errors = tried ? problemsOf(v, owner, cities.length > 0) : {};
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
    if (Object.keys(problemsOf(v, owner, cities.length > 0)).length) return;
    await save(
      {
        userId: profile.userId,
        organizationId: profile.organizationId,
        userFullName: v.userFullName.trim(),
        userPhoneNumber: v.userPhoneNumber.trim(),
        ...(owner ? {} : v.gender ? { gender: v.gender } : {}),
        // problemsOf has refused the form without it.
        userCountryId: v.userCountryId!,
        geographicalDetail: {
          ...profile.geographicalDetail,
          governorateOrProvince: v.state,
          cityOrCampOrVillage: v.city,
          houseOrTentDetails: v.address.trim(),
        },
        ...(owner
          ? {
              organizationName: v.organizationName.trim(),
              organizationTypeId: v.organizationTypeId!,
              organizationCountryId: v.organizationCountryId!,
              zipCode: v.zipCode,
            }
          : {}),
      },
      {
        savedText: (r) => r.message || t('profileInformation.saved'),
        organizationName: owner ? v.organizationName.trim() : undefined,
      },
    );
  }

  const field = (k: Key, label: string, control: ReactNode, opts: { required?: boolean; disabled?: boolean } = {}) => (
    <FormField
      label={t(label)}
      required={opts.required ?? true}
      disabled={opts.disabled ?? false}
      error={errors[k] && t(`profileInformation.errors.${errors[k]}`)}
    >
      {control}
    </FormField>
  );
  const select = (k: Key, options: { value: string | number; label: string }[], disabled = false) => (
    <SelectControl
      name={k}
      value={v[k] === null ? '' : String(v[k])}
      onChange={(x) => set(k, (typeof v[k] === 'number' || v[k] === null ? (x ? Number(x) : null) : x) as never)}
      testId={`profile-${k}`}
      disabled={disabled}
    >
      <option value="">{t('common.select')}</option>
      <Options items={options} />
    </SelectControl>
  );
  const input = (
    k: 'userFullName' | 'userPhoneNumber' | 'address' | 'zipCode' | 'organizationName',
    extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' } = {},
    disabled = false,
  ) => (
    <Input
      name={k}
      value={v[k]}
      dir="auto"
      disabled={disabled}
      onChange={(e) => set(k, e.target.value)}
      data-testid={`profile-${k}`}
      {...extra}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <Stack gap="6">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('profileInformation.personal')}</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            {field('userFullName', 'profileInformation.fullName', input('userFullName', { autoComplete: 'name' }))}
            {!owner &&
              field(
                'gender',
                'profileInformation.gender',
                select(
                  'gender',
                  ['Male', 'Female', 'Other'].map((g) => ({ value: g, label: t(`profileInformation.genders.${g}`) })),
                ),
                { required: false },
              )}
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
            {field(
              'userCountryId',
              'profileInformation.country',
              select(
                'userCountryId',
                countryOptions.map((c) => ({ value: c.id, label: c.name })),
              ),
            )}
            {field(
              'state',
              'profileInformation.state',
              select(
                'state',
                states.map((s) => ({ value: s.name, label: s.name })),
                !countryCode,
              ),
            )}
            {field(
              'city',
              'profileInformation.city',
              select(
                'city',
                cities.map((c) => ({ value: c.name, label: c.name })),
                cities.length === 0,
              ),
              { required: cities.length > 0 },
            )}
            {field('address', 'profileInformation.address', input('address', { autoComplete: 'street-address' }))}
          </Grid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('profileInformation.company')}</Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            {field(
              'organizationName',
              'profileInformation.organizationName',
              input('organizationName', { autoComplete: 'organization' }, !owner),
              { disabled: !owner },
            )}
            {field(
              'organizationTypeId',
              'profileInformation.organizationType',
              select(
                'organizationTypeId',
                typeOptions.map((o) => ({ value: o.id, label: o.name })),
                !owner,
              ),
              { disabled: !owner },
            )}
            {field(
              'organizationCountryId',
              'profileInformation.organizationCountry',
              select(
                'organizationCountryId',
                countryOptions.map((c) => ({ value: c.id, label: c.name })),
                !owner,
              ),
              { disabled: !owner },
            )}
            {field(
              'zipCode',
              'profileInformation.zipCode',
              input('zipCode', { inputMode: 'numeric', autoComplete: 'postal-code' }, !owner),
              { required: false, disabled: !owner },
            )}
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
            <Box>
              {profile.data ? (
                <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
              ) : profile.isError ? (
                t('common.somethingWrongRetry')
              ) : (
                <PageSpinner />
              )}
            </Box>
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
