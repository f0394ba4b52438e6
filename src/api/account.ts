// Typed calls of the Account area, named as the spec names them.
import { ACCOUNT_API as A } from '../../schemas/account';
import type { RequestOf } from '../../schemas/endpoint';
import { LOOKUPS_API } from '../../schemas/lookups';
import { callEnvelope, call } from './call';

const BOT_CHECK_HEADER = 'g-recaptcha-response';
const botHeader = (token: string | undefined): Record<string, string> => (token ? { [BOT_CHECK_HEADER]: token } : {});

type Body<E extends keyof typeof A> = RequestOf<(typeof A)[E]>['body'];

export const accountApi = {
  login: (body: Body<'login'>, bot?: string) => call(A.login, { body }, { headers: botHeader(bot), noRefresh: true }),
  confirmEmail: (body: Body<'confirmEmail'>, bot?: string) =>
    callEnvelope(A.confirmEmail, { body }, { headers: botHeader(bot), noRefresh: true }),
  resendConfirmEmail: (email: string, bot?: string) =>
    call(A.resendConfirmEmail, { query: { email } }, { headers: botHeader(bot), noRefresh: true }),
  register: (body: Body<'register'>, bot?: string) => callEnvelope(A.register, { body }, { headers: botHeader(bot), noRefresh: true }),
  forgotPassword: (email: string, bot?: string) =>
    call(A.forgotPassword, { body: { email } }, { headers: botHeader(bot), noRefresh: true }),
  /** `userId` is the id forgotPassword answered; a good code answers the reset token resetPassword needs. */
  checkResetPasswordCode: (body: Body<'checkResetPasswordCode'>) => call(A.checkResetPasswordCode, { body }, { noRefresh: true }),
  resetPassword: (body: Body<'resetPassword'>) => call(A.resetPassword, { body }, { noRefresh: true }),
  getUserOrganizations: (userId: string) => call(A.getUserOrganizations, { query: { userId } }),
  selectOrganization: (userId: string, organizationId: string) => callEnvelope(A.selectOrganization, { query: { userId, organizationId } }),
  getOrganizationTypes: () => call(LOOKUPS_API.getOrganizationTypes),
  getCountries: () => call(LOOKUPS_API.getAllCountries),
  getPackets: () => call(LOOKUPS_API.getPackets),
};
