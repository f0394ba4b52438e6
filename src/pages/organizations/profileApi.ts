// The calls of the Organization Management page (spec 000 and 001 section 7), typed once for its page
// and its two dialogs.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_API, type ChangePasswordBody, type EditUserAndOrganizationBody } from '../../../schemas/organizations';
import { accountApi } from '../../api/account';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { notify } from '../../app/toaster';
import { localizeCountries } from '../../components/CountryCombobox';
import { problemText } from '../../i18n';
import { session } from '../../state/session';

export const PROFILE_QUERY = ['organization-management', 'profile'] as const;

export function useProfile(ids: { organizationId: string | null; userId: string | undefined }) {
  return useQuery({
    queryKey: [...PROFILE_QUERY, ids.organizationId, ids.userId],
    enabled: !!ids.organizationId && !!ids.userId,
    queryFn: () =>
      call(PROFILE_API.getUserAndOrganizationInfo, {
        query: { organizationId: ids.organizationId!, userId: ids.userId! },
      }),
  });
}

export const useOrganizationTypes = () =>
  useQuery({ queryKey: ['organization-types'], queryFn: accountApi.getOrganizationTypes, staleTime: Infinity });
export const useCountries = () => useQuery({ queryKey: ['countries'], queryFn: accountApi.getCountries, staleTime: Infinity });

/**
 * The choices of the profile forms in the interface language: organization types (by id, as everywhere
 * they are shown) and countries; `countries` is the query, for the codes the location lists need.
 */
export function useProfileChoices() {
  const { t, i18n } = useTranslation();
  const types = useOrganizationTypes();
  const countries = useCountries();
  const countryOptions = useMemo(() => localizeCountries(countries.data ?? [], i18n.language), [countries.data, i18n.language]);
  const typeOptions = (types.data ?? []).map((o) => ({ id: o.id, name: t(`organizationTypes.${o.id}`, { defaultValue: o.name }) }));
  return { countries, countryOptions, typeOptions };
}

export const profileApi = {
  edit: (body: EditUserAndOrganizationBody) => call(PROFILE_API.editUserAndOrganization, { body }),
  changePassword: (body: ChangePasswordBody) => call(PROFILE_API.changePassword, { body }),
};

/**
 * Saving a profile, as the profile page and Organization Management's dialog both do: the call, the
 * notice (the text `savedText` makes of the server's answer, or its refusal in the interface language),
 * the name and (when its owner changed it) the organization name the top bar shows, and the profile read
 * again. True when it saved.
 */
export function useSaveProfile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function save(
    body: EditUserAndOrganizationBody,
    opts: { savedText: (r: { message: string }) => string; organizationName?: string | undefined },
  ): Promise<boolean> {
    setBusy(true);
    try {
      const r = await profileApi.edit(body);
      notify('success', opts.savedText(r));
      if (session.user) session.user.fullName = body.userFullName;
      if (opts.organizationName !== undefined) session.organizationName = opts.organizationName;
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
      return true;
    } catch (err) {
      notify('error', err instanceof ApiError && err.kind === 'http' ? problemText(err) : t('common.somethingWrongRetry'));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { save, busy };
}
