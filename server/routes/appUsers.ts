// The app user calls (schemas/appUsers.ts): a project's ODK Collect devices, created, listed and
// revoked by its managers. Rules live in server/services/appUsers.ts.
import { APP_USERS_API } from '../../schemas/appUsers';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as appUsers from '../services/appUsers';

export default async function appUserRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const A = APP_USERS_API;
  app.route({
    ...routeOf(A.create),
    handler: async (req) =>
      ok(await appUsers.createAppUser(db(), tenantOf(req), app.deps.config.publicUrl, req.body), 'The app user has been created.'),
  });
  app.route({ ...routeOf(A.list), handler: async (req) => ok(await appUsers.listAppUsers(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(A.revoke),
    handler: async (req) => ok(await appUsers.revokeAppUser(db(), tenantOf(req), req.body.id), 'The app user has been revoked.'),
  });
}
