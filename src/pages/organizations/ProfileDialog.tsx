// The Profile information dialog (spec 001 sections 2 and 5 "Profile dialog"): Personal Information
// (Full Name, Phone Number, Role with Organization) and Company Information (Type of Organization,
// Organization Name, Country), every field required. The spec's original opened it from nowhere and
// saved nothing; here Organization Management opens it and it saves through editUserAndOrganization.
// Only the organization's owner changes the company fields (spec 000 section 6); others see them disabled.
import { Fieldset, Grid, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidPhone } from '../../../engine/validation/account';
import { validateProfile, type ProfileDraft, type ProfileField } from '../../../engine/validation/profile';
import type { UserAndOrganizationInfo } from '../../../schemas/organizations';
import { loadPhoneNumbers } from '../../../widgets/phone/numbers';
import { AppDialog } from '../../components/AppDialog';
import { DialogActions, FormField, Options, SelectControl } from '../../components/FormField';
import { useProfileChoices, useSaveProfile } from './profileApi';

const draftOf = (p: UserAndOrganizationInfo): ProfileDraft => ({
  userFullName: p.userFullName,
  userPhoneNumber: p.userPhoneNumber ?? '',
  userRoleWithinOrganization: p.userRoleWithinOrganization ?? '',
  organizationTypeId: p.organizationTypeId,
  organizationName: p.organizationName,
  organizationCountryId: p.organizationCountryId,
});

export function ProfileDialog({ open, profile, onClose }: { open: boolean; profile: UserAndOrganizationInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { countryOptions, typeOptions } = useProfileChoices();
  const [v, setV] = useState(() => draftOf(profile));
  const [tried, setTried] = useState(false);
  const { save, busy } = useSaveProfile();
  const errors = tried ? validateProfile(v, isValidPhone) : {};
  const ownerOnly = !profile.canEditOrganization;

  useEffect(() => {
    if (!open) return;
    setV(draftOf(profile));
    setTried(false);
    // The phone check needs libphonenumber, which loads on demand.
    void loadPhoneNumbers().catch(() => undefined);
  }, [open, profile]);

  const set = <K extends ProfileField>(k: K, value: ProfileDraft[K]) => setV((old) => ({ ...old, [k]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    await loadPhoneNumbers().catch(() => undefined);
    if (Object.keys(validateProfile(v, isValidPhone)).length) return;
    const saved = await save(
      {
        userId: profile.userId,
        organizationId: profile.organizationId,
        userFullName: v.userFullName.trim(),
        userPhoneNumber: v.userPhoneNumber.trim(),
        userRoleWithinOrganization: v.userRoleWithinOrganization.trim(),
        organizationName: v.organizationName.trim(),
        // validateProfile has refused the form without them.
        organizationTypeId: v.organizationTypeId!,
        organizationCountryId: v.organizationCountryId!,
      },
      // The server says the spec's text; the interface language's version of it is shown.
      {
        savedText: () => t('organizationManagement.profile.saved'),
        organizationName: profile.canEditOrganization ? v.organizationName.trim() : undefined,
      },
    );
    if (saved) onClose();
  }

  const field = (k: ProfileField, input: ReactNode, disabled = false) => (
    <FormField
      label={t(`organizationManagement.profile.fields.${k}`)}
      required
      error={errors[k] && t(`organizationManagement.profile.errors.${errors[k]}`)}
      errorTestId={`profile-error-${k}`}
      disabled={disabled}
    >
      {input}
    </FormField>
  );
  const text = (
    k: 'userFullName' | 'userPhoneNumber' | 'userRoleWithinOrganization' | 'organizationName',
    extra: { type?: string; autoComplete?: string } = {},
    disabled = false,
  ) =>
    field(
      k,
      <Input name={k} value={v[k]} dir="auto" onChange={(e) => set(k, e.target.value)} data-testid={`profile-${k}`} {...extra} />,
      disabled,
    );
  const select = (k: 'organizationTypeId' | 'organizationCountryId', options: readonly { id: number; name: string }[]) =>
    field(
      k,
      <SelectControl name={k} value={String(v[k] ?? '')} onChange={(x) => set(k, x ? Number(x) : null)} testId={`profile-${k}`}>
        <option value="">{t('common.select')}</option>
        <Options items={options.map((o) => ({ value: o.id, label: o.name }))} />
      </SelectControl>,
      ownerOnly,
    );

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="profile-dialog"
      size="lg"
      scroll
      title={t('organizationManagement.profile.title')}
      footer={
        <DialogActions
          onCancel={onClose}
          cancelText={t('common.cancel')}
          cancelTestId="profile-cancel"
          submitText={t('common.save')}
          form="profile-form"
          busy={busy}
          submitTestId="profile-submit"
        />
      }
    >
      <form id="profile-form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="6">
          <Fieldset.Root>
            <Fieldset.Legend>{t('organizationManagement.profile.personal')}</Fieldset.Legend>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
              {text('userFullName', { autoComplete: 'name' })}
              {text('userPhoneNumber', { type: 'tel', autoComplete: 'tel' })}
              {text('userRoleWithinOrganization', { autoComplete: 'organization-title' })}
            </Grid>
          </Fieldset.Root>
          <Fieldset.Root>
            <Fieldset.Legend>{t('organizationManagement.company.title')}</Fieldset.Legend>
            {ownerOnly && <Fieldset.HelperText>{t('organizationManagement.profile.ownerOnly')}</Fieldset.HelperText>}
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
              {select('organizationTypeId', typeOptions)}
              {text('organizationName', { autoComplete: 'organization' }, ownerOnly)}
              {select('organizationCountryId', countryOptions)}
            </Grid>
          </Fieldset.Root>
        </Stack>
      </form>
    </AppDialog>
  );
}
