// The online probe the fill page polls every 5 seconds. It touches nothing, so it stays cheap.
import { doneSchema } from '../../schemas/common';
import { replies } from '../../schemas/envelope';
import { ok, type App } from '../envelope';

export default async function dataCollectionRoutes(app: App): Promise<void> {
  app.get(
    '/DataCollection/CheckOnlineStatus',
    { config: { access: 'public' }, schema: { response: replies(doneSchema) } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(true);
    },
  );
}
