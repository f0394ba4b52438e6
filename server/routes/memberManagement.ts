// Member management (spec 001 section 7 "Members", "Projects/getAllProjectMembers"): add and edit a
// member, the project members table, and the invitation link a new member sets their password with.
// The rules live in server/services/memberManagement.ts.
import { MEMBERS_API as M } from '../../schemas/members';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { downloadHeaders } from '../plugins/storage';
import * as bulk from '../services/memberBulk';
import * as members from '../services/memberManagement';

export default async function memberManagementRoutes(app: App): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer });

  app.route({
    ...routeOf(M.add),
    handler: async (req) => ok(await members.add(deps(), tenantOf(req), req.body), 'Member has been added successfully.'),
  });

  // The rows the browser read from the workbook; 1 MB of JSON at most, like the workbook itself.
  app.route({
    ...routeOf(M.addMembers),
    bodyLimit: 1_000_000,
    handler: async (req) => {
      const result = await bulk.addMany(deps(), tenantOf(req), req.body);
      return ok(result, result.failed.length ? 'Some members could not be added.' : 'Members have been added successfully.');
    },
  });

  // The spec downloads the templates from public storage; the product generates them, with the roles this caller may give.
  app.route({
    ...routeOf(M.getMembersTemplate),
    handler: async (req, reply) => {
      const { fileName, bytes } = await bulk.template(tenantOf(req), req.query.kind);
      return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
    },
  });

  app.route({
    ...routeOf(M.edit),
    handler: async (req) => {
      await members.edit(deps().db, tenantOf(req), req.body);
      return ok(true, 'Member has been updated successfully.');
    },
  });

  app.route({ ...routeOf(M.getById), handler: async (req) => ok(await members.detail(deps().db, tenantOf(req), req.params.id)) });

  app.route({
    ...routeOf(M.getAllProjectMembers),
    handler: async (req) => ok(await members.projectMembers(deps().db, tenantOf(req), req.params.projectId, req.query)),
  });

  // Not in the spec: the link of the invitation e-mail. The token is the credential; attempts are limited per address.
  app.route({
    ...routeOf(M.acceptInvitation),
    handler: async (req) => {
      await members.acceptInvitation(deps(), { ...req.body, ip: req.ip });
      return ok(true, 'Your password has been set. You can sign in now.');
    },
  });
}
