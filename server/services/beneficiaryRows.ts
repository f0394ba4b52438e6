// The rows of a respondent import read into a person's values: each cell checked by the field it is mapped
// to (phone by libphonenumber, e-mail by the member rule, places by the product's country/state/city data
// and the project's location groups), each problem a report line naming the row and the column. Pure: the
// lookups arrive as functions, so the same rules serve the import and a single add or edit.
import type { CountryCode } from 'libphonenumber-js/min';
import {
  BENEFICIARY_CELL_MAX,
  BENEFICIARY_CHOICES_MAX,
  BENEFICIARY_TEXT_MAX,
  type CustomColumn,
  type CustomColumnType,
  type ImportIssue,
  type ImportLine,
  type ImportMapping,
  type KeyField,
  type StandardField,
} from '../../schemas/beneficiaries';
import { genders } from '../../schemas/common';
import { messageChannels } from '../../schemas/tasks';
import { isValidEmail, normalizePhone } from '../../engine/validation/account';
import type { PersonValues } from '../db/queries/beneficiaries';

export interface Lookups {
  phoneRegion: CountryCode;
  language(nameOrCode: string): number | undefined;
  country(nameOrCode: string): { id: number; code: string } | undefined;
  /** The state's name as the data spells it, or undefined. */
  state(countryCode: string, name: string): string | undefined;
  city(countryCode: string, state: string, name: string): string | undefined;
  locationGroup(name: string): string | undefined;
  /** A country's code by its id (for an edit that names only a state). */
  countryCode(id: number): string | undefined;
}

const MESSAGES: Record<ImportIssue, string> = {
  badPhone: 'Not a valid phone number.',
  badEmail: 'Please enter a valid email address',
  unknownLocation: 'Unknown location.',
  duplicateKey: 'Another respondent has the same key.',
  missingKey: 'The key field is empty.',
  badDate: 'Not a date (YYYY-MM-DD or DD/MM/YYYY).',
  badNumber: 'Not a number.',
  badChoice: 'Not one of the choices of this column.',
  badGender: 'Not a gender (Male, Female or Other).',
  badChannel: 'Not a channel (WhatsApp or Email).',
  unknownLanguage: 'Unknown language.',
  tooLong: 'Too long.',
  unreadable: 'The file cannot be read.',
};

export function line(row: number, column: string, code: ImportIssue, level: 'error' | 'warning', value = ''): ImportLine {
  return { row, column: column.slice(0, BENEFICIARY_TEXT_MAX), code, level, message: MESSAGES[code], value: value.slice(0, 100) };
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Headings people write for each standard field, compared without case, spaces or punctuation. */
const SYNONYMS: Record<StandardField, string[]> = {
  idNumber: ['id', 'idnumber', 'idno', 'nationalid', 'nid', 'beneficiaryid', 'respondentid', 'caseid', 'personid'],
  fullName: ['name', 'fullname', 'beneficiaryname', 'respondentname', 'names'],
  gender: ['gender', 'sex'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday'],
  age: ['age'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'telephone', 'tel', 'whatsapp', 'msisdn', 'cell'],
  email: ['email', 'emailaddress', 'mail'],
  preferredChannel: ['channel', 'preferredchannel', 'contactchannel'],
  language: ['language', 'preferredlanguage', 'lang'],
  locationGroup: ['locationgroup', 'location', 'site'],
  country: ['country'],
  state: ['state', 'province', 'governorate', 'region', 'county'],
  city: ['city', 'town', 'village', 'camp'],
  district: ['district', 'subcounty'],
  intervention: ['intervention', 'programme', 'program', 'project activity', 'activity'],
  type: ['type', 'category', 'beneficiarytype', 'respondenttype'],
};
const BY_HEADING = new Map<string, StandardField>(
  Object.entries(SYNONYMS).flatMap(([f, names]) => names.map((n) => [norm(n), f as StandardField] as const)),
);

// A workbook's date cell reads as pyxform reads it, 'YYYY-MM-DD 00:00:00'; a date of birth has no time.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: 00:00:00)?$/;
const DMY_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

/** A date as YYYY-MM-DD, or undefined: ISO as written, or day/month/year as most of the world writes it. */
export function readDate(s: string): string | undefined {
  const m = ISO_DATE.exec(s) ?? DMY_DATE.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = ISO_DATE.test(s) ? [+m[1]!, +m[2]!, +m[3]!] : [+m[3]!, +m[2]!, +m[1]!];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d || y < 1850 || y > 2200) return undefined;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const guessType = (samples: string[]): CustomColumnType => {
  const filled = samples.filter((s) => s !== '');
  if (!filled.length) return 'text';
  if (filled.every((s) => /^-?\d+(\.\d+)?$/.test(s))) return 'number';
  if (filled.every((s) => readDate(s) !== undefined)) return 'date';
  const distinct = new Set(filled);
  return filled.length >= 20 && distinct.size <= 10 ? 'choice' : 'text';
};

/** The mapping the preview suggests: headings recognised as standard fields, the rest as the list's own columns. */
export function suggestMapping(headings: string[], rows: string[][], name: string): ImportMapping {
  const used = new Set<StandardField>();
  const columns = headings.map((source, i) => {
    const field = BY_HEADING.get(norm(source));
    if (field && !used.has(field)) {
      used.add(field);
      return { source, field };
    }
    return { source, field: 'custom' as const, type: guessType(rows.map((r) => r[i] ?? '')) };
  });
  const key: KeyField = used.has('idNumber') || !used.has('phone') ? 'idNumber' : 'phone';
  return { name: name.slice(0, BENEFICIARY_TEXT_MAX) || 'Respondents', columns, key, duplicates: 'skip', strict: false };
}

/** A list column's key from its heading: lower-case letters, digits and _, unique among `taken`. */
export function columnKey(heading: string, taken: Set<string>): string {
  const base =
    heading
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 40) || 'column';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

/** The key as compared for duplicates: the ID number without case or surrounding space, the phone in E.164. */
export function keyOf(v: Pick<PersonValues, 'idNumber' | 'phone'>, key: KeyField): string | null {
  const raw = key === 'idNumber' ? v.idNumber : v.phone;
  return raw ? raw.trim().toLowerCase() : null;
}

export const emptyPerson = (): PersonValues => ({
  idNumber: null,
  fullName: null,
  gender: null,
  dateOfBirth: null,
  age: null,
  phone: null,
  email: null,
  preferredChannel: null,
  languageId: null,
  locationGroupId: null,
  countryId: null,
  state: '',
  city: '',
  district: '',
  intervention: '',
  type: '',
  custom: {},
});

const GENDER_WORDS: Record<string, number> = {
  male: genders.Male,
  m: genders.Male,
  man: genders.Male,
  '0': genders.Male,
  female: genders.Female,
  f: genders.Female,
  woman: genders.Female,
  '1': genders.Female,
  other: genders.Other,
  o: genders.Other,
  '2': genders.Other,
};
const CHANNEL_WORDS: Record<string, number> = {
  whatsapp: messageChannels.Whatsapp,
  '0': messageChannels.Whatsapp,
  email: messageChannels.Email,
  'e-mail': messageChannels.Email,
  '1': messageChannels.Email,
};

/** A cell of a mapped column: its field, or the list column it fills. */
export type Target = { field: StandardField } | { column: CustomColumn };

/**
 * One row's cells read into values. Lines with level 'error' refuse the row; values of the cells that
 * were fine are still returned (the caller drops the row).
 */
export function readRow(
  cells: readonly { target: Target; heading: string; value: string }[],
  row: number,
  look: Lookups,
): { values: PersonValues; lines: ImportLine[] } {
  const v = emptyPerson();
  const lines: ImportLine[] = [];
  const err = (heading: string, code: ImportIssue, value: string) => lines.push(line(row, heading, code, 'error', value));
  const place: { country?: [string, string]; state?: [string, string]; city?: [string, string] } = {};
  for (const { target, heading, value: raw } of cells) {
    const value = raw.trim();
    if (value === '') continue;
    if ('column' in target) {
      const c = target.column;
      if (value.length > BENEFICIARY_CELL_MAX) err(heading, 'tooLong', value);
      else if (c.type === 'number') {
        const n = Number(value.replace(/,/g, ''));
        if (!/^-?[\d,]+(\.\d+)?$/.test(value) || !Number.isFinite(n)) err(heading, 'badNumber', value);
        else v.custom[c.key] = n;
      } else if (c.type === 'date') {
        const d = readDate(value);
        if (!d) err(heading, 'badDate', value);
        else v.custom[c.key] = d;
      } else if (c.type === 'choice') {
        const hit = (c.choices ?? []).find((x) => x.toLowerCase() === value.toLowerCase());
        if (hit === undefined) err(heading, 'badChoice', value);
        else v.custom[c.key] = hit;
      } else v.custom[c.key] = value;
      continue;
    }
    const long = value.length > BENEFICIARY_TEXT_MAX;
    switch (target.field) {
      case 'idNumber':
      case 'fullName':
      case 'district':
      case 'intervention':
      case 'type':
        if (long) err(heading, 'tooLong', value);
        else v[target.field] = value;
        break;
      case 'gender': {
        const g = GENDER_WORDS[value.toLowerCase()];
        if (g === undefined) err(heading, 'badGender', value);
        else v.gender = g;
        break;
      }
      case 'dateOfBirth': {
        const d = readDate(value);
        if (!d || d > new Date().toISOString().slice(0, 10)) err(heading, 'badDate', value);
        else v.dateOfBirth = d;
        break;
      }
      case 'age': {
        const n = Number(value);
        if (!/^\d{1,3}$/.test(value) || n > 150) err(heading, 'badNumber', value);
        else v.age = n;
        break;
      }
      case 'phone': {
        const p = value.length <= 40 ? normalizePhone(value, look.phoneRegion) : undefined;
        if (!p) err(heading, 'badPhone', value);
        else v.phone = p;
        break;
      }
      case 'email':
        if (value.length > 254 || !isValidEmail(value)) err(heading, 'badEmail', value);
        else v.email = value;
        break;
      case 'preferredChannel': {
        const c = CHANNEL_WORDS[value.toLowerCase()];
        if (c === undefined) err(heading, 'badChannel', value);
        else v.preferredChannel = c;
        break;
      }
      case 'language': {
        const id = long ? undefined : look.language(value);
        if (id === undefined) err(heading, 'unknownLanguage', value);
        else v.languageId = id;
        break;
      }
      case 'locationGroup': {
        const id = long ? undefined : look.locationGroup(value);
        if (id === undefined) err(heading, 'unknownLocation', value);
        else v.locationGroupId = id;
        break;
      }
      case 'country':
      case 'state':
      case 'city':
        if (long) err(heading, 'unknownLocation', value);
        else place[target.field] = [heading, value];
        break;
    }
  }
  // Places are read together: a state exists only within its country, a city within its state.
  if (place.country) {
    const c = look.country(place.country[1]);
    if (!c) err(place.country[0], 'unknownLocation', place.country[1]);
    else {
      v.countryId = c.id;
      if (place.state) {
        const s = look.state(c.code, place.state[1]);
        if (!s) err(place.state[0], 'unknownLocation', place.state[1]);
        else {
          v.state = s;
          if (place.city) {
            const city = look.city(c.code, s, place.city[1]);
            if (!city) err(place.city[0], 'unknownLocation', place.city[1]);
            else v.city = city;
          }
        }
      } else if (place.city) err(place.city[0], 'unknownLocation', place.city[1]);
    }
  } else {
    for (const p of [place.state, place.city]) if (p) err(p[0], 'unknownLocation', p[1]);
  }
  return { values: v, lines };
}

/** A choice column's choices when the mapping gives none: what the file holds, at most BENEFICIARY_CHOICES_MAX. */
export function choicesOf(values: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const raw of values) {
    const s = raw.trim();
    if (s && s.length <= BENEFICIARY_TEXT_MAX && !seen.has(s.toLowerCase())) seen.set(s.toLowerCase(), s);
    if (seen.size >= BENEFICIARY_CHOICES_MAX) break;
  }
  return [...seen.values()];
}
