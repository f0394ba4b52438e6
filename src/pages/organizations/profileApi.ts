// The calls of the Organization Management page (spec 000 and 001 section 7), typed once for its page
// and its two dialogs.
import { useQuery } from '@tanstack/react-query';
import type { UserAndOrganizationInfo } from '../../../schemas/organizations';
import { accountApi } from '../../api/account';
import { api } from '../../api/client';

export const PROFILE_QUERY = ['organization-management', 'profile'] as const;

export function useProfile(ids: { organizationId: string | null; userId: string | undefined }) {
  return useQuery({
    queryKey: [...PROFILE_QUERY, ids.organizationId, ids.userId],
    enabled: !!ids.organizationId && !!ids.userId,
    queryFn: () => api.get<UserAndOrganizationInfo>('/Organizations/getUserAndOrganizationInfo', { query: { organizationId: ids.organizationId!, userId: ids.userId! } }),
  });
}

export const useOrganizationTypes = () => useQuery({ queryKey: ['organization-types'], queryFn: accountApi.getOrganizationTypes, staleTime: Infinity });
export const useCountries = () => useQuery({ queryKey: ['countries'], queryFn: accountApi.getCountries, staleTime: Infinity });

export const profileApi = {
  edit: (body: Record<string, unknown>) => api.post<{ message: string }>('/Organizations/editUserAndOrganization', body),
  changePassword: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) => api.post<boolean>('/Account/changePassword', body),
};
