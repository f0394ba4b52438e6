// The Stripe provider against Stripe's documented request and response shapes. Stripe's servers cannot
// be reached from here, so a local HTTP server answers the API calls the way Stripe's reference shows
// (form-encoded requests to /v1/..., JSON objects back), passed to the official client as its host and
// port; webhook deliveries are signed with stripe.webhooks.generateTestHeaderString.
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRegistrationToken } from '../../server/auth/tokens';
import { createStripeProvider } from '../../server/plugins/payments/stripe';
import { createTestApp, type TestApp } from '../support/app';

const WEBHOOK_SECRET = 'whsec_test_secret';
const requests: { method: string; path: string; body: URLSearchParams }[] = [];
const now = Math.floor(Date.now() / 1000);
let cancelAtPeriodEnd = false;
/** The subscription schedule holding sub_test_1, as Stripe reports it on the subscription. */
let schedule: string | null = null;

const subscription = () => ({
  id: 'sub_test_1',
  object: 'subscription',
  status: 'trialing',
  customer: 'cus_test_1',
  cancel_at_period_end: cancelAtPeriodEnd,
  cancel_at: null,
  schedule,
  items: {
    object: 'list',
    data: [
      {
        id: 'si_test_1',
        object: 'subscription_item',
        price: { id: 'price_standard_year', object: 'price' },
        current_period_start: now,
        current_period_end: now + 30 * 86400,
      },
    ],
  },
  latest_invoice: {
    id: 'in_test_1',
    object: 'invoice',
    confirmation_secret: { client_secret: 'pi_test_1_secret_abc', type: 'payment_intent' },
  },
});

/**
 * SetupIntents as Stripe keeps them (docs.stripe.com/api/setup_intents/object). The browser's
 * stripe.confirmCardSetup is what turns one to succeeded with the card on it; here a test does that.
 */
const setupIntents = new Map<string, { id: string; customer: string; status: string; payment_method: string | null; usage: string }>();
const card = (id: string) => ({
  id,
  object: 'payment_method',
  type: 'card',
  customer: 'cus_test_1',
  card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 },
});
const setupIntent = (
  si: { id: string; customer: string; status: string; payment_method: string | null; usage: string },
  expand: boolean,
) => ({
  ...si,
  object: 'setup_intent',
  client_secret: `${si.id}_secret_local`,
  created: now,
  livemode: false,
  last_setup_error: null,
  next_action: null,
  payment_method_types: ['card'],
  payment_method: expand && si.payment_method ? card(si.payment_method) : si.payment_method,
});

let server: Server;
let t: TestApp;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, body: new URLSearchParams(raw) });
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url!, 'http://stripe.local');
      // SetupIntents: made for a customer, read back (expand[]=payment_method puts the card object in).
      if (url.pathname === '/v1/setup_intents' && req.method === 'POST') {
        const form = new URLSearchParams(raw);
        const si = {
          id: `seti_test_${setupIntents.size + 1}`,
          customer: form.get('customer')!,
          status: 'requires_payment_method',
          payment_method: null,
          usage: form.get('usage') ?? 'off_session',
        };
        setupIntents.set(si.id, si);
        return res.end(JSON.stringify(setupIntent(si, false)));
      }
      const seti = /^\/v1\/setup_intents\/([\w-]+)$/.exec(url.pathname);
      if (seti && req.method === 'GET') {
        const si = setupIntents.get(seti[1]!);
        if (!si) {
          res.statusCode = 404;
          return res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'intent',
                message: `No such setupintent: '${seti[1]}'`,
              },
            }),
          );
        }
        return res.end(JSON.stringify(setupIntent(si, url.searchParams.getAll('expand[0]').includes('payment_method'))));
      }
      if (url.pathname === '/v1/customers/cus_test_1' && req.method === 'POST')
        return res.end(JSON.stringify({ id: 'cus_test_1', object: 'customer' }));
      const pay = /^\/v1\/invoices\/([\w-]+)\/pay$/.exec(url.pathname);
      if (pay) return res.end(JSON.stringify({ id: pay[1], object: 'invoice', status: 'paid' }));
      if (req.url === '/v1/customers') return res.end(JSON.stringify({ id: 'cus_test_1', object: 'customer' }));
      if (req.url === '/v1/subscriptions') return res.end(JSON.stringify(subscription()));
      if (req.url === '/v1/subscriptions/sub_test_1' && req.method === 'GET') return res.end(JSON.stringify(subscription()));
      // Subscription schedules (docs.stripe.com/billing/subscriptions/subscription-schedules): made from a
      // subscription, its phases rewritten, released.
      if (req.url === '/v1/subscription_schedules' && req.method === 'POST') {
        schedule = 'sub_sched_1';
        const phase = { start_date: now, end_date: now + 30 * 86400, items: [{ price: 'price_standard_year', quantity: 1 }] };
        return res.end(
          JSON.stringify({
            id: schedule,
            object: 'subscription_schedule',
            status: 'active',
            subscription: 'sub_test_1',
            end_behavior: 'release',
            phases: [phase],
          }),
        );
      }
      if (req.url === '/v1/subscription_schedules/sub_sched_1' && req.method === 'POST') {
        return res.end(
          JSON.stringify({
            id: 'sub_sched_1',
            object: 'subscription_schedule',
            status: 'active',
            subscription: 'sub_test_1',
            end_behavior: 'release',
            phases: [],
          }),
        );
      }
      if (req.url === '/v1/subscription_schedules/sub_sched_1/release' && req.method === 'POST') {
        schedule = null;
        return res.end(
          JSON.stringify({
            id: 'sub_sched_1',
            object: 'subscription_schedule',
            status: 'released',
            subscription: null,
            released_subscription: 'sub_test_1',
            phases: [],
          }),
        );
      }
      if (req.url === '/v1/subscriptions/sub_test_1' && req.method === 'POST') {
        if (new URLSearchParams(raw).get('cancel_at_period_end') === 'true') cancelAtPeriodEnd = true;
        return res.end(JSON.stringify(subscription()));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${req.url}` } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const provider = createStripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    webhookSecret: WEBHOOK_SECRET,
    prices: {
      1: { monthly: 'price_standard_month', yearly: 'price_standard_year' },
      2: { monthly: 'price_premium_month', yearly: 'price_premium_year' },
    },
    host: { host: '127.0.0.1', port, protocol: 'http' },
  });
  t = await createTestApp({ paymentProvider: provider });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

const signed = (payload: string, secret = WEBHOOK_SECRET) => ({
  'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  'content-type': 'application/json',
});

describe('the Stripe provider', () => {
  let organizationId: string;
  it('creates the customer and the subscription with the trial, and tells the browser its key', async () => {
    organizationId = (
      await t.db
        .insertInto('organizations')
        .values({ name: 'Stripe Org', registration_done: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const token = await signRegistrationToken(t.config.jwtSecret, { userId: t.ids.users['organization@demo.test']!, organizationId });
    const res = await t.call<{ subscriptionId: string; clientSecret: string; status: string }>(
      'POST',
      '/api/payment/stripe/createSubscription',
      {
        headers: { authorization: `Bearer ${token}` },
        body: { organizationId, packetId: 1, isMonthlySubscription: false },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ subscriptionId: 'sub_test_1', clientSecret: 'pi_test_1_secret_abc', status: 'trialing' });
    const create = requests.find((r) => r.path === '/v1/subscriptions')!;
    expect(create.body.get('items[0][price]')).toBe('price_standard_year');
    expect(create.body.get('trial_period_days')).toBe('30');
    expect(create.body.get('customer')).toBe('cus_test_1');
    expect(create.body.get('trial_settings[end_behavior][missing_payment_method]')).toBe('create_invoice');
    expect((await t.call<{ provider: string; publishableKey: string }>('GET', '/api/Payment/getPaymentConfig')).body.data).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_local',
    });
  });

  it('refuses a webhook whose signature does not match, and mirrors a signed subscription update and a paid invoice', async () => {
    const update = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          ...subscription(),
          status: 'past_due',
          items: { object: 'list', data: [{ ...subscription().items.data[0], price: { id: 'price_premium_month', object: 'price' } }] },
        },
      },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      payload: update,
      headers: signed(update, 'whsec_wrong'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature is not valid.');
    const ok = await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: update, headers: signed(update) });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['status', 'plan_id', 'is_monthly'])
      .where('provider_subscription_id', '=', 'sub_test_1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'past_due', plan_id: 2, is_monthly: true });

    const paid = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_test_2',
          object: 'invoice',
          status: 'paid',
          amount_due: 14900,
          created: now,
          billing_reason: 'subscription_cycle',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
          lines: {
            object: 'list',
            data: [
              {
                id: 'il_1',
                object: 'line_item',
                period: { start: now, end: now + 30 * 86400 },
                pricing: { type: 'price_details', price_details: { price: 'price_premium_month', product: 'prod_1' } },
              },
            ],
          },
        },
      },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: paid, headers: signed(paid) })).statusCode,
    ).toBe(200);
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['amount_cents', 'status', 'plan_name'])
      .where('provider_invoice_id', '=', 'in_test_2')
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ amount_cents: 14900, status: 'paid', plan_name: 'Premium' });
  });

  it("changes the plan at the period's end through a subscription schedule, mirrored as pending until the renewal", async () => {
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'active', plan_id: 1, is_monthly: false })
      .where('provider_subscription_id', '=', 'sub_test_1')
      .execute();
    const { organization_id: organizationId } = await t.db
      .selectFrom('subscriptions')
      .select('organization_id')
      .where('provider_subscription_id', '=', 'sub_test_1')
      .executeTakeFirstOrThrow();
    const later = await t.app.billing.changePlan({
      organizationId,
      providerSubscriptionId: 'sub_test_1',
      newPacketId: 2,
      isMonthly: false,
      atPeriodEnd: true,
    });
    expect(later.message).toBe('Your plan will be updated when the current period ends.');
    expect(requests.find((r) => r.path === '/v1/subscription_schedules')!.body.get('from_subscription')).toBe('sub_test_1');
    const phases = requests.filter((r) => r.path === '/v1/subscription_schedules/sub_sched_1').at(-1)!.body;
    expect(Object.fromEntries(phases)).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': 'price_standard_year',
      'phases[0][start_date]': String(now),
      'phases[0][end_date]': String(now + 30 * 86400),
      'phases[1][items][0][price]': 'price_premium_year',
      'phases[1][duration][interval]': 'year',
    });
    const pending = await t.db
      .selectFrom('subscriptions')
      .select(['plan_id', 'pending_plan_id', 'pending_is_monthly'])
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ plan_id: 1, pending_plan_id: 2, pending_is_monthly: false });

    // Stripe moves to the second phase at the renewal and reports the subscription on the new price.
    const renewed = JSON.stringify({
      id: 'evt_3',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          ...subscription(),
          status: 'active',
          items: { object: 'list', data: [{ ...subscription().items.data[0], price: { id: 'price_premium_year', object: 'price' } }] },
        },
      },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: renewed, headers: signed(renewed) })).statusCode,
    ).toBe(200);
    const after = await t.db
      .selectFrom('subscriptions')
      .select(['plan_id', 'pending_plan_id'])
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ plan_id: 2, pending_plan_id: null });

    // A change now, while one waits in the schedule, releases the schedule before changing the price.
    await t.app.billing.changePlan({
      organizationId,
      providerSubscriptionId: 'sub_test_1',
      newPacketId: 1,
      isMonthly: true,
      atPeriodEnd: true,
    });
    const creates = requests.filter((r) => r.path === '/v1/subscription_schedules').length;
    expect(creates).toBe(1);
    await t.app.billing.changePlan({
      organizationId,
      providerSubscriptionId: 'sub_test_1',
      newPacketId: 1,
      isMonthly: false,
      atPeriodEnd: false,
    });
    const paths = requests.map((r) => `${r.method} ${r.path}`);
    expect(paths.lastIndexOf('POST /v1/subscription_schedules/sub_sched_1/release')).toBeLessThan(
      paths.lastIndexOf('POST /v1/subscriptions/sub_test_1'),
    );
    expect(requests.at(-1)!.body.get('items[0][price]')).toBe('price_standard_year');
    expect(
      (
        await t.db
          .selectFrom('subscriptions')
          .select('pending_plan_id')
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).pending_plan_id,
    ).toBeNull();
  });

  it('cancels at the end of the period through the subscription update call', async () => {
    await t.db.updateTable('subscriptions').set({ status: 'active' }).where('provider_subscription_id', '=', 'sub_test_1').execute();
    const sub = await t.db
      .selectFrom('subscriptions')
      .select('organization_id')
      .where('provider_subscription_id', '=', 'sub_test_1')
      .executeTakeFirstOrThrow();
    await t.app.billing.cancel({
      organizationId: sub.organization_id,
      providerSubscriptionId: 'sub_test_1',
      atPeriodEnd: true,
      reason: 1,
      customReason: '',
    });
    const call = requests.filter((r) => r.path === '/v1/subscriptions/sub_test_1').at(-1)!;
    expect(call.body.get('cancel_at_period_end')).toBe('true');
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['cancel_at', 'ends_at'])
      .where('provider_subscription_id', '=', 'sub_test_1')
      .executeTakeFirstOrThrow();
    expect(row.cancel_at).toEqual(row.ends_at);
  });

  it("sets a card up through a SetupIntent for the organization's customer, and takes it only once Stripe says it succeeded for that customer", async () => {
    const { organization_id: organizationId } = await t.db
      .selectFrom('subscriptions')
      .select('organization_id')
      .where('provider_subscription_id', '=', 'sub_test_1')
      .executeTakeFirstOrThrow();
    const token = await signRegistrationToken(t.config.jwtSecret, { userId: t.ids.users['organization@demo.test']!, organizationId });
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.call('POST', '/api/payment/stripe/createSetupIntent', { body: { organizationId } })).status).toBe(401);

    const made = await t.call<{ setupIntentId: string; clientSecret: string }>('POST', '/api/payment/stripe/createSetupIntent', {
      headers: auth,
      body: { organizationId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toEqual({ setupIntentId: 'seti_test_1', clientSecret: 'seti_test_1_secret_local' });
    const create = requests.find((r) => r.path === '/v1/setup_intents')!;
    expect(Object.fromEntries(create.body)).toMatchObject({
      customer: 'cus_test_1',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });

    // An open invoice, to be paid with the card once it is in.
    const open = JSON.stringify({
      id: 'evt_4',
      object: 'event',
      type: 'invoice.finalized',
      data: {
        object: {
          id: 'in_test_3',
          object: 'invoice',
          status: 'open',
          amount_due: 14900,
          created: now,
          billing_reason: 'subscription_cycle',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1' } },
          lines: {
            object: 'list',
            data: [
              {
                id: 'il_3',
                object: 'line_item',
                period: { start: now, end: now + 30 * 86400 },
                pricing: { type: 'price_details', price_details: { price: 'price_standard_year', product: 'prod_1' } },
              },
            ],
          },
        },
      },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: open, headers: signed(open) })).statusCode,
    ).toBe(200);

    const attach = (query: Record<string, string>) =>
      t.call<{ last4: string }>(
        'GET',
        `/api/Payment/addPaymentMethodToOrganization?${new URLSearchParams({ organizationId, ...query }).toString()}`,
        { headers: auth },
      );
    const cards = () => t.db.selectFrom('payment_methods').select('id').where('organization_id', '=', organizationId).execute();

    // A card made by Stripe.js but named without its SetupIntent: the bank's check is not shown to have passed.
    const bare = await attach({ paymentMethodId: 'pm_card_3ds' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ isSuccess: false, errors: ["'setupIntentId' is required"] });

    // Not confirmed in the browser yet (or the bank refused the challenge): still requires_payment_method.
    const early = await attach({ paymentMethodId: 'pm_card_3ds', setupIntentId: 'seti_test_1' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ isSuccess: false, errors: ["'setupIntentId' has not succeeded"] });

    // Succeeded, but for another Stripe customer (another account's SetupIntent named here).
    setupIntents.set('seti_other', {
      id: 'seti_other',
      customer: 'cus_other',
      status: 'succeeded',
      payment_method: 'pm_card_other',
      usage: 'off_session',
    });
    const foreign = await attach({ paymentMethodId: 'pm_card_other', setupIntentId: 'seti_other' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual(["'setupIntentId' belongs to another customer"]);
    const unknown = await attach({ paymentMethodId: 'pm_card_3ds', setupIntentId: 'seti_missing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual(["'setupIntentId' is not known to Stripe"]);
    expect(await cards()).toEqual([]);

    // stripe.confirmCardSetup in the browser: the bank's challenge passed, the card is on the SetupIntent.
    setupIntents.set('seti_test_1', { ...setupIntents.get('seti_test_1')!, status: 'succeeded', payment_method: 'pm_card_3ds' });
    const wrongCard = await attach({ paymentMethodId: 'pm_card_other', setupIntentId: 'seti_test_1' });
    expect(wrongCard.status).toBe(400);
    expect(wrongCard.body.errors).toEqual(["'paymentMethodId' is not the card of this SetupIntent"]);

    const before = requests.length;
    const done = await attach({ paymentMethodId: 'pm_card_3ds', setupIntentId: 'seti_test_1' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.last4).toBe('3184');
    const calls = requests.slice(before);
    // The SetupIntent attached the card: no second attach, which Stripe would refuse.
    expect(calls.map((r) => `${r.method} ${r.path.split('?')[0]}`)).not.toContain('POST /v1/payment_methods/pm_card_3ds/attach');
    expect(calls.find((r) => r.path === '/v1/customers/cus_test_1')!.body.get('invoice_settings[default_payment_method]')).toBe(
      'pm_card_3ds',
    );
    expect(calls.find((r) => r.path === '/v1/invoices/in_test_3/pay')!.body.get('payment_method')).toBe('pm_card_3ds');
    expect(await cards()).toEqual([{ id: 'pm_card_3ds' }]);
    const sub = await t.db
      .selectFrom('subscriptions')
      .select('payment_method_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(sub.payment_method_id).toBe('pm_card_3ds');
    expect(
      (await t.db.selectFrom('invoices').select('status').where('provider_invoice_id', '=', 'in_test_3').executeTakeFirstOrThrow()).status,
    ).toBe('paid');
  });
});
