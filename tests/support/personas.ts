// Sessions of the demo personas, signed in once per test file and reused.
import type { Session, TestApp } from './app';

export function personas(t: () => TestApp) {
  const sessions = new Map<string, Promise<Session>>();
  return (email: string, organization?: string): Promise<Session> => {
    const key = `${email}|${organization ?? ''}`;
    let s = sessions.get(key);
    if (!s) {
      s = t().signIn(email, organization);
      sessions.set(key, s);
    }
    return s;
  };
}

/** Demo personas by role in Demo Relief Organization. */
export const demo = {
  owner: 'organization@demo.test',
  superAdmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  senior: 'senior@demo.test',
  manager: 'manager@demo.test',
  junior: 'junior@demo.test',
  collector: 'collector@demo.test',
  guest: 'guest@demo.test',
  multi: 'multi@demo.test',
  other: 'other@demo.test',
} as const;
