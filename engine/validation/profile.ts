// The Organization Management dialogs' rules: the Login Information dialog's password change (spec 001
// section 5 "Change password", spec 000 "Login information forms") and the Profile information dialog
// (spec 001 section 5 "Profile dialog"). Each answers, per field, which of the spec's messages applies, as
// a message id the screens translate. The server checks the same and more (the current password, the
// password rule the hint announces).

export interface PasswordChangeDraft {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeMessage = 'oldRequired' | 'newRequired' | 'confirmRequired' | 'mismatch';

export function validatePasswordChange(d: PasswordChangeDraft): Partial<Record<keyof PasswordChangeDraft, PasswordChangeMessage>> {
  const e: Partial<Record<keyof PasswordChangeDraft, PasswordChangeMessage>> = {};
  if (!d.oldPassword) e.oldPassword = 'oldRequired';
  if (!d.newPassword) e.newPassword = 'newRequired';
  if (!d.confirmPassword) e.confirmPassword = 'confirmRequired';
  else if (d.newPassword && d.confirmPassword !== d.newPassword) e.confirmPassword = 'mismatch';
  return e;
}

export interface ProfileDraft {
  userFullName: string;
  userPhoneNumber: string;
  userRoleWithinOrganization: string;
  organizationTypeId: number | null;
  organizationName: string;
  organizationCountryId: number | null;
}
export type ProfileField = keyof ProfileDraft;

/** Every field is required; each has its own message (spec 001 section 5). */
export const profileRequiredMessages = {
  userFullName: 'fullNameRequired',
  userPhoneNumber: 'phoneRequired',
  userRoleWithinOrganization: 'roleRequired',
  organizationTypeId: 'typeRequired',
  organizationName: 'organizationNameRequired',
  organizationCountryId: 'countryRequired',
} as const satisfies Record<ProfileField, string>;
export type ProfileMessage = (typeof profileRequiredMessages)[ProfileField] | 'phoneInvalid';

export function validateProfile(d: ProfileDraft, isValidPhone: (phone: string) => boolean): Partial<Record<ProfileField, ProfileMessage>> {
  const e: Partial<Record<ProfileField, ProfileMessage>> = {};
  for (const k of Object.keys(profileRequiredMessages) as ProfileField[]) {
    const v = d[k];
    if (v === null || (typeof v === 'string' && !v.trim())) e[k] = profileRequiredMessages[k];
  }
  if (!e.userPhoneNumber && !isValidPhone(d.userPhoneNumber.trim())) e.userPhoneNumber = 'phoneInvalid';
  return e;
}
