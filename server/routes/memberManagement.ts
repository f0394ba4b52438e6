// Member management (spec 001 section 7 "Members", "Projects/getAllProjectMembers"): add and edit a
// member, the project members table, and the invitation link a new member sets their password with.
// The rules live in server/services/memberManagement.ts.
import { doneSchema } from '../../schemas/common';
import { fileReplies, replies } from '../../schemas/envelope';
import {
  acceptInvitationBody,
  addedMemberSchema,
  addMemberBody,
  addMembersBody,
  bulkAddResultSchema,
  editMemberBody,
  memberDetailSchema,
  projectIdParams,
  projectMemberListSchema,
  projectMembersQuery,
  templateQuery,
} from '../../schemas/members';
import { idParams } from '../../schemas/recycleBin';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES } from '../../schemas/roles';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { downloadHeaders } from '../plugins/storage';
import * as bulk from '../services/memberBulk';
import * as members from '../services/memberManagement';

/** Who may open the add-member dialog (spec 001 section 6): the five manager roles and the junior manager. */
export const MEMBER_EDITORS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const;

export default async function memberManagementRoutes(app: App): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer });

  app.post(
    '/Members/add',
    { config: { access: MEMBER_EDITORS }, schema: { body: addMemberBody, response: replies(addedMemberSchema) } },
    async (req) => ok(await members.add(deps(), tenantOf(req), req.body), 'Member has been added successfully.'),
  );

  // The rows the browser read from the workbook; 1 MB of JSON at most, like the workbook itself.
  app.post(
    '/Members/addMembers',
    { bodyLimit: 1_000_000, config: { access: MEMBER_EDITORS }, schema: { body: addMembersBody, response: replies(bulkAddResultSchema) } },
    async (req) => {
      const result = await bulk.addMany(deps(), tenantOf(req), req.body);
      return ok(result, result.failed.length ? 'Some members could not be added.' : 'Members have been added successfully.');
    },
  );

  // The spec downloads the templates from public storage; the product generates them, with the roles this caller may give.
  app.get(
    '/Members/getMembersTemplate',
    { config: { access: MEMBER_EDITORS }, schema: { querystring: templateQuery, response: fileReplies('the template workbook (.xlsx)') } },
    async (req, reply) => {
      const { fileName, bytes } = await bulk.template(tenantOf(req), req.query.kind);
      return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
    },
  );

  app.post(
    '/Members/edit',
    { config: { access: MEMBER_EDITORS }, schema: { body: editMemberBody, response: replies(doneSchema) } },
    async (req) => {
      await members.edit(deps().db, tenantOf(req), req.body);
      return ok(true, 'Member has been updated successfully.');
    },
  );

  app.get(
    '/Members/getById/:id',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { params: idParams, response: replies(memberDetailSchema) } },
    async (req) => ok(await members.detail(deps().db, tenantOf(req), req.params.id)),
  );

  app.get(
    '/Projects/getAllProjectMembers/:projectId',
    {
      config: { access: ALL_BUT_COLLECTOR },
      schema: { params: projectIdParams, querystring: projectMembersQuery, response: replies(projectMemberListSchema) },
    },
    async (req) => ok(await members.projectMembers(deps().db, tenantOf(req), req.params.projectId, req.query)),
  );

  // Not in the spec: the link of the invitation e-mail. The token is the credential; attempts are limited per address.
  app.post(
    '/Account/acceptInvitation',
    { config: { access: 'public' }, schema: { body: acceptInvitationBody, response: replies(doneSchema) } },
    async (req) => {
      await members.acceptInvitation(deps(), { ...req.body, ip: req.ip });
      return ok(true, 'Your password has been set. You can sign in now.');
    },
  );
}
