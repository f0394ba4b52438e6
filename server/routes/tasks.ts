// The Task calls (spec 001 section 7): the data collector's tasks, statistics and status
// changes; the task management page's lists; assigning tasks and sending messaging tasks. Rules live
// in server/services/tasks.ts and messagingTasks.ts.
import { TASKS_API } from '../../schemas/tasks';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { collectorLocations, collectorSurveys } from '../db/queries/tasks';
import * as messaging from '../services/messagingTasks';
import * as tasks from '../services/tasks';

export default async function taskRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const msgDeps = () => ({ db: db(), config: app.deps.config, mailer: app.deps.mailer });
  const T = TASKS_API;

  // The data collector's own calls: any role may hold tasks, and each sees only their own.
  app.route({
    ...routeOf(T.getTasksForDataCollector),
    handler: async (req) => ok(await tasks.tasksForCollector(db(), tenantOf(req), req.query)),
  });
  app.route({
    ...routeOf(T.getTaskStatsticsByDataCollector),
    handler: async (req) => ok(await tasks.statsForCollector(db(), tenantOf(req))),
  });
  app.route({
    ...routeOf(T.getDataCollectorTasksSurveys),
    handler: async (req) => {
      const t = tenantOf(req);
      return ok(await collectorSurveys(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
    },
  });
  app.route({
    ...routeOf(T.getDataCollectorTasksLocations),
    handler: async (req) => {
      const t = tenantOf(req);
      return ok(await collectorLocations(db(), t.organizationId, t.memberId, req.query.isDeleted ?? false));
    },
  });
  app.route({
    ...routeOf(T.getAssignedTaskIdsForSurveyAndDataCollector),
    handler: async (req) => ok(await tasks.assignedTaskIds(db(), tenantOf(req), req.query)),
  });
  app.route({
    ...routeOf(T.updateTaskStatus),
    handler: async (req) =>
      ok(
        await tasks.updateStatus(db(), tenantOf(req), req.body),
        req.body.newStatus === 1 ? 'The task has been rejected.' : 'The task is in progress.',
      ),
  });

  // Task management (the managers' page).
  app.route({ ...routeOf(T.getTasks), handler: async (req) => ok(await tasks.tasksOfProject(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(T.getEnumeratorNamesByProject),
    handler: async (req) => ok(await tasks.enumeratorsOfProject(db(), tenantOf(req), req.query.ProjectId)),
  });
  app.route({
    ...routeOf(T.getDataCollectorsOfProject),
    handler: async (req) => ok(await tasks.collectorsOfProject(db(), tenantOf(req), req.query)),
  });
  app.route({ ...routeOf(T.getLocationGroups), handler: async (req) => ok(await tasks.locationGroupsOf(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(T.createTask),
    handler: async (req) => {
      const r = await tasks.createTasks(db(), tenantOf(req), req.body);
      return ok(r, 'Tasks have been assigned successfully.');
    },
  });

  // Messaging tasks.
  app.route({ ...routeOf(T.getMessagingChannels), handler: async () => ok(messaging.channelStatus(msgDeps())) });
  app.route({
    ...routeOf(T.getMessagingTaskReceivers),
    handler: async (req) => ok(await messaging.receiversOf(db(), tenantOf(req), req.query)),
  });
  app.route({
    ...routeOf(T.createMessagingTask),
    handler: async (req) => {
      const r = await messaging.createMessagingTask(msgDeps(), tenantOf(req), req.body);
      return ok(r, 'The survey link has been sent.');
    },
  });
}
