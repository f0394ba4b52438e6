// /api/Members/* as the workspace, project and recycle-bin screens need them: members of a workspace,
// the organization's members (live or deleted), delete into the bin and the bin's "all" actions.
// Member management itself (add, edit, invite) is another area's.
import { entityTypes } from '../../schemas/entityTypes';
import { MEMBERS_API as M } from '../../schemas/members';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as members from '../services/orgMembers';
import * as bin from '../services/recycleBin';

export default async function orgMemberRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.route({
    ...routeOf(M.getAllOrgMembersInWorkspace),
    handler: async (req) => ok(await members.inWorkspace(db(), tenantOf(req), req.query.WorkSpaceId)),
  });

  app.route({
    ...routeOf(M.getAllMembersOfOrganization),
    handler: async (req) => ok(await members.ofOrganization(db(), tenantOf(req), req.query)),
  });

  // `id` is the organizationMemberId (the membership), as the recycle bin names it.
  app.route({
    ...routeOf(M.delete),
    handler: async (req) => {
      await bin.apply(db(), tenantOf(req), entityTypes.OrganizationMember, [req.body.id], 'delete');
      return ok(true, bin.successMessage('delete'));
    },
  });

  app.route({
    ...routeOf(M.permanentlyDeleteOrRestoreAllOrganizationMembers),
    handler: async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await bin.applyAll(db(), tenantOf(req), entityTypes.OrganizationMember, action);
      return ok({ count }, bin.successMessage(action));
    },
  });
}
