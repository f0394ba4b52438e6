// /api/Projects/*: the 'Project List', the project types, the create form, delete into the recycle bin,
// and one project for its dashboard (spec 000 section 7 "Projects").
import { doneSchema } from '../../schemas/common';
import { entityTypes } from '../../schemas/entityTypes';
import { uuid } from '../../schemas/common';
import { replies } from '../../schemas/envelope';
import {
  addProjectBody,
  organizationProjectsSchema,
  projectDetailSchema,
  projectListSchema,
  projectTypesSchema,
  workspaceIdParams,
} from '../../schemas/projects';
import { idParams } from '../../schemas/recycleBin';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES } from '../../schemas/roles';
import { idBody, listQuery } from '../../schemas/workspaces';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import * as projects from '../services/projects';
import * as bin from '../services/recycleBin';

export default async function projectRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  // The deleted-projects bin (isDeleted=true) is for the five manager roles, checked in the service.
  app.get(
    '/Projects/getMyProjectsInWorkspace/:workspaceId',
    {
      config: { access: ALL_BUT_COLLECTOR },
      schema: { params: workspaceIdParams, querystring: listQuery, response: replies(projectListSchema) },
    },
    async (req) => ok(await projects.list(db(), tenantOf(req), req.params.workspaceId, req.query)),
  );

  app.post('/Projects/add', { config: { access: MANAGER_ROLES }, schema: { body: addProjectBody, response: replies(uuid) } }, async (req) =>
    ok(await projects.add(db(), tenantOf(req), req.body), 'Project created successfully!'),
  );

  app.post(
    '/Projects/delete',
    { config: { access: MANAGER_ROLES }, schema: { body: idBody, response: replies(doneSchema) } },
    async (req) => {
      await bin.apply(db(), tenantOf(req), entityTypes.Project, [req.body.id], 'delete');
      return ok(true, bin.successMessage('delete'));
    },
  );

  app.get(
    '/Projects/getAllProjectTypes',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { response: replies(projectTypesSchema) } },
    async () => ok(await projects.types(db())),
  );

  app.get(
    '/Projects/getProjectsOfOrganization',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { response: replies(organizationProjectsSchema) } },
    async (req) => ok(await projects.ofOrganization(db(), tenantOf(req))),
  );

  // Not in the spec's list of calls: what /dashboard shows for the chosen project.
  app.get(
    '/Projects/getById/:id',
    { config: { access: ALL_BUT_COLLECTOR }, schema: { params: idParams, response: replies(projectDetailSchema) } },
    async (req) => ok(await projects.detail(db(), tenantOf(req), req.params.id)),
  );
}
