// The reference lists the forms choose from (server/routes/lookups.ts). Each answer is also checked
// against its route's response schema (server/responseCheck.ts): a field the schema lacks is a 500 here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTypes } from '../../server/db/reference/index';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Coded = { id: number; name: string; code: string };

describe('the reference lists', () => {
  it('lists the organization types to anyone', async () => {
    const { status, body } = await t.call<{ id: number; name: string }[]>('GET', '/api/Account/getOrganizationTypes');
    expect(status).toBe(200);
    expect(body.data.map((o) => o.name).sort()).toEqual([...organizationTypes].sort());
  });

  it('lists the countries and the languages with their codes', async () => {
    const countries = await t.call<Coded[]>('GET', '/api/Languages/getAllCountries');
    expect(countries.status).toBe(200);
    expect(countries.body.data.find((c) => c.code === 'KE')?.name).toBe('Kenya');
    const languages = await t.call<Coded[]>('GET', '/api/Languages/getAll');
    expect(languages.status).toBe(200);
    expect(languages.body.data.find((l) => l.code === 'sw')?.name).toBe('Swahili');
  });

  it('lists the roles an organization grants, never the owner', async () => {
    const { status, body } = await t.call<{ id: number; name: string; displayName: string }[]>(
      'GET',
      '/api/Roles/getAllOrganizationRoles',
      { session: await as(demo.owner) },
    );
    expect(status).toBe(200);
    expect(body.data.find((r) => r.name === 'DataCollector')).toEqual({ id: 7, name: 'DataCollector', displayName: 'Data Collector' });
    expect(body.data.map((r) => r.name)).not.toContain('Organization');
    expect(body.data.map((r) => r.name)).not.toContain('OrgSuperAdmin');
  });

  it('lists the plans with their limits', async () => {
    const { status, body } = await t.call<{ name: string; monthlyPrice: number; projectsLimit: number }[]>(
      'GET',
      '/api/Account/getPackets',
    );
    expect(status).toBe(200);
    expect(body.data.find((p) => p.name === 'Standard')).toMatchObject({ monthlyPrice: 49, projectsLimit: 5 });
  });
});
