// Typed calls of the Account area, named as the spec names them.
import { LOOKUPS_API } from '../../schemas/lookups';
import type { RoleName } from '../../schemas/roles';
import type { OrganizationChoice, SessionUser } from '../state/session';
import { call } from './call';
import { api, request } from './client';

const BOT_CHECK_HEADER = 'g-recaptcha-response';
const botHeader = (token: string | undefined): Record<string, string> => (token ? { [BOT_CHECK_HEADER]: token } : {});

export interface RegisterStepOneData {
  fullName: string;
  roleWithinOrganization: string | null;
  phoneNumber: string | null;
  email: string;
  name: string;
  typeId: number | null;
  countryId: number | null;
}

export interface LoginResponse {
  token: string | null;
  refreshToken: string | null;
  tokenExpire: string | null;
  message: string;
  user: SessionUser | null;
  organizations: OrganizationChoice[];
  organizationNotPaid: null | {
    isRegistrationDone: boolean;
    organizationId: string;
    userId: string;
    registrationToken?: string;
    registerStepOneData: RegisterStepOneData | null;
  };
}

export interface SelectOrganizationResponse {
  token: string;
  refreshToken: string;
  tokenExpire: string;
  userRole: RoleName[];
  organizationName: string;
  message: string;
}

export const accountApi = {
  login: (body: { email: string; password: string; rememberMe: boolean }, bot?: string) =>
    api.post<LoginResponse>('/Account/login', body, { headers: botHeader(bot), noRefresh: true }),
  confirmEmail: (body: { userId: string; code: string }, bot?: string) =>
    request<{ registrationToken?: string } | true>('POST', '/Account/confirmEmail', { body, headers: botHeader(bot), noRefresh: true }),
  resendConfirmEmail: (email: string, bot?: string) =>
    api.post<boolean>('/Account/resendConfirmEmail', undefined, { query: { email }, headers: botHeader(bot), noRefresh: true }),
  register: (body: Record<string, unknown>, bot?: string) =>
    request<{ organizationId: string; userId: string }>('POST', '/Account/register', { body, headers: botHeader(bot), noRefresh: true }),
  forgotPassword: (email: string, bot?: string) =>
    api.post<{ userId: string }>('/Account/forgotPassword', { email }, { headers: botHeader(bot), noRefresh: true }),
  /** `userId` is the id forgotPassword answered; a good code answers the reset token resetPassword needs. */
  checkResetPasswordCode: (body: { userId: string; code: string }) =>
    api.post<{ resetToken: string }>('/Account/checkResetPasswordCode', body, { noRefresh: true }),
  resetPassword: (body: { resetToken: string; userId: string; newPassword: string; confirmPassword: string }) =>
    api.post<boolean>('/Account/resetPassword', body, { noRefresh: true }),
  getUserOrganizations: (userId: string) => api.get<OrganizationChoice[]>('/Account/getUserOrganizations', { query: { userId } }),
  selectOrganization: (userId: string, organizationId: string) =>
    request<SelectOrganizationResponse>('GET', '/Account/selectOrganization', { query: { userId, organizationId } }),
  getOrganizationTypes: () => call(LOOKUPS_API.getOrganizationTypes),
  getCountries: () => call(LOOKUPS_API.getAllCountries),
  getPackets: () => call(LOOKUPS_API.getPackets),
};
