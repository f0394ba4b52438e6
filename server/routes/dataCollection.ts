// The online probe the fill page polls every 5 seconds. It touches nothing, so it stays cheap.
import { SURVEYS_API } from '../../schemas/surveys';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';

export default async function dataCollectionRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(SURVEYS_API.checkOnlineStatus),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(true);
    },
  });
}
