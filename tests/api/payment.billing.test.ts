// Plans, subscriptions and payment on the sandbox provider, driven by its clock: the trial
// ends, invoices each period, past due and unpaid, a card that pays what is open, plan changes now
// (prorated) and at the period's end, cancel at period end and reactivation, the invoice files, the
// payment-method reminders over real SMTP, plan administration, roles and tenant isolation.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../support/app';
import { q } from '../../engine/survey/index';
import { multipart } from '../support/multipart';
import { pdfText } from '../support/pdfText';
import { demo, personas } from '../support/personas';
import { createSurvey } from '../support/surveys';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const DAY = 86_400_000;
interface Org {
  organizationId: string;
  token: string;
  email: string;
}
interface Sub {
  stripeSubscriptionId: string;
  subscriptionStatus: string;
  planId: number;
  planName: string;
  isMonthly: boolean;
  subscriptionStartsAt: string;
  subscriptionEndsAt: string;
  cancelAt: string | null;
  pendingPlanId: number | null;
  last4CardDigits: string | null;
}
interface Invoice {
  invoiceId: string;
  fileName: string;
  amountDue: number;
  paymentStatus: string;
  planName: string;
  kind: string;
}

let n = 0;
/** An organization registered through the e-mailed code, on the free trial of `packetId`. */
async function registered(packetId: number, isMonthly: boolean): Promise<Org> {
  const email = `billing${++n}@relief.test`;
  const reg = await t.call<{ userId: string; organizationId: string }>('POST', '/api/Account/register', {
    body: {
      adminFullName: 'Amina Yusuf',
      phoneNumber: '+1 202 555 0147',
      email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      organizationName: `Billing Org ${n}`,
      typeId: 1,
      countryId: 1,
    },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const code = await smtp.codeFor(email);
  const confirmed = await t.call<{ registrationToken: string }>('POST', '/api/Account/confirmEmail', {
    body: { userId: reg.body.data.userId, code },
  });
  const token = confirmed.body.data.registrationToken;
  const trial = await t.call('POST', '/api/payment/stripe/createSubscription', {
    headers: { authorization: `Bearer ${token}` },
    body: { organizationId: reg.body.data.organizationId, packetId, isMonthlySubscription: isMonthly },
  });
  expect(trial.status, JSON.stringify(trial.body)).toBe(200);
  return { organizationId: reg.body.data.organizationId, token, email };
}

const bearer = (o: Org) => ({ authorization: `Bearer ${o.token}` });

async function addCard(o: Org, number: string) {
  const pm = await t.call<{ paymentMethodId: string }>('POST', '/api/payment/sandbox/createPaymentMethod', {
    headers: bearer(o),
    body: { organizationId: o.organizationId, number, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(pm.status, JSON.stringify(pm.body)).toBe(200);
  return t.call('GET', '/api/Payment/addPaymentMethodToOrganization', {
    headers: bearer(o),
    query: { organizationId: o.organizationId, paymentMethodId: pm.body.data.paymentMethodId },
  });
}

async function subOf(s: Session): Promise<Sub> {
  const r = await t.call<Sub>('GET', '/api/Payment/getStripeSubscriptionByOrganization', {
    session: s,
    query: { organizationId: s.organizationId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
async function invoicesOf(s: Session, search = ''): Promise<{ invoices: Invoice[]; totalSize: number }> {
  const r = await t.call<{ invoices: Invoice[]; totalSize: number }>('GET', '/api/Payment/getStripeInvoicesDetailsByOrganizationUser', {
    session: s,
    query: { organizationId: s.organizationId, search, pageSize: '100' },
  });
  expect(r.status).toBe(200);
  return r.body.data;
}
const workspaces = (s: Session) => t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: s });
/** Moves the billing clock to just after the subscription's period end and runs the billing. */
async function toPeriodEnd(s: Session, extraMs = 60_000) {
  const sub = await subOf(s);
  t.clock.advance(Math.max(0, new Date(sub.subscriptionEndsAt).getTime() - t.clock.now().getTime()) + extraMs);
  await t.app.billing.runDue();
}

describe('the sandbox lifecycle, on its clock', () => {
  it('ends a trial without a card in past_due with an open invoice, then a card pays it and the organization works again', async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    const trial = await subOf(s);
    expect(trial.subscriptionStatus).toBe('trialing');
    expect(new Date(trial.subscriptionEndsAt).getTime() - new Date(trial.subscriptionStartsAt).getTime()).toBe(30 * DAY);
    expect((await invoicesOf(s)).totalSize).toBe(0);

    await toPeriodEnd(s);
    const due = await workspaces(s);
    expect(due.status).toBe(400);
    expect(due.body.message).toBe('Subscription has not been paid yet! You should finalize the payment in order to have access.');
    const open = await invoicesOf(s);
    expect(open.invoices).toEqual([
      expect.objectContaining({ amountDue: 49, paymentStatus: 'open', planName: 'Standard', fileName: 'Invoice-0001.pdf' }),
    ]);
    expect((await subOf(s)).subscriptionStatus).toBe('past_due');

    const added = await addCard(o, '4242 4242 4242 4242');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const active = await subOf(s);
    expect(active).toMatchObject({ subscriptionStatus: 'active', last4CardDigits: '4242' });
    expect((await invoicesOf(s)).invoices[0]!.paymentStatus).toBe('paid');
    expect((await workspaces(s)).status).toBe(200);

    // Renews each month with the card; a clock moved two periods ahead bills both.
    const before = new Date(active.subscriptionEndsAt);
    await toPeriodEnd(s, 32 * DAY);
    const later = await subOf(s);
    expect(later.subscriptionStatus).toBe('active');
    expect(new Date(later.subscriptionStartsAt).getTime()).toBeGreaterThan(before.getTime());
    const all = await invoicesOf(s);
    expect(all.totalSize).toBe(3);
    expect(all.invoices.every((i) => i.paymentStatus === 'paid' && i.amountDue === 49)).toBe(true);
  });

  it('keeps a declining card attached, goes past_due at the renewal and unpaid a period later', async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    expect((await addCard(o, '4000 0000 0000 0341')).status).toBe(200);
    await toPeriodEnd(s);
    expect((await subOf(s)).subscriptionStatus).toBe('past_due');
    await toPeriodEnd(s);
    expect((await subOf(s)).subscriptionStatus).toBe('unpaid');
    // A card refused at once is not attached at all.
    const declined = await t.call('POST', '/api/payment/sandbox/createPaymentMethod', {
      headers: bearer(o),
      body: { organizationId: o.organizationId, number: '4000000000000002', expMonth: 1, expYear: 2099, cvc: '123' },
    });
    expect(declined.body.message).toBe('Your card was declined.');
    // A good card pays the open invoices and starts a new period from today.
    expect((await addCard(o, '4242424242424242')).status).toBe(200);
    const back = await subOf(s);
    expect(back.subscriptionStatus).toBe('active');
    expect(new Date(back.subscriptionEndsAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('changes the plan now with proration (up and down) and at the end of the period', async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    await addCard(o, '4242424242424242');
    // During the trial a change is free.
    let sub = await subOf(s);
    const inTrial = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: s,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '2', updatePlanAfterPeriodEnds: 'false' },
    });
    expect(inTrial.body.message).toBe('Your plan has been updated.');
    expect((await subOf(s)).planName).toBe('Premium');
    expect((await invoicesOf(s)).totalSize).toBe(0);
    await toPeriodEnd(s);
    expect((await invoicesOf(s)).invoices[0]).toMatchObject({ amountDue: 149, planName: 'Premium', paymentStatus: 'paid' });

    // Halfway through the month: up to Premium Plus costs half the difference now.
    sub = await subOf(s);
    const half = (new Date(sub.subscriptionEndsAt).getTime() - new Date(sub.subscriptionStartsAt).getTime()) / 2;
    t.clock.advance(half - 60_000);
    const up = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: s,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '3', updatePlanAfterPeriodEnds: 'false' },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const proration = (await invoicesOf(s)).invoices.find((i) => i.kind === 'proration')!;
    expect(proration.amountDue).toBeCloseTo((399 - 149) / 2, 0);
    expect(proration.paymentStatus).toBe('paid');

    // Back down to Standard at once: a credit that the next invoice uses.
    const down = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: s,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '1', updatePlanAfterPeriodEnds: 'false' },
    });
    expect(down.status).toBe(200);
    const credited = (await invoicesOf(s)).totalSize;
    await toPeriodEnd(s);
    const next = (await invoicesOf(s)).invoices[0]!;
    expect((await invoicesOf(s)).totalSize).toBe(credited + 1);
    expect(next.planName).toBe('Standard');
    expect(next.amountDue).toBeLessThan(49);

    // At the period's end: pending until the renewal, then billed on the new plan.
    sub = await subOf(s);
    const later = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: s,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '2', updatePlanAfterPeriodEnds: 'true' },
    });
    expect(later.body.message).toBe('Your plan will be updated when the current period ends.');
    expect(await subOf(s)).toMatchObject({ planName: 'Standard', pendingPlanId: 2 });
    await toPeriodEnd(s);
    expect(await subOf(s)).toMatchObject({ planName: 'Premium', pendingPlanId: null, subscriptionStatus: 'active' });
    // The downgrade's credit (half of Premium Plus less Standard) outlasts one Standard month: what is left comes off this one.
    const renewed = (await invoicesOf(s)).invoices[0]!;
    expect(renewed.planName).toBe('Premium');
    expect(renewed.amountDue).toBeLessThan(149);
  });

  it('cancels at the end of the period, then refuses plan changes and signs in to the payment page; a new subscription reactivates', async () => {
    const o = await registered(2, false);
    const s = await t.signIn(o.email);
    await addCard(o, '4242424242424242');
    await toPeriodEnd(s);
    expect((await invoicesOf(s)).invoices[0]).toMatchObject({ amountDue: 119 * 12, paymentStatus: 'paid' });
    const sub = await subOf(s);
    const noReason = await t.call('POST', '/api/Payment/cancelStripeSubscription', {
      session: s,
      query: { subscriptionId: sub.stripeSubscriptionId, cancelSubscriptionAfterPeriodEnds: 'true', reasonOfCancellation: '4' },
    });
    expect(noReason.body.message).toBe('Please type something here');
    const cancel = await t.call('POST', '/api/Payment/cancelStripeSubscription', {
      session: s,
      query: { subscriptionId: sub.stripeSubscriptionId, cancelSubscriptionAfterPeriodEnds: 'true', reasonOfCancellation: '3' },
    });
    expect(cancel.body.message).toBe('Subscription successfully cancelled.');
    const pending = await subOf(s);
    expect(pending.cancelAt).toBe(pending.subscriptionEndsAt);
    expect(pending.subscriptionStatus).toBe('active');
    expect((await workspaces(s)).status).toBe(200);
    const change = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: s,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '1', updatePlanAfterPeriodEnds: 'false' },
    });
    expect(change.body.errors[0] ?? change.body.message).toContain('Cannot change subscription');

    await toPeriodEnd(s);
    expect((await subOf(s)).subscriptionStatus).toBe('canceled');
    expect((await invoicesOf(s)).totalSize).toBe(1);
    expect((await workspaces(s)).body.message).toBe(
      'Subscription has been cancelled and ended! You should reactivate subscription in order to have access again.',
    );

    // Reactivation from /auth/payment: the payment token of the refused sign-in proves the owner.
    t.clock.advance(0);
    const created = await t.call<{ subscriptionId: string }>('POST', '/api/payment/stripe/createSubscription', {
      headers: bearer(o),
      body: { organizationId: o.organizationId, packetId: 1, isMonthlySubscription: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const activated = await t.call('POST', '/api/payment/stripe/activateSubscription', {
      headers: bearer(o),
      body: { organizationId: o.organizationId, stripeSubscriptionId: created.body.data.subscriptionId },
    });
    expect(activated.body.message).toBe('Subscription activated successfully.');
    t.app.subscriptionGate.forget(o.organizationId);
    expect((await workspaces(s)).status).toBe(200);
    expect((await invoicesOf(s)).invoices[0]).toMatchObject({ amountDue: 49, paymentStatus: 'paid' });
  });
});

describe('sign-in when the subscription stopped', () => {
  it("answers the spec's message with a payment token for the owner, that works only for their organization", async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    await toPeriodEnd(s);
    const login = await t.call<{ paymentToken: string; hasPaymentMethod: boolean; organizationId: string }>('POST', '/api/Account/login', {
      body: { email: o.email, password: DEMO_PASSWORD },
    });
    expect(login.body.message).toBe('Subscription has not been paid yet! You should finalize the payment in order to have access.');
    expect(login.body.data).toMatchObject({ hasPaymentMethod: false, organizationId: o.organizationId });
    const other = t.ids.organizations.relief!;
    const pm = await t.call('POST', '/api/payment/sandbox/createPaymentMethod', {
      headers: { authorization: `Bearer ${login.body.data.paymentToken}` },
      body: { organizationId: other, number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(pm.status).toBe(403);
    const mine = await t.call('POST', '/api/payment/sandbox/createPaymentMethod', {
      headers: { authorization: `Bearer ${login.body.data.paymentToken}` },
      body: { organizationId: o.organizationId, number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(mine.status).toBe(200);
  });

  // Between a period's end and the billing run (every 5 minutes) the sign-in and every organization call
  // judge the subscription on the billing clock after bringing it up to date, never as 'ended'.
  it('between the end of a period and the billing run: renewed with a card, not paid without one', async () => {
    const withCard = await registered(1, true);
    const noCard = await registered(1, true);
    await addCard(withCard, '4242424242424242');
    const s = await t.signIn(withCard.email);
    const end = new Date((await subOf(s)).subscriptionEndsAt).getTime();
    t.clock.advance(end - t.clock.now().getTime() + 60_000);

    expect((await workspaces(s)).status).toBe(200);
    const login = await t.call('POST', '/api/Account/login', { body: { email: withCard.email, password: DEMO_PASSWORD } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const renewed = await subOf(s);
    expect(renewed.subscriptionStatus).toBe('active');
    expect(new Date(renewed.subscriptionEndsAt).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const refused = await t.call('POST', '/api/Account/login', { body: { email: noCard.email, password: DEMO_PASSWORD } });
    expect(refused.body.message).toBe('Subscription has not been paid yet! You should finalize the payment in order to have access.');
  });
});

describe('roles and tenants', () => {
  it('lets only the Organization role read and change billing, and only its own', async () => {
    const owner = await t.signIn('organization@demo.test');
    const admin = await t.signIn('admin@demo.test');
    const other = await t.signIn('other@demo.test');
    const sub = await subOf(owner);
    expect(sub).toMatchObject({ subscriptionStatus: 'active', last4CardDigits: '4242' });
    expect(
      (
        await t.call('GET', '/api/Payment/getStripeSubscriptionByOrganization', {
          session: admin,
          query: { organizationId: admin.organizationId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('GET', '/api/Payment/getStripeSubscriptionByOrganization', {
          session: other,
          query: { organizationId: owner.organizationId },
        })
      ).status,
    ).toBe(404);
    const change = await t.call('GET', '/api/Payment/updateSubscriptionPlan', {
      session: other,
      query: { stripeSubscriptionId: sub.stripeSubscriptionId, newPacketId: '1', updatePlanAfterPeriodEnds: 'false' },
    });
    expect(change.status).toBe(404);
    const invoice = (await invoicesOf(owner)).invoices[0]!;
    expect((await t.call('GET', `/api/Payment/downloadInvoice/${invoice.invoiceId}`, { session: other })).status).toBe(404);
    expect((await subOf(owner)).planId).toBe(sub.planId);
  });
});

describe('invoices as files', () => {
  it('searches and pages the billing history, and downloads one invoice as a PDF and all of them as Invoices.zip', async () => {
    const owner = await t.signIn('organization@demo.test');
    const list = await invoicesOf(owner);
    expect(list.totalSize).toBeGreaterThanOrEqual(3);
    const page = await t.call<{ invoices: Invoice[] }>('GET', '/api/Payment/getStripeInvoicesDetailsByOrganizationUser', {
      session: owner,
      query: { organizationId: owner.organizationId, pageSize: '2' },
    });
    expect(page.body.data.invoices).toHaveLength(2);
    const first = list.invoices[list.invoices.length - 1]!;
    expect((await invoicesOf(owner, first.fileName.slice(0, 12))).invoices.map((i) => i.fileName)).toContain(first.fileName);
    expect((await invoicesOf(owner, 'no such invoice')).totalSize).toBe(0);

    const pdf = await t.call('GET', `/api/Payment/downloadInvoice/${first.invoiceId}`, { session: owner });
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.res.rawPayload);
    expect(text).toContain('Demo Relief Organization');
    expect(text).toContain(first.planName);
    expect(text).toContain(`$${first.amountDue.toFixed(2)}`);
    expect(text).toMatch(/Paid|Open/);
    expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4} - [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    const zip = await t.call('GET', '/api/Payment/downloadAllStripeInvoicesForOrganization', {
      session: owner,
      query: { organizationId: owner.organizationId },
    });
    expect(zip.res.headers['content-disposition']).toContain('Invoices.zip');
    const archive = await JSZip.loadAsync(zip.res.rawPayload);
    const names = Object.keys(archive.files).sort();
    expect(names).toEqual(list.invoices.map((i) => i.fileName).sort());
    expect(pdfText(await archive.file(names[0]!)!.async('uint8array'))).toContain('Demo Relief Organization');
  });
});

describe('payment-method reminders', () => {
  it('e-mails the owner without a card 15, 3 and 1 days before the end, once each', async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    const end = new Date((await subOf(s)).subscriptionEndsAt).getTime();
    const mails = () => smtp.mails.filter((m) => m.to.includes(o.email) && m.raw.includes('Your subscription is ending soon!')).length;
    for (const [days, expected] of [
      [15, 1],
      [3, 2],
      [1, 3],
    ] as const) {
      // Noon (UTC) of the calendar day `days` before the end's: the reminders go by calendar day, and an
      // hour before the end's time of day fell on the day before when the test ran between 00:00 and 01:00.
      const e = new Date(end);
      t.clock.advance(Date.UTC(e.getUTCFullYear(), e.getUTCMonth(), e.getUTCDate() - days, 12) - t.clock.now().getTime());
      await t.app.billing.sendReminders(t.mailer, 'http://localhost');
      await t.app.billing.sendReminders(t.mailer, 'http://localhost');
      await expect.poll(mails).toBe(expected);
    }
    expect(smtp.mails.some((m) => m.raw.includes('/subscription-plans'))).toBe(true);
  });
});

describe('plan administration', () => {
  it('lets SuperAdmin edit a plan, and no one else', async () => {
    const body = {
      id: 1,
      name: 'Standard',
      description: 'For small teams.',
      monthlyPrice: 59,
      annuallyPrice: 45.5,
      workspaceLimit: 3,
      membersLimit: 12,
      databaseLimit: 6,
      projectsLimit: 7,
    };
    const owner = await t.signIn('organization@demo.test');
    expect((await t.call('POST', '/api/Payment/editPlan', { session: owner, body })).status).toBe(403);
    const superAdmin = await t.signIn('superadmin@demo.test');
    const saved = await t.call('POST', '/api/Payment/editPlan', { session: superAdmin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const plans = await t.call<{ id: number; monthlyPrice: string | number; workspaceLimit: number }[]>('GET', '/api/Account/getPackets');
    expect(plans.body.data.find((p) => p.id === 1)).toMatchObject({ workspaceLimit: 3 });
    expect(Number(plans.body.data.find((p) => p.id === 1)!.monthlyPrice)).toBe(59);
    const clash = await t.call('POST', '/api/Payment/editPlan', { session: superAdmin, body: { ...body, name: 'Premium' } });
    expect(clash.status).toBe(400);
  });
});

describe('plan limits', () => {
  it("refuses an upload that would pass the plan's storage, with a clear message, and takes it once there is room", async () => {
    const survey = await createSurvey(t, [q.text('item')]);
    // The stored files sit on other surveys: a survey holds a bounded number of media files.
    const fillers = [await createSurvey(t, [q.text('a')]), await createSurvey(t, [q.text('b')])];
    const author = await personas(() => t)(demo.manager);
    const org = author.organizationId;
    const planId = (
      await t.db
        .selectFrom('subscriptions')
        .select('plan_id')
        .where('organization_id', '=', org)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
    ).plan_id;
    await t.db.updateTable('plans').set({ database_limit: 1 }).where('id', '=', planId).execute();
    // 1 GB less 10 bytes already stored, as media files of the survey.
    const big = 19_999_999;
    const rows = Math.floor(1_000_000_000 / big);
    const rest = 1_000_000_000 - rows * big - 10;
    await t.db
      .insertInto('survey_media')
      .values(
        [...Array(rows).keys(), rows].map((i) => ({
          organization_id: org,
          survey_id: fillers[i % 2]!.id,
          file_name: `filler-${i}.csv`,
          kind: 'csv' as const,
          content_type: 'text/csv',
          size_bytes: i === rows ? rest : big,
          storage_key: `filler/${i}`,
        })) as never,
      )
      .execute();
    const upload = () => {
      const { payload, headers } = multipart([
        ['SurveyId', survey.id],
        ['File', { fileName: 'prices.csv', contentType: 'text/csv', bytes: Buffer.from('key,price\nrice,2\n') }],
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/DataCollection/uploadSurveyMedia',
        payload,
        headers: { ...headers, authorization: `Bearer ${author.token}`, 'organization-id': org },
      });
    };
    const refused = await upload();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('You reached your packet storage limit! Delete files or choose a plan with more storage.');
    await t.db.updateTable('plans').set({ database_limit: 0 }).where('id', '=', planId).execute();
    expect((await upload()).statusCode).toBe(200);
  });

  it("refuses a workspace past the plan's limit with the spec's message", async () => {
    const o = await registered(1, true);
    const s = await t.signIn(o.email);
    const limit = (await t.db.selectFrom('plans').select('workspace_limit').where('id', '=', 1).executeTakeFirstOrThrow()).workspace_limit;
    for (let i = 0; i < limit; i++)
      expect((await t.call('POST', '/api/Workspaces/add', { session: s, body: { name: `Workspace ${i}` } })).status).toBe(200);
    const over = await t.call('POST', '/api/Workspaces/add', { session: s, body: { name: 'One too many' } });
    expect(over.body.message).toBe('You reached your packet limit for creating workspaces!!');
  });
});
