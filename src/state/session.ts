// The signed-in session, kept in the browser (spec 000 section 3, "Session data kept in the browser").
// Remember me keeps it in localStorage; otherwise sessionStorage, so it ends with the tab.
import { proxy, subscribe } from 'valtio';
import type { OrganizationEntry } from '../../schemas/account';
import type { RoleName } from '../../schemas/roles';

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  phoneNumber: string | null;
  countryName: string | null;
  profilePictureUrl: string | null;
}

/** One organization of the user (the API's shape, declared in schemas/account.ts). */
export type OrganizationChoice = OrganizationEntry;

export interface SessionState {
  token: string | null;
  tokenExpire: string | null;
  refreshToken: string | null;
  remember: boolean;
  user: SessionUser | null;
  organizations: OrganizationChoice[];
  organizationId: string | null;
  organizationName: string | null;
  roles: RoleName[];
  currentWorkspaceId: string | null;
  currentProjectId: string | null;
  reactivatedAccount: boolean;
}

const KEY = 'fs.session';

const empty = (): SessionState => ({
  token: null,
  tokenExpire: null,
  refreshToken: null,
  remember: false,
  user: null,
  organizations: [],
  organizationId: null,
  organizationName: null,
  roles: [],
  currentWorkspaceId: null,
  currentProjectId: null,
  reactivatedAccount: false,
});

function load(): SessionState {
  if (typeof window === 'undefined') return empty();
  const raw = window.localStorage.getItem(KEY) ?? window.sessionStorage.getItem(KEY);
  if (!raw) return empty();
  try {
    return { ...empty(), ...(JSON.parse(raw) as Partial<SessionState>) };
  } catch {
    return empty();
  }
}

export const session = proxy<SessionState>(load());

if (typeof window !== 'undefined') {
  subscribe(session, () => {
    const json = JSON.stringify(session);
    const [keep, drop] = session.remember ? [window.localStorage, window.sessionStorage] : [window.sessionStorage, window.localStorage];
    if (session.token || session.user) keep.setItem(KEY, json);
    else keep.removeItem(KEY);
    drop.removeItem(KEY);
  });
  // Another tab signed out or in: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) Object.assign(session, load());
  });
}

/** Logout clears stored user, roles, tokens, organization id and name (spec 000 section 2). */
export function clearSession(): void {
  Object.assign(session, empty());
}

export function chooseOrganization(org: { organizationId: string; organizationName: string }, roles: RoleName[]): void {
  session.organizationId = org.organizationId;
  session.organizationName = org.organizationName;
  session.roles = roles;
  session.currentWorkspaceId = null;
  session.currentProjectId = null;
}
