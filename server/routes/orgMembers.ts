// /api/Members/* as the workspace, project and recycle-bin screens need them: members of a workspace,
// the organization's members (live or deleted), delete into the bin and the bin's "all" actions.
// Member management itself (add, edit, invite) is another area's.
import { doneSchema } from '../../schemas/common';
import { entityTypes } from '../../schemas/entityTypes';
import { replies } from '../../schemas/envelope';
import {
  organizationMemberListSchema,
  organizationMembersQuery,
  workspaceMembersQuery,
  workspaceMembersSchema,
} from '../../schemas/members';
import { allMembersQuery, binCountSchema } from '../../schemas/recycleBin';
import { ADMIN_ROLES, ALL_BUT_COLLECTOR } from '../../schemas/roles';
import { idBody } from '../../schemas/workspaces';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import * as members from '../services/orgMembers';
import * as bin from '../services/recycleBin';

export default async function orgMemberRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/Members/getAllOrgMembersInWorkspace',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { querystring: workspaceMembersQuery, response: replies(workspaceMembersSchema) } },
    async (req) => ok(await members.inWorkspace(db(), tenantOf(req), req.query.WorkSpaceId)),
  );

  app.get(
    '/Members/getAllMembersOfOrganization',
    { config: { access: ADMIN_ROLES }, schema: { querystring: organizationMembersQuery, response: replies(organizationMemberListSchema) } },
    async (req) => ok(await members.ofOrganization(db(), tenantOf(req), req.query)),
  );

  // `id` is the organizationMemberId (the membership), as the recycle bin names it.
  app.post('/Members/delete', { config: { access: ADMIN_ROLES }, schema: { body: idBody, response: replies(doneSchema) } }, async (req) => {
    await bin.apply(db(), tenantOf(req), entityTypes.OrganizationMember, [req.body.id], 'delete');
    return ok(true, bin.successMessage('delete'));
  });

  app.post(
    '/Members/permanentlyDeleteOrRestoreAllOrganizationMembers',
    { config: { access: ADMIN_ROLES }, schema: { querystring: allMembersQuery, response: replies(binCountSchema) } },
    async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await bin.applyAll(db(), tenantOf(req), entityTypes.OrganizationMember, action);
      return ok({ count }, bin.successMessage(action));
    },
  );
}
