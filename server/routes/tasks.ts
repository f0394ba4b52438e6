// The Task calls (spec 001 section 7): the data collector's tasks, statistics and status
// changes; the task management page's lists; assigning tasks and sending messaging tasks. Rules live
// in server/services/tasks.ts and messagingTasks.ts.
import {
  assignedIdsQuery,
  collectorTasksQuery,
  createMessagingTaskBody,
  createTaskBody,
  deletedFlagQuery,
  locationGroupsQuery,
  projectCollectorsQuery,
  projectQuery,
  projectTasksQuery,
  receiversQuery,
  statsQuery,
  TASK_MANAGERS,
  TASK_READERS,
  updateStatusBody,
} from '../../schemas/tasks';
import { ALL_ROLES } from '../../schemas/roles';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { collectorLocations, collectorSurveys } from '../db/queries/tasks';
import * as messaging from '../services/messagingTasks';
import * as tasks from '../services/tasks';

/** A collector's own calls: any role may hold tasks, and each sees only their own. */
const OWN = ALL_ROLES;

export default async function taskRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const msgDeps = () => ({ db: db(), config: app.deps.config, mailer: app.deps.mailer });

  app.get('/Task/GetTasksForDataCollector', { config: { access: OWN }, schema: { querystring: collectorTasksQuery } }, async (req) =>
    ok(await tasks.tasksForCollector(db(), tenantOf(req), req.query)),
  );
  app.get('/Task/GetTaskStatsticsByDataCollector', { config: { access: OWN }, schema: { querystring: statsQuery } }, async (req) =>
    ok(await tasks.statsForCollector(db(), tenantOf(req))),
  );
  app.get('/Task/getDataCollectorTasksSurveys', { config: { access: OWN }, schema: { querystring: deletedFlagQuery } }, async (req) => {
    const t = tenantOf(req);
    return ok(await collectorSurveys(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
  });
  app.get('/Task/getDataCollectorTasksLocations', { config: { access: OWN }, schema: { querystring: deletedFlagQuery } }, async (req) => {
    const t = tenantOf(req);
    return ok(await collectorLocations(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
  });
  app.get(
    '/Task/GetAssignedTaskIdsForSurveyAndDataCollector',
    { config: { access: OWN }, schema: { querystring: assignedIdsQuery } },
    async (req) => ok(await tasks.assignedTaskIds(db(), tenantOf(req), req.query)),
  );
  app.post('/Task/updateTaskStatus', { config: { access: OWN }, schema: { body: updateStatusBody } }, async (req) =>
    ok(
      await tasks.updateStatus(db(), tenantOf(req), req.body),
      req.body.newStatus === 1 ? 'The task has been rejected.' : 'The task is in progress.',
    ),
  );

  // Task management (the managers' page).
  app.get('/Task/getTasks', { config: { access: TASK_READERS }, schema: { querystring: projectTasksQuery } }, async (req) =>
    ok(await tasks.tasksOfProject(db(), tenantOf(req), req.query)),
  );
  app.get('/Task/getEnumeratorNamesByProject', { config: { access: TASK_READERS }, schema: { querystring: projectQuery } }, async (req) =>
    ok(await tasks.enumeratorsOfProject(db(), tenantOf(req), req.query.ProjectId)),
  );
  app.get(
    '/Task/getDataCollectorsOfProject',
    { config: { access: TASK_READERS }, schema: { querystring: projectCollectorsQuery } },
    async (req) => ok(await tasks.collectorsOfProject(db(), tenantOf(req), req.query)),
  );
  app.get('/Task/GetLocationGroups', { config: { access: TASK_READERS }, schema: { querystring: locationGroupsQuery } }, async (req) =>
    ok(await tasks.locationGroupsOf(db(), tenantOf(req), req.query)),
  );
  app.post('/Task/createTask', { config: { access: TASK_MANAGERS }, schema: { body: createTaskBody } }, async (req) => {
    const r = await tasks.createTasks(db(), tenantOf(req), req.body);
    return ok(r, 'Tasks have been assigned successfully.');
  });

  // Messaging tasks.
  app.get('/Task/getMessagingChannels', { config: { access: TASK_READERS } }, async () => ok(messaging.channelStatus(msgDeps())));
  app.get('/Task/getMessagingTaskReceivers', { config: { access: TASK_READERS }, schema: { querystring: receiversQuery } }, async (req) =>
    ok(await messaging.receiversOf(db(), tenantOf(req), req.query)),
  );
  app.post('/Task/createMessagingTask', { config: { access: TASK_MANAGERS }, schema: { body: createMessagingTaskBody } }, async (req) => {
    const r = await messaging.createMessagingTask(msgDeps(), tenantOf(req), req.body);
    return ok(r, 'The survey link has been sent.');
  });
}
