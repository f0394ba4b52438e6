// Respondents once imported: the list's page with search, the spec's filters and paging; one person
// with their history; add and edit; who sees what (a collector none, a guest no contact fields, another
// organization a 404); the audit log of contact views; erasure; the recycle bin (10 and 14) and its purge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Beneficiary, BeneficiaryDetail, BeneficiaryPage, ImportReport } from '../../schemas/beneficiaries';
import { entityTypes } from '../../schemas/entityTypes';
import { purgeExpired } from '../../server/db/queries/recycleBin';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { demo, personas } from '../support/personas';
import { completeDemoAnswers, demoSurveyOf, submit } from '../support/surveys';

let t: TestApp;
const as = personas(() => t);
let projectId: string;
let tableId: string;
const DISTRICTS = ['Turkana West', 'Turkana Central', 'Turkana North'];
const TYPES = ['Household', 'Child'];

beforeAll(async () => {
  t = await createTestApp();
  projectId = t.ids.projects['Household Needs Assessment 2026']!;
  // 250 people: districts, interventions, types and genders cycle so every filter has a known count.
  const rows = [['ID', 'Name', 'Gender', 'Phone', 'Email', 'District', 'Intervention', 'Type']];
  for (let i = 0; i < 250; i++)
    rows.push([
      `P-${String(i).padStart(4, '0')}`,
      `Person ${i}${i === 7 ? ' Wanjiru' : ''}`,
      ['Male', 'Female', 'Other'][i % 3]!,
      `+2547120${String(i).padStart(5, '0')}`,
      `p${i}@example.org`,
      DISTRICTS[i % 3]!,
      i % 2 ? 'Cash' : 'Food',
      TYPES[i % 2]!,
    ]);
  const { payload, headers } = multipart([
    ['ProjectId', projectId],
    [
      'Mapping',
      JSON.stringify({
        name: 'Round 1',
        key: 'idNumber',
        duplicates: 'skip',
        columns: [
          { source: 'ID', field: 'idNumber' },
          { source: 'Name', field: 'fullName' },
          { source: 'Gender', field: 'gender' },
          { source: 'Phone', field: 'phone' },
          { source: 'Email', field: 'email' },
          { source: 'District', field: 'district' },
          { source: 'Intervention', field: 'intervention' },
          { source: 'Type', field: 'type' },
        ],
      }),
    ],
    ['File', { fileName: 'round1.csv', contentType: 'text/csv', bytes: Buffer.from(rows.map((r) => r.join(',')).join('\n')) }],
  ]);
  const r = await t.call<{ tableId: string; report: ImportReport }>('POST', '/api/Beneficiaries/importTable', {
    session: await as(demo.manager),
    body: payload,
    headers,
  });
  expect(r.body.data.report.added).toBe(250);
  tableId = r.body.data.tableId;
});
afterAll(() => t.close());

const page = async (s: Session, query: Record<string, string> = {}) =>
  t.call<BeneficiaryPage>('GET', '/api/Beneficiaries/getBeneficiaries', { session: s, query: { TableId: tableId, ...query } });
const byId = async (s: Session, id: string) => t.call<BeneficiaryDetail>('GET', `/api/Beneficiaries/getById/${id}`, { session: s });
const toggle = async (s: Session, id: string, entityType: number, isDeleted: boolean) =>
  t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore`, {
    session: s,
    query: { entityType: String(entityType), isDeleted: String(isDeleted) },
  });
const audits = async () => t.db.selectFrom('beneficiary_audit').selectAll().orderBy('id').execute();
async function someone(i = 0): Promise<Beneficiary> {
  return (await page(await as(demo.manager), { Search: `P-${String(i).padStart(4, '0')}` })).body.data.beneficiaries[0]!;
}

describe('GET /api/Beneficiaries/getBeneficiaries', () => {
  it('pages the list in the order it was imported', async () => {
    const s = await as(demo.manager);
    const p3 = (await page(s, { Page: '3', PageSize: '100' })).body.data;
    expect(p3.totalSize).toBe(250);
    expect(p3.beneficiaries).toHaveLength(50);
    expect(p3.beneficiaries[0]!.idNumber).toBe('P-0200');
  });

  it('filters by District, Intervention, Type, Gender and searches names and ids', async () => {
    const s = await as(demo.manager);
    const n = async (q: Record<string, string>) => (await page(s, q)).body.data.totalSize;
    expect(await n({ District: 'Turkana West' })).toBe(84);
    expect(await n({ Intervention: 'Cash' })).toBe(125);
    expect(await n({ Type: 'Child', District: 'Turkana North' })).toBe(41);
    expect(await n({ Gender: '1' })).toBe(83);
    expect(await n({ Search: 'wanjiru' })).toBe(1);
    expect(await n({ Search: 'P-01' })).toBe(100);
    // A search is literal: % is not a wildcard.
    expect(await n({ Search: '%' })).toBe(0);
  });

  it('gives the filter chips their values', async () => {
    const r = await t.call<{ districts: string[]; types: string[] }>('GET', '/api/Beneficiaries/getFilterOptions', {
      session: await as(demo.guest),
      query: { TableId: tableId },
    });
    expect(r.body.data.districts).toEqual([...DISTRICTS].sort());
    expect(r.body.data.types).toEqual([...TYPES].sort());
  });
});

describe('who sees what', () => {
  it('shows a data collector no list and no respondent (tasks name no respondents yet)', async () => {
    const c = await as(demo.collector);
    const lists = await t.call<{ tables: unknown[]; totalSize: number }>('GET', '/api/Beneficiaries/getTables', {
      session: c,
      query: { ProjectId: projectId },
    });
    expect(lists.status).toBe(200);
    expect(lists.body.data).toEqual({ tables: [], totalSize: 0 });
    expect((await page(c)).status).toBe(404);
    expect((await byId(c, (await someone()).id)).status).toBe(404);
  });

  it('hides phone and e-mail from a guest, in the page, the person and their history, and does not search by them', async () => {
    const g = await as(demo.guest);
    const r = (await page(g, { PageSize: '10' })).body.data;
    expect(r.contactsHidden).toBe(true);
    expect(r.beneficiaries.every((b) => b.phone === null && b.email === null)).toBe(true);
    expect(r.beneficiaries[0]!.fullName).toBe('Person 0');
    expect((await page(g, { Search: 'p3@example.org' })).body.data.totalSize).toBe(0);
    const who = await someone(3);
    await t.call('POST', '/api/Beneficiaries/edit', {
      session: await as(demo.manager),
      body: { id: who.id, fields: { phone: '+254733000333' } },
    });
    const d = (await byId(g, who.id)).body.data;
    expect(d.beneficiary.phone).toBeNull();
    expect(d.history.flatMap((h) => h.changes)).toContainEqual({ field: 'phone', from: null, to: null });
    expect((await t.call('POST', '/api/Beneficiaries/add', { session: g, body: { tableId, fields: { idNumber: 'G-1' } } })).status).toBe(
      403,
    );
  });

  it("answers 404 for another organization's list and person, and changes nothing", async () => {
    const o = await as(demo.other);
    const who = await someone(1);
    expect((await page(o)).status).toBe(404);
    expect((await byId(o, who.id)).status).toBe(404);
    expect(
      (await t.call('POST', '/api/Beneficiaries/edit', { session: o, body: { id: who.id, fields: { fullName: 'Hijacked' } } })).status,
    ).toBe(404);
    expect((await t.call('POST', '/api/Beneficiaries/erase', { session: o, body: { id: who.id } })).status).toBe(404);
    expect((await toggle(o, who.id, entityTypes.Beneficiary, true)).status).toBe(404);
    expect((await toggle(o, tableId, entityTypes.ImportedBeneficiaryTable, true)).status).toBe(404);
    expect((await someone(1)).fullName).toBe('Person 1');
  });

  it("lists the project's respondent lists in importedBeneficiaryTableIds", async () => {
    const r = await t.call<{ importedBeneficiaryTableIds: string[] }>('GET', `/api/Projects/getById/${projectId}`, {
      session: await as(demo.manager),
    });
    expect(r.body.data.importedBeneficiaryTableIds).toContain(tableId);
    const lists = await t.call<{ tables: { id: string; size: number }[] }>('GET', '/api/Beneficiaries/getTables', {
      session: await as(demo.manager),
      query: { ProjectId: projectId },
    });
    expect(lists.body.data.tables).toContainEqual(expect.objectContaining({ id: tableId, size: 250 }));
  });
});

describe('the audit log of contact fields', () => {
  it('writes who saw how many contacts on a page and on a person, and nothing for a guest', async () => {
    const before = (await audits()).length;
    await page(await as(demo.guest));
    expect((await audits()).length).toBe(before);
    await page(await as(demo.manager), { PageSize: '20' });
    const who = await someone(5);
    await byId(await as(demo.admin), who.id);
    const rows = (await audits()).slice(before);
    const managerUser = t.ids.users[demo.manager];
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'viewContacts', table_id: tableId, beneficiary_id: null, people: 20, user_id: managerUser }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'viewContacts', beneficiary_id: who.id, people: 1, user_id: t.ids.users[demo.admin] }),
    );
  });
});

describe('add, edit and the history', () => {
  it('adds a person, refuses a bad phone, a bad e-mail and a duplicate key, and records every change', async () => {
    const s = await as(demo.junior);
    const add = (fields: Record<string, unknown>) =>
      t.call<Beneficiary>('POST', '/api/Beneficiaries/add', { session: s, body: { tableId, fields } });
    expect((await add({ idNumber: 'N-1', phone: '123' })).body.code).toBe('invalidPhone');
    expect((await add({ idNumber: 'N-1', email: '1bad@x' })).body.code).toBe('invalidEmail');
    expect((await add({ idNumber: 'P-0001' })).body.code).toBe('beneficiaryDuplicate');
    expect((await add({ fullName: 'No key' })).body.code).toBe('beneficiaryKeyRequired');
    const r = await add({ idNumber: 'N-1', fullName: 'Neema', phone: '0712 000 111', gender: 1 });
    expect(r.status).toBe(200);
    expect(r.body.data.phone).toBe('+254712000111');
    const e = await t.call<Beneficiary>('POST', '/api/Beneficiaries/edit', {
      session: await as(demo.manager),
      body: { id: r.body.data.id, fields: { fullName: 'Neema Akinyi', district: 'Turkana West' } },
    });
    expect(e.body.data.fullName).toBe('Neema Akinyi');
    const d = (await byId(s, r.body.data.id)).body.data;
    expect(d.history.map((h) => [h.action, h.by])).toEqual([
      ['created', 'Joy Junior'],
      ['edited', 'Marcus Manager'],
    ]);
    expect(d.history[1]!.changes).toEqual([
      { field: 'fullName', from: 'Neema', to: 'Neema Akinyi' },
      { field: 'district', from: '', to: 'Turkana West' },
    ]);
  });
});

describe('POST /api/Beneficiaries/erase', () => {
  it("removes the person's fields and their history's values, keeps the row as a count, and logs it", async () => {
    const who = await someone(9);
    const s = await as(demo.manager);
    await t.call('POST', '/api/Beneficiaries/edit', { session: s, body: { id: who.id, fields: { fullName: 'Before erasure' } } });
    expect((await t.call('POST', '/api/Beneficiaries/erase', { session: await as(demo.junior), body: { id: who.id } })).status).toBe(403);
    const r = await t.call('POST', '/api/Beneficiaries/erase', { session: s, body: { id: who.id } });
    expect(r.status).toBe(200);
    const d = (await byId(s, who.id)).body.data;
    expect(d.beneficiary).toMatchObject({
      erased: true,
      fullName: null,
      idNumber: null,
      phone: null,
      email: null,
      district: '',
      gender: null,
    });
    expect(d.history.every((h) => h.changes.length === 0)).toBe(true);
    expect(d.history.at(-1)!.action).toBe('erased');
    expect((await page(s)).body.data.totalSize).toBe(251);
    const text = JSON.stringify(await t.db.selectFrom('beneficiary_changes').selectAll().where('beneficiary_id', '=', who.id).execute());
    expect(text).not.toMatch(/Before erasure|Person 9|p9@example/);
    expect(await audits()).toContainEqual(expect.objectContaining({ action: 'erase', beneficiary_id: who.id }));
    expect(
      (await t.call('POST', '/api/Beneficiaries/edit', { session: s, body: { id: who.id, fields: { fullName: 'Back' } } })).body.code,
    ).toBe('beneficiaryErased');
  });
});

describe('the recycle bin: a respondent (10) and a list (14)', () => {
  it('deletes and restores one person, and a guest may not', async () => {
    const who = await someone(20);
    const s = await as(demo.manager);
    expect((await toggle(await as(demo.guest), who.id, entityTypes.Beneficiary, true)).status).toBe(403);
    expect((await toggle(s, who.id, entityTypes.Beneficiary, true)).status).toBe(200);
    expect((await page(s, { Search: 'P-0020' })).body.data.totalSize).toBe(0);
    expect((await byId(s, who.id)).status).toBe(404);
    const back = await toggle(s, who.id, entityTypes.Beneficiary, false);
    expect(back.body.message).toBe('Entities restored successfully!');
    expect((await page(s, { Search: 'P-0020' })).body.data.totalSize).toBe(1);
  });

  it('deletes and restores a whole list', async () => {
    const s = await as(demo.manager);
    expect((await toggle(s, tableId, entityTypes.ImportedBeneficiaryTable, true)).status).toBe(200);
    expect((await page(s)).status).toBe(404);
    const lists = await t.call<{ totalSize: number }>('GET', '/api/Beneficiaries/getTables', {
      session: s,
      query: { ProjectId: projectId },
    });
    expect(lists.body.data.totalSize).toBe(0);
    expect((await toggle(s, tableId, entityTypes.ImportedBeneficiaryTable, false)).status).toBe(200);
    expect((await page(s)).body.data.totalSize).toBe(251);
  });

  it('purges what sat in the bin for more than 60 days, and nothing younger', async () => {
    const s = await as(demo.manager);
    const old = await someone(30);
    const young = await someone(31);
    await toggle(s, old.id, entityTypes.Beneficiary, true);
    await toggle(s, young.id, entityTypes.Beneficiary, true);
    const now = new Date();
    await t.db
      .updateTable('beneficiaries')
      .set({ deleted_at: new Date(now.getTime() - 61 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const r = await purgeExpired(t.db, now);
    expect(r.beneficiaries).toBe(1);
    const left = await t.db.selectFrom('beneficiaries').select('id').where('id', 'in', [old.id, young.id]).execute();
    expect(left.map((x) => x.id)).toEqual([young.id]);
  });
});

describe('respondents reached', () => {
  it('counts distinct respondents of linked submissions on the dashboard, and lists them on the person', async () => {
    const owner = await as(demo.owner);
    const stats = async () =>
      (
        await t.call<{ totalBeneficiaries: number }>('GET', '/api/Organizations/getDashboardStatistics', {
          session: owner,
          query: { organizationId: owner.organizationId },
        })
      ).body.data.totalBeneficiaries;
    const survey = await demoSurveyOf(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await submit(t, survey, completeDemoAnswers)).body.data.id);
    // Submissions alone are no respondents served.
    expect(await stats()).toBe(0);
    const [a, b] = [await someone(40), await someone(41)];
    const link = (submissionId: string, beneficiaryId: string) =>
      t.db.updateTable('submissions').set({ beneficiary_id: beneficiaryId }).where('id', '=', submissionId).execute();
    await link(ids[0]!, a.id);
    await link(ids[1]!, a.id);
    const one = await stats();
    expect(one).toBeGreaterThan(0);
    await link(ids[2]!, b.id);
    expect(await stats()).toBeCloseTo(one * 2, 1);
    const d = (await byId(await as(demo.manager), a.id)).body.data;
    expect(d.submissions.map((s) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(d.submissions[0]!.surveyName).toBe(survey.model.name);
  });
});
