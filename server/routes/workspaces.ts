// /api/Workspaces/*: the workspace cards, the add and edit forms, delete into the recycle bin and the
// bin's "all" actions (spec 000 section 7 "Organizations and workspaces").
import { entityTypes } from '../../schemas/entityTypes';
import { WORKSPACES_API as W } from '../../schemas/workspaces';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as bin from '../services/recycleBin';
import * as workspaces from '../services/workspaces';

export default async function workspaceRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  // Everyone lists their own workspaces (a DataCollector picks one before its tasks); the bin
  // (isDeleted=true) is for the admin roles only, checked in the service.
  app.route({ ...routeOf(W.getMyWorkspaces), handler: async (req) => ok(await workspaces.list(db(), tenantOf(req), req.query)) });

  app.route({ ...routeOf(W.getById), handler: async (req) => ok(await workspaces.getById(db(), tenantOf(req), req.params.id)) });

  app.route({
    ...routeOf(W.add),
    handler: async (req) => ok(await workspaces.add(db(), tenantOf(req), req.body), 'Workspace added successfully!'),
  });

  app.route({
    ...routeOf(W.edit),
    handler: async (req) => {
      await workspaces.edit(db(), tenantOf(req), req.body);
      return ok(true, 'Workspace edited successfully!');
    },
  });

  app.route({
    ...routeOf(W.delete),
    handler: async (req) => {
      await bin.apply(db(), tenantOf(req), entityTypes.Workspace, [req.body.id], 'delete');
      return ok(true, bin.successMessage('delete'));
    },
  });

  app.route({
    ...routeOf(W.permanentlyDeleteOrRestoreAllWorkspacesOfUser),
    handler: async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await bin.applyAll(db(), tenantOf(req), entityTypes.Workspace, action);
      return ok({ count }, bin.successMessage(action));
    },
  });
}
