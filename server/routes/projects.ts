// /api/Projects/*: the 'Project List', the project types, the create form, delete into the recycle bin,
// and one project for its dashboard (spec 000 section 7 "Projects").
import { entityTypes } from '../../schemas/entityTypes';
import { PROJECTS_API as P } from '../../schemas/projects';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as projects from '../services/projects';
import * as bin from '../services/recycleBin';

export default async function projectRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  // The deleted-projects bin (isDeleted=true) is for the five manager roles, checked in the service.
  app.route({
    ...routeOf(P.getMyProjectsInWorkspace),
    handler: async (req) => ok(await projects.list(db(), tenantOf(req), req.params.workspaceId, req.query)),
  });

  app.route({
    ...routeOf(P.add),
    handler: async (req) => ok(await projects.add(db(), tenantOf(req), req.body), 'Project created successfully!'),
  });

  app.route({
    ...routeOf(P.delete),
    handler: async (req) => {
      await bin.apply(db(), tenantOf(req), entityTypes.Project, [req.body.id], 'delete');
      return ok(true, bin.successMessage('delete'));
    },
  });

  app.route({ ...routeOf(P.getAllProjectTypes), handler: async () => ok(await projects.types(db())) });

  app.route({ ...routeOf(P.getProjectsOfOrganization), handler: async (req) => ok(await projects.ofOrganization(db(), tenantOf(req))) });

  // Not in the spec's list of calls: what /dashboard shows for the chosen project.
  app.route({ ...routeOf(P.getById), handler: async (req) => ok(await projects.detail(db(), tenantOf(req), req.params.id)) });
}
