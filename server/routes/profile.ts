// The calls of the Organization Management page (spec 001 section 2) and the account's profile: the
// caller's profile and company information (Organizations/getUserAndOrganizationInfo and
// editUserAndOrganization, spec 000 section 7) and the Login Information dialog's password change.

import { PROFILE_API } from '../../schemas/organizations';
import { callerOf, tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { changePasswordWithCode } from '../services/loginInformation';
import * as profile from '../services/profile';

export default async function profileRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  const P = PROFILE_API;
  // DataCollector and Guest have no profile pages (spec 000 section 6).
  app.route({ ...routeOf(P.getUserAndOrganizationInfo), handler: async (req) => ok(await profile.info(db(), tenantOf(req), req.query)) });

  app.route({
    ...routeOf(P.editUserAndOrganization),
    handler: async (req) => {
      await profile.edit(db(), tenantOf(req), req.body);
      const message = 'Your information has been updated successfully.';
      return ok({ message }, message);
    },
  });

  // Any signed-in account changes its own password; it needs no organization.
  app.route({
    ...routeOf(P.changePassword),
    handler: async (req) => {
      const { code, ...form } = req.body;
      if (code !== undefined) {
        await changePasswordWithCode({ db: db(), config: app.deps.config, mailer: app.deps.mailer }, callerOf(req), {
          ...form,
          code,
          ip: req.ip,
        });
        return ok(true, 'Your password has been updated successfully.');
      }
      await profile.changePassword(db(), callerOf(req), { ...form, ip: req.ip });
      return ok(true, 'Your password has been updated successfully.');
    },
  });
}
