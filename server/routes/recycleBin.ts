// /api/DataCollection/* of the recycle bin: one item, a selection, and a workspace's whole project bin
// (spec 000 section 7 "Recycle bin"). Which roles may act depends on the entity type
// (schemas/recycleBin.ts); the service checks it.
import { RECYCLE_BIN_API } from '../../schemas/recycleBin';
import { callerOf, ORGANIZATION_HEADER, tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as projects from '../services/projects';
import * as bin from '../services/recycleBin';

export default async function recycleBinRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  const B = RECYCLE_BIN_API;

  // 'user', not a role list: a deactivated member restores their own membership here, which the
  // organization check of a role-list route would refuse. The service applies the same check otherwise.
  app.route({
    ...routeOf(B.toggleDeleteOrRestore),
    handler: async (req) => {
      const header = req.headers[ORGANIZATION_HEADER];
      const message = await bin.toggle(db(), callerOf(req), typeof header === 'string' ? header : undefined, {
        entityType: req.query.entityType,
        id: req.params.id,
        isDeleted: req.query.isDeleted,
        permanent: req.query.permanent ?? false,
      });
      return ok(true, message);
    },
  });

  app.route({
    ...routeOf(B.bulkToggleDeleteOrRestore),
    handler: async (req) => {
      const q = req.query;
      const action: bin.BinAction = !q.isDeleted ? 'restore' : q.permanent ? 'purge' : 'delete';
      await bin.apply(db(), tenantOf(req), q.entityType, req.body, action);
      return ok(true, bin.successMessage(action));
    },
  });

  app.route({
    ...routeOf(B.permanentlyDeleteOrRestoreAllProjectsInWorkspace),
    handler: async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await projects.binOfWorkspace(db(), tenantOf(req), {
        workspaceId: req.query.workspaceId,
        projectId: req.query.projectId,
        action,
      });
      return ok({ statusCode: 200, count }, bin.successMessage(action));
    },
  });
}
