// Respondent lists and respondents: import with a row-by-row report, the list's page with the spec's
// filters, one person with their history, add, edit and erasure. The privacy rules live here, once:
//   - every read and write is scoped to the organization and, for the project roles, to their projects;
//   - a data collector sees only respondents of their own tasks; tasks do not name respondents yet, so
//     a collector sees no list and no respondent;
//   - a guest never sees contact fields (phone, e-mail), and cannot search by them;
//   - every answer that shows contact fields, and every erasure, writes a row of the audit log.
import type { Kysely } from 'kysely';
import type { CountryCode } from 'libphonenumber-js/min';
import {
  BENEFICIARY_CUSTOM_MAX,
  BENEFICIARY_EDITORS,
  CONTACT_FIELDS,
  CONTACT_BLIND_ROLES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REPORT_MAX,
  BENEFICIARY_CELL_MAX,
  type Beneficiary,
  type BeneficiaryDetail,
  type BeneficiaryInput,
  type BeneficiariesQuery,
  type CustomColumn,
  type ImportLine,
  type ImportMapping,
  type ImportPreview,
  type ImportReport,
  type StandardField,
} from '../../schemas/beneficiaries';
import { hasAnyRole, type RoleName } from '../../schemas/roles';
import { isValidEmail, normalizePhone } from '../../engine/validation/account';
import * as q from '../db/queries/beneficiaries';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { runInWorker, WorkerBudgetError } from '../workers/pool';
import { projectScopeOf } from './projectScope';
import { citiesOf, statesOf } from './locations';
import type { Tenant } from './recycleBin';
import { choicesOf, columnKey, emptyPerson, keyOf, line, readRow, suggestMapping, type Lookups, type Target } from './beneficiaryRows';

type Q = Kysely<DB>;

/** How long reading one file may take in the worker. */
const READ_BUDGET_MS = 30_000;

// ---- Who sees what ----

/** A data collector alone: tasks name no respondents yet, so none are theirs. */
const seesNone = (t: Tenant) => t.roles.every((r) => r === 'DataCollector');
/** Phone and e-mail hidden: every role the caller holds is contact-blind (or sees nothing). */
export const contactsHidden = (t: { roles: readonly RoleName[] }) =>
  t.roles.every((r) => (CONTACT_BLIND_ROLES as readonly string[]).includes(r) || r === 'DataCollector');

/** The scope of every respondent query (a collector never gets this far: `seesNone` answers first). */
function scopeOf(t: Tenant) {
  return projectScopeOf(t);
}

async function liveTable(db: Q, t: Tenant, tableId: string) {
  if (seesNone(t)) throw problem('notFound');
  const table = await q.findTable(db, scopeOf(t), tableId);
  if (!table) throw problem('notFound');
  return table;
}

function toBeneficiary(r: q.PersonRow, hide: boolean): Beneficiary {
  return {
    id: r.id,
    tableId: r.tableId,
    idNumber: r.idNumber,
    fullName: r.fullName,
    gender: r.gender as Beneficiary['gender'],
    dateOfBirth: r.dateOfBirth,
    age: r.age,
    phone: hide ? null : r.phone,
    email: hide ? null : r.email,
    preferredChannel: r.preferredChannel as Beneficiary['preferredChannel'],
    languageId: r.languageId,
    languageName: r.languageName,
    locationGroupId: r.locationGroupId,
    locationGroupName: r.locationGroupName,
    countryId: r.countryId,
    countryName: r.countryName,
    state: r.state,
    city: r.city,
    district: r.district,
    intervention: r.intervention,
    type: r.type,
    custom: r.custom ?? {},
    erased: r.erasedAt !== null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

async function audit(
  db: Q,
  t: Tenant,
  e: { projectId: string; tableId: string; beneficiaryId: string | null; action: 'viewContacts' | 'erase'; people: number },
) {
  await q.writeAudit(db, { ...e, organizationId: t.organizationId, userId: t.userId, userName: await q.userName(db, t.userId) });
}

// ---- Reading ----

export async function listTables(db: Q, t: Tenant, projectId: string, page: { page: number; pageSize: number; deleted: boolean }) {
  if (page.deleted && !hasAnyRole(t.roles, BENEFICIARY_EDITORS)) throw problem('forbidden');
  if (seesNone(t)) return { tables: [], totalSize: 0 };
  const { rows, total } = await q.listTables(db, scopeOf(t), projectId, page);
  return {
    tables: rows.map((r) => ({
      id: r.id,
      projectId: r.projectId,
      name: r.name,
      keyField: r.keyField,
      columns: r.columns,
      size: r.size,
      createdAt: new Date(r.createdAt).toISOString(),
      deletedAt: r.deletedAt ? new Date(r.deletedAt).toISOString() : null,
    })),
    totalSize: total,
  };
}

export async function pageOf(db: Q, t: Tenant, query: BeneficiariesQuery) {
  const table = await liveTable(db, t, query.TableId);
  const hide = contactsHidden(t);
  const { rows, total } = await q.pagePeople(
    db,
    scopeOf(t),
    table.id,
    {
      search: query.Search,
      searchContacts: !hide,
      district: query.District,
      intervention: query.Intervention,
      type: query.Type,
      gender: query.Gender,
      locationGroupId: query.LocationGroupId,
    },
    { page: query.Page ?? 1, pageSize: query.PageSize ?? 10 },
  );
  const shown = rows.filter((r) => r.phone !== null || r.email !== null).length;
  if (!hide && shown > 0)
    await audit(db, t, { projectId: table.projectId, tableId: table.id, beneficiaryId: null, action: 'viewContacts', people: shown });
  return { beneficiaries: rows.map((r) => toBeneficiary(r, hide)), totalSize: total, contactsHidden: hide };
}

export async function filterOptions(db: Q, t: Tenant, tableId: string) {
  const table = await liveTable(db, t, tableId);
  const [values, locationGroups] = await Promise.all([
    q.filterValues(db, t.organizationId, table.id),
    q.locationGroupsOfWorkspace(db, t.organizationId, table.workspaceId),
  ]);
  return { ...values, locationGroups };
}

async function livePerson(db: Q, t: Tenant, id: string) {
  if (seesNone(t)) throw problem('notFound');
  const p = await q.personById(db, scopeOf(t), id);
  if (!p || p.deletedAt !== null) throw problem('notFound');
  const table = await q.findTable(db, scopeOf(t), p.tableId);
  if (!table) throw problem('notFound');
  return { p, table };
}

export async function detail(db: Q, t: Tenant, id: string): Promise<BeneficiaryDetail> {
  const { p, table } = await livePerson(db, t, id);
  const hide = contactsHidden(t);
  const [history, submissions] = await Promise.all([q.historyOf(db, t.organizationId, id), q.submissionsOf(db, t.organizationId, id)]);
  if (!hide && (p.phone !== null || p.email !== null))
    await audit(db, t, { projectId: p.projectId, tableId: p.tableId, beneficiaryId: p.id, action: 'viewContacts', people: 1 });
  const contact = new Set<string>(CONTACT_FIELDS);
  return {
    beneficiary: toBeneficiary(p, hide),
    table: { id: table.id, name: table.name, columns: table.columns },
    history: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      by: h.by,
      action: h.action,
      // A guest sees that a contact field changed, not what it was or became.
      changes: (h.changes ?? []).map((c) => (hide && contact.has(c.field) ? { field: c.field, from: null, to: null } : c)) as q.Change[],
    })),
    submissions: submissions.map((s) => ({ ...s, submittedAt: new Date(s.submittedAt).toISOString() })),
    contactsHidden: hide,
  };
}

// ---- Lookups ----

async function lookupsFor(db: Q, organizationId: string, workspaceId: string, region: string | null | undefined): Promise<Lookups> {
  const [languages, countries, groups] = await Promise.all([
    db.selectFrom('languages').select(['id', 'name', 'code']).execute(),
    db.selectFrom('countries').select(['id', 'name', 'code']).execute(),
    q.locationGroupsOfWorkspace(db, organizationId, workspaceId),
  ]);
  const lang = new Map<string, number>();
  for (const l of languages) {
    lang.set(l.code.toLowerCase(), l.id);
    if (!lang.has(l.name.toLowerCase())) lang.set(l.name.toLowerCase(), l.id);
  }
  const country = new Map<string, { id: number; code: string }>();
  const codeOf = new Map<number, string>();
  for (const c of countries) {
    country.set(c.code.toLowerCase(), { id: c.id, code: c.code });
    country.set(c.name.toLowerCase(), { id: c.id, code: c.code });
    codeOf.set(c.id, c.code);
  }
  const group = new Map(groups.map((g) => [g.name.toLowerCase(), g.id]));
  const states = new Map<string, Map<string, { name: string; code: string }>>();
  const statesOfCountry = (code: string) => {
    let m = states.get(code);
    if (!m) {
      m = new Map();
      for (const s of statesOf(code)) {
        m.set(s.name.toLowerCase(), { name: s.name, code: s.code });
        m.set(s.code.toLowerCase(), { name: s.name, code: s.code });
      }
      states.set(code, m);
    }
    return m;
  };
  const cities = new Map<string, Map<string, string>>();
  return {
    phoneRegion: (region && /^[A-Z]{2}$/.test(region) ? region : 'US') as CountryCode,
    language: (s) => lang.get(s.toLowerCase()),
    country: (s) => country.get(s.toLowerCase()),
    countryCode: (id) => codeOf.get(id),
    state: (code, s) => statesOfCountry(code).get(s.toLowerCase())?.name,
    city: (code, stateName, s) => {
      const st = statesOfCountry(code).get(stateName.toLowerCase());
      if (!st) return undefined;
      const k = `${code}/${st.code}`;
      let m = cities.get(k);
      if (!m) {
        m = new Map(citiesOf(code, st.code).map((c) => [c.name.toLowerCase(), c.name]));
        cities.set(k, m);
      }
      return m.get(s.toLowerCase());
    },
    locationGroup: (s) => group.get(s.toLowerCase()),
  };
}

// ---- Import ----

export interface ImportFile {
  fileName: string;
  bytes: Buffer;
}

const refuse = (lines: ImportLine[], message = 'The file cannot be imported.') =>
  problem('beneficiaryImportRefused', {
    message,
    errors: lines.slice(0, 20).map((l) => `row ${l.row}${l.column ? ` column '${l.column}'` : ''}: ${l.message}`),
    data: { lines: lines.slice(0, IMPORT_REPORT_MAX) },
  });

/** The file's rows as text: the heading row, then the data rows (blank rows dropped). */
async function readFile(file: ImportFile): Promise<{ headings: string[]; rows: string[][] }> {
  if (/\.xls$/i.test(file.fileName))
    throw refuse([
      {
        ...line(0, '', 'unreadable', 'error'),
        message: 'This is an Excel 97-2003 workbook (.xls): save it as .xlsx or .csv and import that.',
      },
    ]);
  let read;
  try {
    read = await runInWorker(
      'readTable',
      {
        bytes: file.bytes,
        csv: /\.csv$/i.test(file.fileName),
        limits: { rows: IMPORT_MAX_ROWS + 1, columns: IMPORT_MAX_COLUMNS, cellLength: BENEFICIARY_CELL_MAX },
      },
      { timeoutMs: READ_BUDGET_MS },
    );
  } catch (e) {
    if (!(e instanceof WorkerBudgetError)) throw e;
    throw refuse([{ ...line(0, '', 'unreadable', 'error'), message: 'The file takes too long or too much memory to read.' }]);
  }
  if ('reason' in read) throw refuse([{ ...line(read.row ?? 0, '', 'unreadable', 'error'), message: read.reason.slice(0, 500) }]);
  const [head = [], ...body] = read.rows;
  const seen = new Map<string, number>();
  const headings = head.map((h, i) => {
    const base = h.trim().slice(0, 200) || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows = body.filter((r) => r.some((c) => c.trim() !== ''));
  return { headings, rows };
}

export async function preview(db: Q, t: Tenant, projectId: string, file: ImportFile): Promise<ImportPreview> {
  const project = await q.projectOfScope(db, scopeOf(t), projectId);
  if (!project) throw problem('notFound');
  const { headings, rows } = await readFile(file);
  const suggested = suggestMapping(headings, rows.slice(0, 200), file.fileName.replace(/\.[^.]*$/, '').trim());
  if (project.countryCode) suggested.phoneRegion = project.countryCode;
  return {
    columns: headings,
    suggested,
    rows: rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => headings.map((_, i) => (r[i] ?? '').slice(0, BENEFICIARY_CELL_MAX))),
    totalRows: rows.length,
  };
}

const bad = (why: string) => problem('validation', { errors: [`'Mapping' ${why}`] });

const FIELD_OF: Record<Exclude<StandardField, 'language' | 'locationGroup' | 'country'>, keyof q.PersonValues> & {
  language: 'languageId';
  locationGroup: 'locationGroupId';
  country: 'countryId';
} = {
  idNumber: 'idNumber',
  fullName: 'fullName',
  gender: 'gender',
  dateOfBirth: 'dateOfBirth',
  age: 'age',
  phone: 'phone',
  email: 'email',
  preferredChannel: 'preferredChannel',
  language: 'languageId',
  locationGroup: 'locationGroupId',
  country: 'countryId',
  state: 'state',
  city: 'city',
  district: 'district',
  intervention: 'intervention',
  type: 'type',
};

/** The fields a change touches and their values before and after. */
function diff(before: q.PersonValues | undefined, after: Partial<q.PersonValues>): q.Change[] {
  const out: q.Change[] = [];
  for (const [k, v] of Object.entries(after)) {
    if (k === 'custom') continue;
    const was = before ? (before[k as keyof q.PersonValues] as string | number | null) : null;
    if (was !== v && !(was === '' && v === null)) out.push({ field: k, from: was ?? null, to: (v as string | number | null) ?? null });
  }
  const custom = after.custom ?? {};
  for (const [k, v] of Object.entries(custom)) {
    const was = before?.custom?.[k] ?? null;
    if (was !== v) out.push({ field: `custom.${k}`, from: was, to: v ?? null });
  }
  return out;
}

/** Only what the row filled: an update never empties a field the file left blank. */
function filled(v: q.PersonValues, mapped: ReadonlySet<keyof q.PersonValues>): Partial<q.PersonValues> {
  const out: Partial<q.PersonValues> = {};
  for (const k of mapped) {
    if (k === 'custom') continue;
    const x = v[k];
    if (x !== null && x !== '') (out as Record<string, unknown>)[k] = x;
  }
  if (Object.keys(v.custom).length) out.custom = v.custom;
  return out;
}

export async function importTable(
  db: Q,
  t: Tenant,
  req: { projectId: string; tableId?: string | undefined; mapping: ImportMapping; file: ImportFile },
): Promise<{ tableId: string; report: ImportReport }> {
  const scope = scopeOf(t);
  const project = await q.projectOfScope(db, scope, req.projectId);
  if (!project) throw problem('notFound');
  const existing = req.tableId ? await q.findTable(db, scope, req.tableId) : undefined;
  if (req.tableId && (!existing || existing.projectId !== req.projectId)) throw problem('notFound');
  const m = req.mapping;
  const key = existing?.keyField ?? m.key;
  const { headings, rows } = await readFile(req.file);
  if (rows.length > IMPORT_MAX_ROWS)
    throw refuse([{ ...line(IMPORT_MAX_ROWS + 2, '', 'unreadable', 'error'), message: `The file has more than ${IMPORT_MAX_ROWS} rows.` }]);

  // The mapping against the file: every source a heading, each standard field once, the key mapped.
  const index = new Map(headings.map((h, i) => [h, i]));
  const used = new Set<string>();
  for (const c of m.columns) {
    if (!index.has(c.source)) throw bad(`names '${c.source.slice(0, 100)}', which is not a column of the file`);
    if (c.field !== 'custom' && c.field !== 'ignore') {
      if (used.has(c.field)) throw bad(`maps two columns to '${c.field}'`);
      used.add(c.field);
    }
  }
  if (!used.has(key)) throw bad(`must map a column to the key '${key}'`);

  // The list's own columns: those of the list, and new ones for headings it does not have yet.
  const columns: CustomColumn[] = [...(existing?.columns ?? [])];
  const taken = new Set(columns.map((c) => c.key));
  const targets: { target: Target; heading: string; at: number }[] = [];
  for (const c of m.columns) {
    const at = index.get(c.source)!;
    if (c.field === 'ignore') continue;
    if (c.field !== 'custom') {
      targets.push({ target: { field: c.field }, heading: c.source, at });
      continue;
    }
    let col = columns.find((x) => x.label.toLowerCase() === c.source.toLowerCase());
    if (!col) {
      const type = c.type ?? 'text';
      col = {
        key: columnKey(c.source, taken),
        label: c.source,
        type,
        ...(type === 'choice' ? { choices: c.choices ?? choicesOf(rows.map((r) => r[at] ?? '')) } : {}),
      };
      columns.push(col);
    }
    targets.push({ target: { column: col }, heading: c.source, at });
  }
  if (columns.length > BENEFICIARY_CUSTOM_MAX) throw bad(`adds more than ${BENEFICIARY_CUSTOM_MAX} columns of the list's own`);
  const mapped = new Set<keyof q.PersonValues>(targets.flatMap((x) => ('field' in x.target ? [FIELD_OF[x.target.field]] : [])));

  const look = await lookupsFor(db, t.organizationId, project.workspaceId, m.phoneRegion ?? project.countryCode);
  const lines: ImportLine[] = [];
  const keyHeading = targets.find((x) => 'field' in x.target && x.target.field === key)!.heading;
  const read = rows.map((r, i) => {
    const rowNo = i + 2;
    const out = readRow(
      targets.map((x) => ({ target: x.target, heading: x.heading, value: r[x.at] ?? '' })),
      rowNo,
      look,
    );
    const k = keyOf(out.values, key);
    if (k === null && !out.lines.some((l) => l.column === keyHeading)) out.lines.push(line(rowNo, keyHeading, 'missingKey', 'error'));
    lines.push(...out.lines);
    return { rowNo, values: out.values, key: k, refused: out.lines.some((l) => l.level === 'error') };
  });
  const refusedCount = read.filter((r) => r.refused).length;
  if (m.strict && refusedCount > 0)
    throw refuse(lines, `The file cannot be imported: ${refusedCount} row${refusedCount === 1 ? ' is' : 's are'} refused.`);

  const stored = existing
    ? await q.peopleByKey(db, t.organizationId, existing.id, [...new Set(read.flatMap((r) => (r.key && !r.refused ? [r.key] : [])))])
    : new Map<string, string[]>();
  const fresh: { rowNo: number; values: q.PersonValues; keyValue: string | null }[] = [];
  const freshByKey = new Map<string, number>();
  const updates = new Map<string, Partial<q.PersonValues>>();
  let skipped = 0;
  let updated = 0;
  for (const r of read) {
    if (r.refused) continue;
    const inDb = r.key ? stored.get(r.key)?.[0] : undefined;
    const inFile = r.key ? freshByKey.get(r.key) : undefined;
    if (inDb === undefined && inFile === undefined) {
      if (r.key) freshByKey.set(r.key, fresh.length);
      fresh.push({ rowNo: r.rowNo, values: r.values, keyValue: r.key });
      continue;
    }
    lines.push(line(r.rowNo, keyHeading, 'duplicateKey', 'warning', r.key ?? ''));
    if (m.duplicates === 'skip') skipped++;
    else if (m.duplicates === 'keepBoth') fresh.push({ rowNo: r.rowNo, values: r.values, keyValue: r.key });
    else {
      updated++;
      const change = filled(r.values, mapped);
      if (inFile !== undefined) {
        const f = fresh[inFile]!;
        f.values = { ...f.values, ...change, custom: { ...f.values.custom, ...(change.custom ?? {}) } };
      } else {
        const prev = updates.get(inDb!) ?? {};
        updates.set(inDb!, { ...prev, ...change, custom: { ...(prev.custom ?? {}), ...(change.custom ?? {}) } });
      }
    }
  }

  const by = { userId: t.userId, userName: await q.userName(db, t.userId) };
  const tableId = await db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (await q.insertTable(trx, {
        organizationId: t.organizationId,
        projectId: req.projectId,
        name:
          m.name ??
          (req.file.fileName
            .replace(/\.[^.]*$/, '')
            .trim()
            .slice(0, 200) ||
            'Respondents'),
        keyField: key,
        columns,
        createdBy: t.userId,
      }));
    if (existing && columns.length !== existing.columns.length) await q.setTableColumns(trx, t.organizationId, id, columns);
    const ids = await q.insertPeople(
      trx,
      { organizationId: t.organizationId, projectId: req.projectId, tableId: id, createdBy: t.userId },
      fresh,
    );
    const history: { beneficiaryId: string; action: 'imported'; changes: q.Change[] }[] = ids.map((beneficiaryId) => ({
      beneficiaryId,
      action: 'imported',
      changes: [],
    }));
    for (const [pid, change] of updates) {
      const before = await q.personById(trx, scope, pid);
      if (!before) continue;
      const custom = change.custom ? { ...before.custom, ...change.custom } : undefined;
      const next = { ...change, ...(custom ? { custom } : {}) };
      const changes = diff(before, next);
      if (!changes.length) continue;
      const keyValue = 'idNumber' in change || 'phone' in change ? keyOf({ ...before, ...change }, key) : undefined;
      await q.updatePerson(trx, t.organizationId, pid, next, keyValue);
      history.push({ beneficiaryId: pid, action: 'imported', changes });
    }
    await q.recordChanges(trx, t.organizationId, by, history);
    return id;
  });
  return {
    tableId,
    report: {
      rows: rows.length,
      added: fresh.length,
      updated,
      skipped,
      refused: refusedCount,
      lines: lines.slice(0, IMPORT_REPORT_MAX),
      linesLeftOff: Math.max(0, lines.length - IMPORT_REPORT_MAX),
    },
  };
}

// ---- Add, edit, erase ----

/** A person's input checked as the import checks cells; a refusal names the field. */
async function checkInput(db: Q, t: Tenant, table: q.TableRow, input: BeneficiaryInput, region: string | null | undefined) {
  const out: Partial<q.PersonValues> = {};
  const look = await lookupsFor(db, t.organizationId, table.workspaceId, region);
  const field = (name: string, code: 'invalidPhone' | 'invalidEmail' | 'validation', why = 'is not valid') =>
    problem(code, { errors: [`'${name}' ${why}`] });
  for (const k of ['idNumber', 'fullName', 'state', 'city', 'district', 'intervention', 'type'] as const) {
    const v = input[k];
    if (v !== undefined)
      (out as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() || (k === 'idNumber' || k === 'fullName' ? null : '') : v;
  }
  for (const k of ['gender', 'age', 'preferredChannel', 'dateOfBirth'] as const)
    if (input[k] !== undefined) (out as Record<string, unknown>)[k] = input[k];
  if (input.dateOfBirth && input.dateOfBirth > new Date().toISOString().slice(0, 10))
    throw field('dateOfBirth', 'validation', 'is in the future');
  if (input.phone !== undefined) {
    if (input.phone === null || input.phone.trim() === '') out.phone = null;
    else {
      const p = normalizePhone(input.phone.trim(), look.phoneRegion);
      if (!p) throw field('phone', 'invalidPhone');
      out.phone = p;
    }
  }
  if (input.email !== undefined) {
    const e = input.email?.trim() ?? '';
    if (e && !isValidEmail(e)) throw field('email', 'invalidEmail', 'Please enter a valid email address');
    out.email = e || null;
  }
  if (input.languageId !== undefined) {
    if (input.languageId !== null && !(await db.selectFrom('languages').select('id').where('id', '=', input.languageId).executeTakeFirst()))
      throw field('languageId', 'validation', 'names no language');
    out.languageId = input.languageId;
  }
  if (input.locationGroupId !== undefined) {
    const groups = await q.locationGroupsOfWorkspace(db, t.organizationId, table.workspaceId);
    if (input.locationGroupId !== null && !groups.some((g) => g.id === input.locationGroupId))
      throw field('locationGroupId', 'validation', "names no location group of this project's workspace");
    out.locationGroupId = input.locationGroupId;
  }
  if (input.countryId !== undefined) {
    if (input.countryId !== null && !look.countryCode(input.countryId)) throw field('countryId', 'validation', 'names no country');
    out.countryId = input.countryId;
  }
  if (input.custom !== undefined) {
    const custom: Record<string, string | number | null> = {};
    for (const [k, v] of Object.entries(input.custom)) {
      const col = table.columns.find((c) => c.key === k);
      if (!col) throw field(`custom.${k.slice(0, 64)}`, 'validation', 'is not a column of this list');
      if (v === null || v === '') custom[k] = null;
      else {
        const read = readRow([{ target: { column: col }, heading: k, value: String(v) }], 0, look);
        if (read.lines.length) throw field(`custom.${k}`, 'validation', read.lines[0]!.message);
        custom[k] = read.values.custom[k] ?? null;
      }
    }
    out.custom = custom;
  }
  return { values: out, look };
}

/** A state and city must be the country's: checked on the values the person will have after the change. */
function checkPlace(look: Lookups, v: Pick<q.PersonValues, 'countryId' | 'state' | 'city'>) {
  const bad = (f: string) => problem('validation', { errors: [`'${f}' is not a place of the country`] });
  const code = v.countryId !== null ? look.countryCode(v.countryId) : undefined;
  if (v.state && (!code || !look.state(code, v.state))) throw bad('state');
  if (v.city && (!code || !v.state || !look.city(code, v.state, v.city))) throw bad('city');
}

async function refuseDuplicate(db: Q, t: Tenant, table: q.TableRow, keyValue: string | null, self?: string) {
  if (!keyValue) throw problem('beneficiaryKeyRequired');
  const found = (await q.peopleByKey(db, t.organizationId, table.id, [keyValue])).get(keyValue) ?? [];
  if (found.some((id) => id !== self)) throw problem('beneficiaryDuplicate');
}

export async function add(db: Q, t: Tenant, tableId: string, input: BeneficiaryInput): Promise<Beneficiary> {
  const table = await liveTable(db, t, tableId);
  const project = await q.projectOfScope(db, scopeOf(t), table.projectId);
  const { values, look } = await checkInput(db, t, table, input, project?.countryCode);
  const person = { ...emptyPerson(), ...values };
  checkPlace(look, person);
  const keyValue = keyOf(person, table.keyField);
  await refuseDuplicate(db, t, table, keyValue);
  const by = { userId: t.userId, userName: await q.userName(db, t.userId) };
  const id = await db.transaction().execute(async (trx) => {
    const [id] = await q.insertPeople(
      trx,
      { organizationId: t.organizationId, projectId: table.projectId, tableId: table.id, createdBy: t.userId },
      [{ values: person, keyValue }],
    );
    await q.recordChanges(trx, t.organizationId, by, [{ beneficiaryId: id!, action: 'created', changes: diff(undefined, values) }]);
    return id!;
  });
  return toBeneficiary((await q.personById(db, scopeOf(t), id))!, contactsHidden(t));
}

export async function edit(db: Q, t: Tenant, id: string, input: BeneficiaryInput): Promise<Beneficiary> {
  const { p, table } = await livePerson(db, t, id);
  if (p.erasedAt) throw problem('beneficiaryErased');
  const project = await q.projectOfScope(db, scopeOf(t), table.projectId);
  const { values, look } = await checkInput(db, t, table, input, project?.countryCode);
  if (values.custom) values.custom = { ...p.custom, ...values.custom };
  const after = { ...p, ...values };
  checkPlace(look, after);
  const keyValue = keyOf(after, table.keyField);
  await refuseDuplicate(db, t, table, keyValue, id);
  const changes = diff(p, values);
  if (changes.length) {
    const by = { userId: t.userId, userName: await q.userName(db, t.userId) };
    await db.transaction().execute(async (trx) => {
      await q.updatePerson(trx, t.organizationId, id, values, keyValue);
      await q.recordChanges(trx, t.organizationId, by, [{ beneficiaryId: id, action: 'edited', changes }]);
    });
  }
  return toBeneficiary((await q.personById(db, scopeOf(t), id))!, contactsHidden(t));
}

/** Erasure: the person's personal fields removed from the list and the history; the row stays as a count. */
export async function erase(db: Q, t: Tenant, id: string): Promise<void> {
  if (seesNone(t)) throw problem('notFound');
  const p = await q.personById(db, scopeOf(t), id);
  if (!p) throw problem('notFound');
  if (p.erasedAt) return;
  const by = { userId: t.userId, userName: await q.userName(db, t.userId) };
  await db.transaction().execute(async (trx) => {
    await q.erasePerson(trx, t.organizationId, id);
    await q.recordChanges(trx, t.organizationId, by, [{ beneficiaryId: id, action: 'erased', changes: [] }]);
    await q.writeAudit(trx, {
      organizationId: t.organizationId,
      projectId: p.projectId,
      tableId: p.tableId,
      beneficiaryId: id,
      userId: t.userId,
      userName: by.userName,
      action: 'erase',
      people: 1,
    });
  });
}
