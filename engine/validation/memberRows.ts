// Bulk upload of members (spec 001 section 5 "Bulk upload"): the rows of the 'Members' sheet (FullName,
// Email, Gender, Role, Language comma-separated, Location) turned into member payloads. A row is
// dropped when its role is not one of the roles offered, a language is unknown, or its location
// (uppercased, spaces turned to underscores) is unknown; beyond the spec, also when the name, e-mail or
// gender is missing or wrong, or the e-mail repeats an earlier row. Every dropped row says why, so the
// user sees it before confirming (the spec dropped rows silently).
import { isValidEmail } from './account';

export const MEMBER_SHEET = 'Members';
export const ROLES_SHEET = 'Roles';
export const MEMBER_COLUMNS = ['FullName', 'Email', 'Gender', 'Role', 'Language', 'Location'] as const;
/** The largest workbook the upload reads (spec 001 section 9: 1 MB), checked before reading it. */
export const BULK_FILE_BYTES = 1_000_000;
export const BULK_MAX_ROWS = 1000;

export type DropReason = 'fullName' | 'email' | 'duplicateEmail' | 'gender' | 'role' | 'language' | 'location';

export interface MemberRow {
  row: number;
  fullName: string;
  email: string;
  gender: number;
  roleId: number;
  languages: number[];
  locationId: number;
}

export interface DroppedRow {
  row: number;
  email: string;
  reasons: DropReason[];
}

export interface BulkLookups {
  /** Role names (as in the Roles sheet) to ids: only the roles the uploader may give here. */
  roles: ReadonlyMap<string, number>;
  languages: readonly { id: number; name: string; code: string }[];
  countries: readonly { id: number; name: string; code: string }[];
}

const GENDERS: Record<string, number> = { male: 0, female: 1, other: 2 };
const locationKey = (s: string) => s.trim().toUpperCase().replace(/\s+/g, '_');

/** `cells` are the sheet's data rows (after the header), as text, numbered from `firstRow`. */
export function readMemberRows(
  cells: readonly (readonly string[])[],
  lookups: BulkLookups,
  firstRow = 2,
): { rows: MemberRow[]; dropped: DroppedRow[] } {
  const languages = new Map<string, number>();
  for (const l of lookups.languages) {
    languages.set(l.name.toLowerCase(), l.id);
    languages.set(l.code.toLowerCase(), l.id);
  }
  const countries = new Map<string, number>();
  for (const c of lookups.countries) {
    countries.set(locationKey(c.name), c.id);
    countries.set(c.code.toUpperCase(), c.id);
  }
  const roles = new Map([...lookups.roles].map(([name, id]) => [name.replace(/\s+/g, '').toLowerCase(), id]));
  const seen = new Set<string>();
  const rows: MemberRow[] = [];
  const dropped: DroppedRow[] = [];
  cells.forEach((c, i) => {
    const [fullName = '', email = '', gender = '', role = '', language = '', location = ''] = c.map((v) => String(v ?? '').trim());
    if (![fullName, email, gender, role, language, location].some(Boolean)) return; // an empty line
    const reasons: DropReason[] = [];
    if (!fullName || fullName.length > 200) reasons.push('fullName');
    const lower = email.toLowerCase();
    if (!isValidEmail(email) || email.length > 254) reasons.push('email');
    else if (seen.has(lower)) reasons.push('duplicateEmail');
    const genderCode = GENDERS[gender.toLowerCase()];
    if (genderCode === undefined) reasons.push('gender');
    const roleId = roles.get(role.replace(/\s+/g, '').toLowerCase());
    if (roleId === undefined) reasons.push('role');
    const langIds = language
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => languages.get(l.toLowerCase()));
    if (!langIds.length || langIds.some((l) => l === undefined)) reasons.push('language');
    const locationId = countries.get(locationKey(location));
    if (locationId === undefined) reasons.push('location');
    const row = firstRow + i;
    if (reasons.length) return void dropped.push({ row, email, reasons });
    seen.add(lower);
    rows.push({
      row,
      fullName,
      email,
      gender: genderCode!,
      roleId: roleId!,
      languages: [...new Set(langIds as number[])],
      locationId: locationId!,
    });
  });
  return { rows, dropped };
}
