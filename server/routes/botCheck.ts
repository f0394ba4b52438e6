// The bot-check challenge the sign-in forms solve, and which mode is on.
import { botCheckConfigSchema } from '../../schemas/account';
import { fileReplies, replies } from '../../schemas/envelope';
import { ok, type App } from '../envelope';

export default async function botCheckRoutes(app: App): Promise<void> {
  app.get('/BotCheck/config', { config: { access: 'public' }, schema: { response: replies(botCheckConfigSchema) } }, async () =>
    ok({ mode: app.deps.botCheck.mode, siteKey: app.deps.config.recaptchaSiteKey || null }),
  );
  // The ALTCHA widget fetches this address and expects the bare challenge, not the envelope.
  app.get(
    '/BotCheck/challenge',
    {
      config: { access: 'public' },
      schema: { response: fileReplies('the bare ALTCHA challenge, or the envelope with null when the check is off') },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await app.deps.botCheck.challenge();
      return challenge ?? ok(null);
    },
  );
}
