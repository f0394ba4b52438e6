// Respondent lists, respondents, their change history and the contact audit log. Every statement is
// scoped to the organization, and for the project roles to the caller's projects (projectScope.ts): a
// list or a person of another organization or project is simply not found.
import { sql, type Kysely } from 'kysely';
import type { CustomColumn, KeyField } from '../../../schemas/beneficiaries';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

/** The stored values of a person's fields (the columns of `beneficiaries`). */
export interface PersonValues {
  idNumber: string | null;
  fullName: string | null;
  gender: number | null;
  dateOfBirth: string | null;
  age: number | null;
  phone: string | null;
  email: string | null;
  preferredChannel: number | null;
  languageId: number | null;
  locationGroupId: string | null;
  countryId: number | null;
  state: string;
  city: string;
  district: string;
  intervention: string;
  type: string;
  custom: Record<string, string | number | null>;
}

export const PERSON_COLUMNS = {
  idNumber: 'id_number',
  fullName: 'full_name',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  age: 'age',
  phone: 'phone',
  email: 'email',
  preferredChannel: 'preferred_channel',
  languageId: 'language_id',
  locationGroupId: 'location_group_id',
  countryId: 'country_id',
  state: 'state',
  city: 'city',
  district: 'district',
  intervention: 'intervention',
  type: 'type',
} as const satisfies Record<Exclude<keyof PersonValues, 'custom'>, string>;

/** A person's values as the row to write: the key as compared for duplicates beside them. */
function rowOf(v: Partial<PersonValues>, keyValue: string | null | undefined) {
  const row: Record<string, unknown> = {};
  for (const [k, col] of Object.entries(PERSON_COLUMNS)) if (k in v) row[col] = v[k as keyof PersonValues];
  if ('custom' in v) row.custom = JSON.stringify(v.custom ?? {});
  if (keyValue !== undefined) row.key_value = keyValue;
  return row;
}

export interface TableRow {
  id: string;
  projectId: string;
  workspaceId: string;
  name: string;
  keyField: KeyField;
  columns: CustomColumn[];
  createdAt: Date;
  deletedAt: Date | null;
}

function tables(q: Q, scope: ProjectScope) {
  return q
    .selectFrom('beneficiary_tables as bt')
    .innerJoin('projects as p', (j) => j.onRef('p.id', '=', 'bt.project_id').onRef('p.organization_id', '=', 'bt.organization_id'))
    .select([
      'bt.id',
      'bt.project_id as projectId',
      'p.workspace_id as workspaceId',
      'bt.name',
      'bt.key_field as keyField',
      'bt.columns',
      'bt.created_at as createdAt',
      'bt.deleted_at as deletedAt',
    ])
    .where('bt.organization_id', '=', scope.organizationId)
    .where('p.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (b) => b.where('bt.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)));
}

/** A live list the caller reaches, or undefined. */
export async function findTable(q: Q, scope: ProjectScope, id: string): Promise<TableRow | undefined> {
  const r = await tables(q, scope).where('bt.id', '=', id).where('bt.deleted_at', 'is', null).executeTakeFirst();
  return r as TableRow | undefined;
}

export async function tablesById(q: Q, scope: ProjectScope, ids: readonly string[]): Promise<TableRow[]> {
  if (!ids.length) return [];
  return (await tables(q, scope).where('bt.id', 'in', ids).execute()) as TableRow[];
}

export async function binnedTableIds(q: Q, scope: ProjectScope, projectId: string | undefined): Promise<string[]> {
  const rows = await tables(q, scope)
    .where('bt.deleted_at', 'is not', null)
    .$if(projectId !== undefined, (b) => b.where('bt.project_id', '=', projectId!))
    .execute();
  return rows.map((r) => r.id);
}

/** A project's live lists (or those in the bin), newest first, with how many live people each holds. */
export async function listTables(q: Q, scope: ProjectScope, projectId: string, p: PageRequest & { deleted: boolean }) {
  const base = tables(q, scope)
    .where('bt.project_id', '=', projectId)
    .where('bt.deleted_at', p.deleted ? 'is not' : 'is', null);
  const [{ n }] = (await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .execute()) as [{ n: string }];
  const rows = await base
    .select((eb) =>
      eb
        .selectFrom('beneficiaries as b')
        .select((e) => e.fn.countAll<string>().as('c'))
        .whereRef('b.table_id', '=', 'bt.id')
        .where('b.deleted_at', 'is', null)
        .as('size'),
    )
    .orderBy('bt.created_at', 'desc')
    .orderBy('bt.id')
    .limit(p.pageSize)
    .offset(offsetOf(p))
    .execute();
  return { rows: rows.map((r) => ({ ...(r as TableRow), size: Number(r.size ?? 0) })), total: Number(n) };
}

/** The live list ids of projects, for the project's `importedBeneficiaryTableIds`. */
export async function tableIdsOfProjects(q: Q, organizationId: string, projectIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!projectIds.length) return out;
  const rows = await q
    .selectFrom('beneficiary_tables')
    .select(['id', 'project_id'])
    .where('organization_id', '=', organizationId)
    .where('project_id', 'in', projectIds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  for (const r of rows) out.set(r.project_id, [...(out.get(r.project_id) ?? []), r.id]);
  return out;
}

export async function insertTable(
  q: Q,
  v: { organizationId: string; projectId: string; name: string; keyField: KeyField; columns: CustomColumn[]; createdBy: string },
): Promise<string> {
  const r = await q
    .insertInto('beneficiary_tables')
    .values({
      organization_id: v.organizationId,
      project_id: v.projectId,
      name: v.name,
      key_field: v.keyField,
      columns: JSON.stringify(v.columns),
      created_by: v.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setTableColumns(q: Q, organizationId: string, id: string, columns: CustomColumn[]): Promise<void> {
  await q
    .updateTable('beneficiary_tables')
    .set({ columns: JSON.stringify(columns) })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

export async function setTablesDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q
    .updateTable('beneficiary_tables')
    .set({ deleted_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function purgeTables(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q
    .deleteFrom('beneficiary_tables')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .execute();
}

// ---- People ----

function people(q: Q, scope: ProjectScope) {
  return q
    .selectFrom('beneficiaries as b')
    .innerJoin('beneficiary_tables as bt', (j) => j.onRef('bt.id', '=', 'b.table_id').onRef('bt.organization_id', '=', 'b.organization_id'))
    .innerJoin('projects as p', (j) => j.onRef('p.id', '=', 'b.project_id').onRef('p.organization_id', '=', 'b.organization_id'))
    .leftJoin('languages as l', 'l.id', 'b.language_id')
    .leftJoin('location_groups as lg', 'lg.id', 'b.location_group_id')
    .leftJoin('countries as c', 'c.id', 'b.country_id')
    .where('b.organization_id', '=', scope.organizationId)
    .where('p.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (b) => b.where('b.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)));
}

const personSelection = [
  'b.id',
  'b.table_id as tableId',
  'b.project_id as projectId',
  'b.id_number as idNumber',
  'b.full_name as fullName',
  'b.gender',
  'b.age',
  'b.phone',
  'b.email',
  'b.preferred_channel as preferredChannel',
  'b.language_id as languageId',
  'l.name as languageName',
  'b.location_group_id as locationGroupId',
  'lg.name as locationGroupName',
  'b.country_id as countryId',
  'c.name as countryName',
  'c.code as countryCode',
  'b.state',
  'b.city',
  'b.district',
  'b.intervention',
  'b.type',
  'b.custom',
  'b.key_value as keyValue',
  'b.erased_at as erasedAt',
  'b.deleted_at as deletedAt',
  'b.created_at as createdAt',
  'b.updated_at as updatedAt',
] as const;

export type PersonRow = PersonValues & {
  id: string;
  tableId: string;
  projectId: string;
  languageName: string | null;
  locationGroupName: string | null;
  countryName: string | null;
  countryCode: string | null;
  keyValue: string | null;
  erasedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

// The date as its text on both drivers (node-postgres would make a local-midnight Date of it).
const dob = sql<string | null>`to_char(b.date_of_birth, 'YYYY-MM-DD')`.as('dateOfBirth');

export interface PersonFilter {
  search?: string | undefined;
  /** Whether the search may look at phone and e-mail (a guest's may not: it would probe them). */
  searchContacts: boolean;
  district?: string | undefined;
  intervention?: string | undefined;
  type?: string | undefined;
  gender?: number | undefined;
  locationGroupId?: string | undefined;
}

/** A page of a list's live people, in the order they were added, and how many match. */
export async function pagePeople(q: Q, scope: ProjectScope, tableId: string, f: PersonFilter, p: PageRequest) {
  const pattern = containsPattern(f.search);
  const base = people(q, scope)
    .where('b.table_id', '=', tableId)
    .where('b.deleted_at', 'is', null)
    .where('bt.deleted_at', 'is', null)
    .$if(f.district !== undefined, (b) => b.where('b.district', '=', f.district!))
    .$if(f.intervention !== undefined, (b) => b.where('b.intervention', '=', f.intervention!))
    .$if(f.type !== undefined, (b) => b.where('b.type', '=', f.type!))
    .$if(f.gender !== undefined, (b) => b.where('b.gender', '=', f.gender!))
    .$if(f.locationGroupId !== undefined, (b) => b.where('b.location_group_id', '=', f.locationGroupId!))
    .$if(pattern !== undefined, (b) =>
      b.where((eb) =>
        eb.or([
          eb('b.full_name', 'ilike', pattern!),
          eb('b.id_number', 'ilike', pattern!),
          ...(f.searchContacts ? [eb('b.phone', 'like', pattern!), eb('b.email', 'ilike', pattern!)] : []),
        ]),
      ),
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.select(personSelection).select(dob).orderBy('b.seq').limit(p.pageSize).offset(offsetOf(p)).execute(),
  ]);
  return { rows: rows as unknown as PersonRow[], total: Number(count.n) };
}

/** One person the caller reaches, in any state (the bin needs the deleted ones too). */
export async function personById(q: Q, scope: ProjectScope, id: string): Promise<PersonRow | undefined> {
  const r = await people(q, scope).select(personSelection).select(dob).where('b.id', '=', id).executeTakeFirst();
  return r as unknown as PersonRow | undefined;
}

export async function peopleById(q: Q, scope: ProjectScope, ids: readonly string[]) {
  if (!ids.length) return [];
  return people(q, scope)
    .select(['b.id', 'b.deleted_at as deletedAt'])
    .where('b.id', 'in', ids)
    .where('bt.deleted_at', 'is', null)
    .execute();
}

export async function binnedPeopleIds(q: Q, scope: ProjectScope, projectId: string | undefined): Promise<string[]> {
  const rows = await people(q, scope)
    .select('b.id')
    .where('b.deleted_at', 'is not', null)
    .where('bt.deleted_at', 'is', null)
    .$if(projectId !== undefined, (b) => b.where('b.project_id', '=', projectId!))
    .execute();
  return rows.map((r) => r.id);
}

/** The live people of a list whose key is among these, to find duplicates: key to ids, oldest first. */
export async function peopleByKey(q: Q, organizationId: string, tableId: string, keys: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  // Bounded batches: a parameter list of 100,000 keys would pass PostgreSQL's limit of 65,535.
  for (let i = 0; i < keys.length; i += 5000) {
    const rows = await q
      .selectFrom('beneficiaries')
      .select(['id', 'key_value'])
      .where('organization_id', '=', organizationId)
      .where('table_id', '=', tableId)
      .where('deleted_at', 'is', null)
      .where('key_value', 'in', keys.slice(i, i + 5000))
      .orderBy('seq')
      .execute();
    for (const r of rows) out.set(r.key_value!, [...(out.get(r.key_value!) ?? []), r.id]);
  }
  return out;
}

export interface NewPerson {
  values: PersonValues;
  keyValue: string | null;
}

/** Inserts people in batches; answers their ids in order. */
export async function insertPeople(
  q: Q,
  base: { organizationId: string; projectId: string; tableId: string; createdBy: string },
  list: readonly NewPerson[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await q
      .insertInto('beneficiaries')
      .values(
        list.slice(i, i + 500).map((p) => ({
          ...rowOf(p.values, p.keyValue),
          organization_id: base.organizationId,
          project_id: base.projectId,
          table_id: base.tableId,
          created_by: base.createdBy,
          custom: JSON.stringify(p.values.custom),
        })) as never,
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updatePerson(
  q: Q,
  organizationId: string,
  id: string,
  values: Partial<PersonValues>,
  keyValue: string | null | undefined,
): Promise<void> {
  await q
    .updateTable('beneficiaries')
    .set({ ...rowOf(values, keyValue), updated_at: new Date() } as never)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** Removes a person's personal fields for good; what is left counts them and nothing else. */
export async function erasePerson(q: Q, organizationId: string, id: string): Promise<void> {
  await q
    .updateTable('beneficiaries')
    .set({
      id_number: null,
      key_value: null,
      full_name: null,
      gender: null,
      date_of_birth: null,
      age: null,
      phone: null,
      email: null,
      preferred_channel: null,
      language_id: null,
      location_group_id: null,
      country_id: null,
      state: '',
      city: '',
      district: '',
      intervention: '',
      type: '',
      custom: '{}',
      erased_at: new Date(),
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
  // The history held the old values: it keeps that a change happened, not what it was.
  await q
    .updateTable('beneficiary_changes')
    .set({ changes: '[]' })
    .where('organization_id', '=', organizationId)
    .where('beneficiary_id', '=', id)
    .execute();
}

export async function setPeopleDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q
    .updateTable('beneficiaries')
    .set({ deleted_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function purgePeople(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q
    .deleteFrom('beneficiaries')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .execute();
}

// ---- History and audit ----

export interface Change {
  field: string;
  from: string | number | null;
  to: string | number | null;
}

export async function recordChanges(
  q: Q,
  organizationId: string,
  by: { userId: string; userName: string },
  entries: readonly { beneficiaryId: string; action: 'created' | 'imported' | 'edited' | 'erased'; changes: Change[] }[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await q
      .insertInto('beneficiary_changes')
      .values(
        entries.slice(i, i + 1000).map((e) => ({
          organization_id: organizationId,
          beneficiary_id: e.beneficiaryId,
          user_id: by.userId,
          user_name: by.userName,
          action: e.action,
          changes: JSON.stringify(e.changes),
        })),
      )
      .execute();
  }
}

export async function historyOf(q: Q, organizationId: string, id: string) {
  return q
    .selectFrom('beneficiary_changes')
    .select(['at', 'user_name as by', 'action', 'changes'])
    .where('organization_id', '=', organizationId)
    .where('beneficiary_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .limit(10_000)
    .execute();
}

export async function submissionsOf(q: Q, organizationId: string, id: string) {
  return q
    .selectFrom('submissions as s')
    .innerJoin('surveys as sv', 'sv.id', 's.survey_id')
    .select(['s.id', 's.survey_id as surveyId', 'sv.name as surveyName', 's.submitted_at as submittedAt'])
    .where('s.organization_id', '=', organizationId)
    .where('s.beneficiary_id', '=', id)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.submitted_at', 'desc')
    .limit(10_000)
    .execute();
}

export async function writeAudit(
  q: Q,
  e: {
    organizationId: string;
    projectId: string;
    tableId: string;
    beneficiaryId: string | null;
    userId: string;
    userName: string;
    action: 'viewContacts' | 'exportContacts' | 'erase';
    people: number;
  },
): Promise<void> {
  await q
    .insertInto('beneficiary_audit')
    .values({
      organization_id: e.organizationId,
      project_id: e.projectId,
      table_id: e.tableId,
      beneficiary_id: e.beneficiaryId,
      user_id: e.userId,
      user_name: e.userName,
      action: e.action,
      people: e.people,
    })
    .execute();
}

// ---- Filters and lookups ----

export async function filterValues(q: Q, organizationId: string, tableId: string) {
  const distinct = async (col: 'district' | 'intervention' | 'type') =>
    (
      await q
        .selectFrom('beneficiaries')
        .select(col)
        .distinct()
        .where('organization_id', '=', organizationId)
        .where('table_id', '=', tableId)
        .where('deleted_at', 'is', null)
        .where(col, '<>', '')
        .orderBy(col)
        .limit(500)
        .execute()
    ).map((r) => (r as Record<string, string>)[col]!);
  const [districts, interventions, types] = await Promise.all([distinct('district'), distinct('intervention'), distinct('type')]);
  return { districts, interventions, types };
}

export async function locationGroupsOfWorkspace(q: Q, organizationId: string, workspaceId: string) {
  return q
    .selectFrom('location_groups')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .limit(500)
    .execute();
}

export async function projectOfScope(q: Q, scope: ProjectScope, projectId: string) {
  return q
    .selectFrom('projects as p')
    .leftJoin('project_countries as pc', (j) => j.onRef('pc.project_id', '=', 'p.id'))
    .leftJoin('countries as c', 'c.id', 'pc.country_id')
    .select(['p.id', 'p.workspace_id as workspaceId', 'c.code as countryCode'])
    .where('p.organization_id', '=', scope.organizationId)
    .where('p.id', '=', projectId)
    .where('p.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (b) => b.where('p.id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .executeTakeFirst();
}

export async function userName(q: Q, userId: string): Promise<string> {
  const r = await q.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirst();
  return r?.full_name ?? '';
}
