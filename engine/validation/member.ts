// The member forms' rules (spec 001 section 5 "Member forms"), shared by the add, edit and bulk paths.
// Answers, per field, which of the spec's messages applies (as a message id the screens translate).
import { isValidEmail } from './account';

export interface MemberDraft {
  fullName?: string | undefined;
  email?: string | undefined;
  roleId?: number | undefined;
  languages?: readonly number[] | undefined;
  locationId?: number | undefined;
  gender?: number | undefined;
  workspaceIds?: readonly string[] | undefined;
}

/** Where the form is open: the admin page chooses workspaces; the enumerators page fixes the role. */
export interface MemberFormContext {
  mode: 'add' | 'edit';
  workspaces: boolean;
  roleFixed: boolean;
}

export type MemberField = 'fullName' | 'email' | 'roleId' | 'languages' | 'locationId' | 'gender' | 'workspaceIds';
export type MemberMessage =
  | 'fullNameRequired'
  | 'fullNameEditRequired'
  | 'emailRequired'
  | 'emailInvalid'
  | 'languagesRequired'
  | 'genderRequired'
  | 'locationRequired'
  | 'workspacesRequired'
  | 'roleRequired';

export function validateMember(d: MemberDraft, c: MemberFormContext): Partial<Record<MemberField, MemberMessage>> {
  const e: Partial<Record<MemberField, MemberMessage>> = {};
  if (!d.fullName?.trim()) e.fullName = c.mode === 'add' ? 'fullNameRequired' : 'fullNameEditRequired';
  if (c.mode === 'add') {
    const email = d.email?.trim() ?? '';
    if (!email) e.email = 'emailRequired';
    else if (!isValidEmail(email)) e.email = 'emailInvalid';
  }
  if (!d.languages?.length) e.languages = 'languagesRequired';
  if (d.gender === undefined) e.gender = 'genderRequired';
  if (d.locationId === undefined) e.locationId = 'locationRequired';
  if (c.workspaces && !d.workspaceIds?.length) e.workspaceIds = 'workspacesRequired';
  if (!c.roleFixed && d.roleId === undefined) e.roleId = 'roleRequired';
  return e;
}
