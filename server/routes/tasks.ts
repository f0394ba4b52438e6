// The Task calls (spec 001 section 7): the data collector's tasks, statistics and status
// changes; the task management page's lists; assigning tasks and sending messaging tasks. Rules live
// in server/services/tasks.ts and messagingTasks.ts.
import { replies } from '../../schemas/envelope';
import {
  assignedIdsQuery,
  assignedTaskIdsSchema,
  collectorLocationsSchema,
  collectorSurveysSchema,
  collectorTasksQuery,
  createdMessagingTaskSchema,
  createdTasksSchema,
  createMessagingTaskBody,
  createTaskBody,
  dataCollectorListSchema,
  deletedFlagQuery,
  enumeratorNamesSchema,
  locationGroupListSchema,
  locationGroupsQuery,
  messagingChannelsSchema,
  projectCollectorsQuery,
  projectQuery,
  projectTasksQuery,
  receiverListSchema,
  receiversQuery,
  statsQuery,
  TASK_MANAGERS,
  TASK_READERS,
  taskListSchema,
  taskStatsSchema,
  taskStatusSchema,
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

  app.get(
    '/Task/GetTasksForDataCollector',
    { config: { access: OWN }, schema: { querystring: collectorTasksQuery, response: replies(taskListSchema) } },
    async (req) => ok(await tasks.tasksForCollector(db(), tenantOf(req), req.query)),
  );
  app.get(
    '/Task/GetTaskStatsticsByDataCollector',
    { config: { access: OWN }, schema: { querystring: statsQuery, response: replies(taskStatsSchema) } },
    async (req) => ok(await tasks.statsForCollector(db(), tenantOf(req))),
  );
  app.get(
    '/Task/getDataCollectorTasksSurveys',
    { config: { access: OWN }, schema: { querystring: deletedFlagQuery, response: replies(collectorSurveysSchema) } },
    async (req) => {
      const t = tenantOf(req);
      return ok(await collectorSurveys(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
    },
  );
  app.get(
    '/Task/getDataCollectorTasksLocations',
    { config: { access: OWN }, schema: { querystring: deletedFlagQuery, response: replies(collectorLocationsSchema) } },
    async (req) => {
      const t = tenantOf(req);
      return ok(await collectorLocations(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
    },
  );
  app.get(
    '/Task/GetAssignedTaskIdsForSurveyAndDataCollector',
    { config: { access: OWN }, schema: { querystring: assignedIdsQuery, response: replies(assignedTaskIdsSchema) } },
    async (req) => ok(await tasks.assignedTaskIds(db(), tenantOf(req), req.query)),
  );
  app.post(
    '/Task/updateTaskStatus',
    { config: { access: OWN }, schema: { body: updateStatusBody, response: replies(taskStatusSchema) } },
    async (req) =>
      ok(
        await tasks.updateStatus(db(), tenantOf(req), req.body),
        req.body.newStatus === 1 ? 'The task has been rejected.' : 'The task is in progress.',
      ),
  );

  // Task management (the managers' page).
  app.get(
    '/Task/getTasks',
    { config: { access: TASK_READERS }, schema: { querystring: projectTasksQuery, response: replies(taskListSchema) } },
    async (req) => ok(await tasks.tasksOfProject(db(), tenantOf(req), req.query)),
  );
  app.get(
    '/Task/getEnumeratorNamesByProject',
    { config: { access: TASK_READERS }, schema: { querystring: projectQuery, response: replies(enumeratorNamesSchema) } },
    async (req) => ok(await tasks.enumeratorsOfProject(db(), tenantOf(req), req.query.ProjectId)),
  );
  app.get(
    '/Task/getDataCollectorsOfProject',
    { config: { access: TASK_READERS }, schema: { querystring: projectCollectorsQuery, response: replies(dataCollectorListSchema) } },
    async (req) => ok(await tasks.collectorsOfProject(db(), tenantOf(req), req.query)),
  );
  app.get(
    '/Task/GetLocationGroups',
    { config: { access: TASK_READERS }, schema: { querystring: locationGroupsQuery, response: replies(locationGroupListSchema) } },
    async (req) => ok(await tasks.locationGroupsOf(db(), tenantOf(req), req.query)),
  );
  app.post(
    '/Task/createTask',
    { config: { access: TASK_MANAGERS }, schema: { body: createTaskBody, response: replies(createdTasksSchema) } },
    async (req) => {
      const r = await tasks.createTasks(db(), tenantOf(req), req.body);
      return ok(r, 'Tasks have been assigned successfully.');
    },
  );

  // Messaging tasks.
  app.get(
    '/Task/getMessagingChannels',
    { config: { access: TASK_READERS }, schema: { response: replies(messagingChannelsSchema) } },
    async () => ok(messaging.channelStatus(msgDeps())),
  );
  app.get(
    '/Task/getMessagingTaskReceivers',
    { config: { access: TASK_READERS }, schema: { querystring: receiversQuery, response: replies(receiverListSchema) } },
    async (req) => ok(await messaging.receiversOf(db(), tenantOf(req), req.query)),
  );
  app.post(
    '/Task/createMessagingTask',
    { config: { access: TASK_MANAGERS }, schema: { body: createMessagingTaskBody, response: replies(createdMessagingTaskSchema) } },
    async (req) => {
      const r = await messaging.createMessagingTask(msgDeps(), tenantOf(req), req.body);
      return ok(r, 'The survey link has been sent.');
    },
  );
}
