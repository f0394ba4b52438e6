// A registration in progress, kept in the browser between its steps (spec 000 section 3 "Registration
// account (kept locally between steps)"). The password is never kept.
import { proxy, subscribe } from 'valtio';

export interface RegistrationAccount {
  fullname: string;
  organizationRole: string;
  phone: string;
  email: string;
  organizationName: string;
  typeOrganization: number | null;
  country: number | null;
}

export interface RegistrationState {
  account: RegistrationAccount | null;
  userId: string | null;
  organizationId: string | null;
  confirmed: boolean;
  registrationToken: string | null;
  step: 0 | 1 | 2;
  planId: number | null;
  yearly: boolean;
}

const KEY = 'fs.registration';
const empty = (): RegistrationState => ({
  account: null,
  userId: null,
  organizationId: null,
  confirmed: false,
  registrationToken: null,
  step: 0,
  planId: null,
  yearly: true,
});

function load(): RegistrationState {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? { ...empty(), ...(JSON.parse(raw) as Partial<RegistrationState>) } : empty();
  } catch {
    return empty();
  }
}

export const registration = proxy<RegistrationState>(typeof window === 'undefined' ? empty() : load());

if (typeof window !== 'undefined') {
  subscribe(registration, () => sessionStorage.setItem(KEY, JSON.stringify(registration)));
}

/** The login page clears stale registration flags when opened (spec 000 section 4). */
export function clearRegistration(): void {
  Object.assign(registration, empty());
}
