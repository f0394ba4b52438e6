// Reference lists: organization types, languages, countries, roles, plans.
import { replies } from '../../schemas/envelope';
import { countriesSchema, languagesSchema, organizationRolesSchema, organizationTypesSchema } from '../../schemas/lookups';
import { plansSchema } from '../../schemas/payment';
import { roles } from '../../schemas/roles';
import { ok, type App } from '../envelope';
import { listCountries, listLanguages, listOrganizationTypes, listPlans } from '../db/queries/lookups';

export default async function lookupRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/Account/getOrganizationTypes',
    { config: { access: 'public' }, schema: { response: replies(organizationTypesSchema) } },
    async () => ok(await listOrganizationTypes(db())),
  );
  app.get('/Languages/getAll', { config: { access: 'public' }, schema: { response: replies(languagesSchema) } }, async () =>
    ok(await listLanguages(db())),
  );
  app.get('/Languages/getAllCountries', { config: { access: 'public' }, schema: { response: replies(countriesSchema) } }, async () =>
    ok(await listCountries(db())),
  );

  // The roles an organization can grant: never Organization (the owner) or OrgSuperAdmin (spec 001 section 6).
  app.get(
    '/Roles/getAllOrganizationRoles',
    { config: { access: 'user' }, schema: { response: replies(organizationRolesSchema) } },
    async () => ok(roles.filter((r) => r.assignable).map((r) => ({ id: r.id, name: r.name, displayName: r.display }))),
  );

  app.get('/Account/getPackets', { config: { access: 'public' }, schema: { response: replies(plansSchema) } }, async () => {
    const plans = await listPlans(db());
    return ok(
      plans.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        monthlyPrice: p.monthly_price,
        annuallyPrice: p.annual_price,
        workspaceLimit: p.workspace_limit,
        membersLimit: p.members_limit,
        databaseLimit: p.database_limit,
        projectsLimit: p.projects_limit,
      })),
    );
  });
}
