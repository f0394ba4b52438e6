// /api/DataCollection/* of the recycle bin: one item, a selection, and a workspace's whole project bin
// (spec 000 section 7 "Recycle bin"). Which roles may act depends on the entity type
// (schemas/recycleBin.ts); the service checks it.
import { doneSchema } from '../../schemas/common';
import { replies } from '../../schemas/envelope';
import {
  allProjectsQuery,
  anyBinRoles,
  bulkIdsBody,
  bulkToggleQuery,
  idParams,
  projectBinCountSchema,
  toggleQuery,
} from '../../schemas/recycleBin';
import { MANAGER_ROLES } from '../../schemas/roles';
import { callerOf, ORGANIZATION_HEADER, tenantOf } from '../access';
import { ok, type App } from '../envelope';
import * as projects from '../services/projects';
import * as bin from '../services/recycleBin';

export default async function recycleBinRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  // 'user', not a role list: a deactivated member restores their own membership here, which the
  // organization check of a role-list route would refuse. The service applies the same check otherwise.
  app.put(
    '/DataCollection/:id/toggleDeleteOrRestore',
    { config: { access: 'user' }, schema: { params: idParams, querystring: toggleQuery, response: replies(doneSchema) } },
    async (req) => {
      const header = req.headers[ORGANIZATION_HEADER];
      const message = await bin.toggle(db(), callerOf(req), typeof header === 'string' ? header : undefined, {
        entityType: req.query.entityType,
        id: req.params.id,
        isDeleted: req.query.isDeleted,
        permanent: req.query.permanent ?? false,
      });
      return ok(true, message);
    },
  );

  app.put(
    '/DataCollection/bulkToggleDeleteOrRestore',
    { config: { access: anyBinRoles }, schema: { querystring: bulkToggleQuery, body: bulkIdsBody, response: replies(doneSchema) } },
    async (req) => {
      const q = req.query;
      const action: bin.BinAction = !q.isDeleted ? 'restore' : q.permanent ? 'purge' : 'delete';
      await bin.apply(db(), tenantOf(req), q.entityType, req.body, action);
      return ok(true, bin.successMessage(action));
    },
  );

  app.post(
    '/DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace',
    { config: { access: MANAGER_ROLES }, schema: { querystring: allProjectsQuery, response: replies(projectBinCountSchema) } },
    async (req) => {
      const action = bin.allActionOf(req.query);
      const count = await projects.binOfWorkspace(db(), tenantOf(req), {
        workspaceId: req.query.workspaceId,
        projectId: req.query.projectId,
        action,
      });
      return ok({ statusCode: 200, count }, bin.successMessage(action));
    },
  );
}
