// The webhook calls (schemas/webhooks.ts): a survey's or a project's webhooks, added, listed, removed
// and enabled by its managers, with each one's delivery log and redelivery. Rules live in
// server/services/webhooks.ts; sending in server/services/webhookDelivery.ts.
import { WEBHOOKS_API } from '../../schemas/webhooks';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import * as hooks from '../services/webhooks';

export default async function webhookRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const deps = () => ({ db: db(), queue: app.webhooks.queue, policy: app.webhooks.policy });
  const W = WEBHOOKS_API;
  app.route({
    ...routeOf(W.add),
    handler: async (req) => ok(await hooks.addWebhook(deps(), tenantOf(req), req.body), 'The webhook has been added.'),
  });
  app.route({ ...routeOf(W.list), handler: async (req) => ok(await hooks.listWebhooks(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(W.remove),
    handler: async (req) => ok(await hooks.removeWebhook(db(), tenantOf(req), req.body.webhookId), 'The webhook has been removed.'),
  });
  app.route({
    ...routeOf(W.enable),
    handler: async (req) => ok(await hooks.enableWebhook(deps(), tenantOf(req), req.body.webhookId), 'The webhook has been enabled.'),
  });
  app.route({ ...routeOf(W.getDeliveries), handler: async (req) => ok(await hooks.listDeliveries(db(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(W.redeliver),
    handler: async (req) => ok(await hooks.redeliver(deps(), tenantOf(req), req.body.deliveryId), 'The delivery will be sent again.'),
  });
}
