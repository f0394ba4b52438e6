// What happens after a successful sign-in and when an organization is chosen (spec 000 section 4).
import type { LoginAnswer } from '../../schemas/account';
import { accountApi } from '../api/account';
import { homePathFor } from '../../schemas/roles';
import { chooseOrganization, session, type OrganizationChoice } from '../state/session';

export function usableOrganizations(orgs: readonly OrganizationChoice[]): OrganizationChoice[] {
  return orgs.filter((o) => !o.isDeletedOrg && !o.isDeletedUser && o.accessState === 'ok');
}

export function storeLogin(res: LoginAnswer, remember: boolean): void {
  session.remember = remember;
  session.token = res.token;
  session.refreshToken = res.refreshToken;
  session.tokenExpire = res.tokenExpire;
  session.user = res.user;
  session.organizations = res.organizations;
  session.organizationId = null;
  session.organizationName = null;
  session.roles = [];
}

/** Enters an organization: new tokens, its roles, workspace and project cleared. Answers where to go. */
export async function enterOrganization(org: Pick<OrganizationChoice, 'organizationId' | 'organizationName'>): Promise<string> {
  const userId = session.user?.id;
  if (!userId) throw new Error('not signed in');
  const env = await accountApi.selectOrganization(userId, org.organizationId);
  const d = env.data;
  session.token = d.token;
  session.refreshToken = d.refreshToken;
  session.tokenExpire = d.tokenExpire;
  chooseOrganization({ organizationId: org.organizationId, organizationName: d.organizationName }, d.userRole);
  // A reactivation message sets the flag the reactivation modal reads.
  if (env.message) session.reactivatedAccount = true;
  return homePathFor(d.userRole);
}
