// Reference lists: organization types, languages, countries, roles, plans.
import { LOOKUPS_API as L } from '../../schemas/lookups';
import { roles } from '../../schemas/roles';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { listCountries, listLanguages, listOrganizationTypes, listPlans } from '../db/queries/lookups';

export default async function lookupRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.route({ ...routeOf(L.getOrganizationTypes), handler: async () => ok(await listOrganizationTypes(db())) });
  app.route({ ...routeOf(L.getAll), handler: async () => ok(await listLanguages(db())) });
  app.route({ ...routeOf(L.getAllCountries), handler: async () => ok(await listCountries(db())) });

  // The roles an organization can grant: never Organization (the owner) or OrgSuperAdmin (spec 001 section 6).
  app.route({
    ...routeOf(L.getAllOrganizationRoles),
    handler: async () => ok(roles.filter((r) => r.assignable).map((r) => ({ id: r.id, name: r.name, displayName: r.display }))),
  });

  app.route({
    ...routeOf(L.getPackets),
    handler: async () => {
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
    },
  });
}
