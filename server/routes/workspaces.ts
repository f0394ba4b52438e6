// /api/Workspaces/*: the workspace cards, the add and edit forms, delete into the recycle bin and the
// bin's "all" actions (spec 000 section 7 "Organizations and workspaces").
import { doneSchema } from '../../schemas/common';
import { entityTypes } from '../../schemas/entityTypes';
import { uuid } from '../../schemas/common';
import { replies } from '../../schemas/envelope';
import { allWorkspacesQuery, binCountSchema, idParams } from '../../schemas/recycleBin';
import { ADMIN_ROLES, ALL_ROLES } from '../../schemas/roles';
import { addWorkspaceBody, editWorkspaceBody, idBody, listQuery, workspaceListSchema, workspaceSchema } from '../../schemas/workspaces';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import * as bin from '../services/recycleBin';
import * as workspaces from '../services/workspaces';

export default async function workspaceRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  // Everyone lists their own workspaces (a DataCollector picks one before its tasks); the bin
  // (isDeleted=true) is for the admin roles only, checked in the service.
  app.get(
    '/Workspaces/getMyWorkspaces',
    { config: { access: ALL_ROLES }, schema: { querystring: listQuery, response: replies(workspaceListSchema) } },
    async (req) => ok(await workspaces.list(db(), tenantOf(req), req.query)),
  );

  app.get(
    '/Workspaces/getById/:id',
    { config: { access: ALL_ROLES }, schema: { params: idParams, response: replies(workspaceSchema) } },
    async (req) => ok(await workspaces.getById(db(), tenantOf(req), req.params.id)),
  );

  app.post(
    '/Workspaces/add',
    { config: { access: ADMIN_ROLES }, schema: { body: addWorkspaceBody, response: replies(uuid) } },
    async (req) => ok(await workspaces.add(db(), tenantOf(req), req.body), 'Workspace added successfully!'),
  );

  app.post(
    '/Workspaces/edit',
    { config: { access: ADMIN_ROLES }, schema: { body: editWorkspaceBody, response: replies(doneSchema) } },
    async (req) => {
      await workspaces.edit(db(), tenantOf(req), req.body);
      return ok(true, 'Workspace edited successfully!');
    },
  );

  app.post(
    '/Workspaces/delete',
    { config: { access: ADMIN_ROLES }, schema: { body: idBody, response: replies(doneSchema) } },
    async (req) => {
      await bin.apply(db(), tenantOf(req), entityTypes.Workspace, [req.body.id], 'delete');
      return ok(true, bin.successMessage('delete'));
    },
  );

  app.post(
    '/Workspaces/permanentlyDeleteOrRestoreAllWorkspacesOfUser',
    { config: { access: ADMIN_ROLES }, schema: { querystring: allWorkspacesQuery, response: replies(binCountSchema) } },
    async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await bin.applyAll(db(), tenantOf(req), entityTypes.Workspace, action);
      return ok({ count }, bin.successMessage(action));
    },
  );
}
