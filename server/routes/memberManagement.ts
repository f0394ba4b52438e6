// Member management (spec 001 section 7 "Members", "Projects/getAllProjectMembers"): add and edit a
// member, the project members table, and the invitation link a new member sets their password with.
// The rules live in server/services/memberManagement.ts.
import { acceptInvitationBody, addMemberBody, editMemberBody, projectIdParams, projectMembersQuery } from '../../schemas/members';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES } from '../../schemas/roles';
import { tenantOf } from '../access';
import { ok, type App } from '../app';
import * as members from '../services/memberManagement';

/** Who may open the add-member dialog (spec 001 section 6): the five manager roles and the junior manager. */
export const MEMBER_EDITORS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const;

export default async function memberManagementRoutes(app: App): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer });

  app.post('/Members/add', { config: { access: MEMBER_EDITORS }, schema: { body: addMemberBody } }, async (req) =>
    ok(await members.add(deps(), tenantOf(req), req.body), 'Member has been added successfully.'),
  );

  app.post('/Members/edit', { config: { access: MEMBER_EDITORS }, schema: { body: editMemberBody } }, async (req) => {
    await members.edit(deps().db, tenantOf(req), req.body);
    return ok(true, 'Member has been updated successfully.');
  });

  app.get(
    '/Projects/getAllProjectMembers/:projectId',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { params: projectIdParams, querystring: projectMembersQuery } },
    async (req) => ok(await members.projectMembers(deps().db, tenantOf(req), req.params.projectId, req.query)),
  );

  // Not in the spec: the link of the invitation e-mail. The token is the credential; attempts are limited per address.
  app.post('/Account/acceptInvitation', { config: { access: 'public' }, schema: { body: acceptInvitationBody } }, async (req) => {
    await members.acceptInvitation(deps(), { ...req.body, ip: req.ip });
    return ok(true, 'Your password has been set. You can sign in now.');
  });
}
