// /api/payment/* and /api/Payment/* (spec 000 section 7 "Payment"), on the provider the server runs
// with (plugins/payments: the sandbox by default, Stripe with keys). services/billing.ts does the work.
//
// Two kinds of caller. The calls of /auth/payment and of registration come from an owner who has no
// session in the organization yet (still registering, or refused at sign-in because the subscription
// ended): they are public at the door and the caller proves ownership with the registration or payment
// token the server handed out, or with an access token of the organization's owner. The calls of
// /subscription-plans are the Organization role's, and work while the subscription has ended
// (withoutSubscription), since they are how the owner fixes it.
import type { FastifyRequest } from 'fastify';
import { PAYMENT_API } from '../../schemas/payment';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { verifyRegistrationToken } from '../auth/tokens';
import { invoiceById, allInvoices, organizationName } from '../db/queries/billing';
import { findMembership } from '../db/queries/memberships';
import { downloadHeaders } from '../plugins/storage';
import { problem } from '../problems';
import { MAX_INVOICES_IN_ZIP } from '../services/billing';
import { invoicePdf, invoicesZip } from '../services/invoiceDocuments';
import { editPlan } from '../services/plans';

const P = PAYMENT_API;
/** The in-app calls work while the subscription has ended: they are how the owner fixes it. */
const inApp = { withoutSubscription: true } as const;

export default async function paymentRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  /** The owner of `organizationId`, by registration/payment token or by an owner's access token. */
  async function requireOwner(req: FastifyRequest, organizationId: string): Promise<void> {
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const registering = bearer ? await verifyRegistrationToken(app.deps.config.jwtSecret, bearer) : undefined;
    if (registering?.organizationId === organizationId) return;
    // Set by the access hook only for a valid token of a session that has not ended.
    const claims = req.caller;
    const m = claims && (await findMembership(db(), claims.userId, organizationId));
    if (m?.roleId === 1) return;
    throw problem(bearer ? 'forbidden' : 'unauthorized');
  }

  /** In-app calls name the organization too: it must be the caller's (another one's is not found). */
  function sameOrganization(req: FastifyRequest, organizationId: string): string {
    const t = tenantOf(req);
    if (t.organizationId !== organizationId) throw problem('notFound');
    return t.organizationId;
  }

  app.route({
    ...routeOf(P.getPaymentConfig),
    handler: async () => ok({ provider: app.billing.provider.name, publishableKey: app.billing.provider.publishableKey }),
  });

  app.route({
    ...routeOf(P.createSubscription),
    handler: async (req) => {
      await requireOwner(req, req.body.organizationId);
      // Omitted on the standalone subscription page: annual billing, the default everywhere.
      return ok(
        await app.billing.createSubscription({
          organizationId: req.body.organizationId,
          packetId: req.body.packetId,
          isMonthly: req.body.isMonthlySubscription === true,
        }),
      );
    },
  });

  app.route({
    ...routeOf(P.activateSubscription),
    handler: async (req) => {
      await requireOwner(req, req.body.organizationId);
      const r = await app.billing.activate({
        organizationId: req.body.organizationId,
        providerSubscriptionId: req.body.stripeSubscriptionId,
      });
      return ok({ message: r.message, status: r.status }, r.message);
    },
  });

  app.route({
    ...routeOf(P.createPaymentMethod),
    handler: async (req) => {
      await requireOwner(req, req.body.organizationId);
      return ok(
        await app.billing.createSandboxPaymentMethod({
          organizationId: req.body.organizationId,
          number: req.body.number,
          expMonth: req.body.expMonth,
          expYear: req.body.expYear,
        }),
      );
    },
  });

  // Stripe's card form asks for this first, confirms it in the browser (3-D Secure when the bank asks),
  // then names it to addPaymentMethodToOrganization. The same callers as that call.
  app.route({
    ...routeOf(P.createSetupIntent),
    handler: async (req) => {
      await requireOwner(req, req.body.organizationId);
      return ok(await app.billing.createCardSetup({ organizationId: req.body.organizationId }));
    },
  });

  app.route({
    ...routeOf(P.addPaymentMethodToOrganization),
    handler: async (req) => {
      await requireOwner(req, req.query.organizationId);
      const r = await app.billing.addPaymentMethod({
        organizationId: req.query.organizationId,
        paymentMethodId: req.query.paymentMethodId,
        setupIntentId: req.query.setupIntentId,
      });
      return ok(r, r.message);
    },
  });

  app.route({
    ...routeOf(P.getStripeSubscriptionByOrganization, inApp),
    handler: async (req) => ok(await app.billing.subscription(sameOrganization(req, req.query.organizationId))),
  });

  app.route({
    ...routeOf(P.updateSubscriptionPlan, inApp),
    handler: async (req) => {
      const r = await app.billing.changePlan({
        organizationId: tenantOf(req).organizationId,
        providerSubscriptionId: req.query.stripeSubscriptionId,
        newPacketId: req.query.newPacketId,
        atPeriodEnd: req.query.updatePlanAfterPeriodEnds,
        isMonthly: req.query.isMonthly,
      });
      return ok(r, r.message);
    },
  });

  app.route({
    ...routeOf(P.cancelStripeSubscription, inApp),
    handler: async (req) => {
      const { reasonOfCancellation: reason, customReasonOfCancellation: custom = '' } = req.query;
      // 'Please type something here': the custom reason is required with reason 4 (other).
      if (reason === 4 && !custom.trim())
        throw problem('validation', { message: 'Please type something here', errors: ["'customReasonOfCancellation' is required"] });
      const r = await app.billing.cancel({
        organizationId: tenantOf(req).organizationId,
        providerSubscriptionId: req.query.subscriptionId,
        atPeriodEnd: req.query.cancelSubscriptionAfterPeriodEnds !== false,
        reason,
        customReason: custom.trim(),
      });
      return ok(r, r.message);
    },
  });

  app.route({
    ...routeOf(P.getStripeInvoicesDetailsByOrganizationUser, inApp),
    handler: async (req) => {
      const org = sameOrganization(req, req.query.organizationId);
      return ok(
        await app.billing.invoices(org, { search: req.query.search ?? '', page: req.query.page ?? 1, pageSize: req.query.pageSize ?? 10 }),
      );
    },
  });

  app.route({
    ...routeOf(P.downloadInvoice, inApp),
    handler: async (req, reply) => {
      const org = tenantOf(req).organizationId;
      const inv = await invoiceById(db(), org, req.params.invoiceId);
      if (!inv) throw problem('notFound');
      const bytes = await invoicePdf(inv, (await organizationName(db(), org)) ?? '');
      return reply
        .headers(downloadHeaders(`Invoice-${String(inv.number).padStart(4, '0')}.pdf`, 'application/pdf'))
        .send(Buffer.from(bytes));
    },
  });

  app.route({
    ...routeOf(P.downloadAllStripeInvoicesForOrganization, inApp),
    handler: async (req, reply) => {
      const org = sameOrganization(req, req.query.organizationId);
      const invoices = await allInvoices(db(), org, MAX_INVOICES_IN_ZIP);
      const zip = await invoicesZip(invoices, (await organizationName(db(), org)) ?? '');
      return reply.headers(downloadHeaders('Invoices.zip', 'application/zip')).send(zip);
    },
  });

  // Stripe's webhook: the raw body is what the signature covers, so this route reads it unparsed (its own scope).
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    hook.route({
      ...routeOf(P.webhook),
      handler: async (req) => {
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw problem('webhookSignature');
        await app.billing.stripeWebhook(req.body, signature);
        return ok({ received: true });
      },
    });
  });

  // Plans are the platform's: the SuperAdmin role edits them (docs/decisions/0051-billing-rules.md).
  app.route({ ...routeOf(P.editPlan), handler: async (req) => ok(await editPlan(db(), req.body), 'Plan saved successfully!') });
}
