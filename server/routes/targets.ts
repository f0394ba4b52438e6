// The Target calls (schemas/targets.ts): a project's surveys with their targets and progress, one
// survey's target, saving one. Deleting and restoring go through the recycle bin (Target 13). Rules
// live in server/services/targets.ts.
import { TARGETS_API } from '../../schemas/targets';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as targets from '../services/targets';

export default async function targetRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const T = TARGETS_API;
  app.route({ ...routeOf(T.getTargets), handler: async (req) => ok(await targets.targetsOfProject(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(T.getSurveyTarget),
    handler: async (req) => ok(await targets.targetOfSurvey(db(), tenantOf(req), req.query.surveyId)),
  });
  app.route({
    ...routeOf(T.save),
    handler: async (req) => ok(await targets.saveTarget(db(), tenantOf(req), req.body), 'The target has been saved.'),
  });
}
