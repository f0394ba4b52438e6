// The online probe the fill page polls every 5 seconds. It touches nothing, so it stays cheap.
import { replies } from '../../schemas/envelope';
import { ok, type App } from '../envelope';

export default async function dataCollectionRoutes(app: App): Promise<void> {
  app.get(
    '/DataCollection/CheckOnlineStatus',
    { config: { access: 'public' }, schema: { response: replies({ type: 'boolean' }) } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(true);
    },
  );
}
