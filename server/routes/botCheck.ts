// The bot-check challenge the sign-in forms solve, and which mode is on.
import { BOT_CHECK_API } from '../../schemas/account';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';

export default async function botCheckRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(BOT_CHECK_API.config),
    handler: async () => ok({ mode: app.deps.botCheck.mode, siteKey: app.deps.config.recaptchaSiteKey || null }),
  });
  // The ALTCHA widget fetches this address and expects the bare challenge, not the envelope.
  app.route({
    ...routeOf(BOT_CHECK_API.challenge),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await app.deps.botCheck.challenge();
      return challenge ?? ok(null);
    },
  });
}
