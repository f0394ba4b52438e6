// Messaging tasks: a survey link e-mailed to each receiver through the product's mailer (a
// real SMTP server here), one link per receiver; the receiver's submission is tracked and turns them
// Finished; WhatsApp is off without credentials and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormEntry } from '../../engine/survey/index';
import type { TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { startAppWithSmtp, stopAppWithSmtp } from '../support/mailApp';
import type { SmtpPeer } from '../support/smtp';
import { completeDemoAnswers, demoSurveyOf, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let smtp: SmtpPeer;
const as = personas(() => t);
let survey: TestSurvey;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;

beforeAll(async () => {
  ({ t, smtp } = await startAppWithSmtp());
  survey = await demoSurveyOf(t);
});
afterAll(() => stopAppWithSmtp(t, smtp));

type Receiver = {
  id: string;
  name: string;
  address: string;
  status: number;
  channel: number;
  surveyName: string;
  sendingDate: string | null;
};

describe('POST /api/Task/createMessagingTask', () => {
  it('e-mails each receiver a link of their own; their submission marks them Finished', async () => {
    const r = await t.call<{ receivers: number; sent: number }>('POST', '/api/Task/createMessagingTask', {
      session: await as(demo.manager),
      body: {
        surveyId: survey.id,
        channel: 1,
        message: 'Please tell us about your household.',
        receivers: [
          { name: 'Asha', address: 'asha@demo.test' },
          { name: 'Bilal', address: 'bilal@demo.test' },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ receivers: 2, sent: 2 });
    const mail = smtp.mails.find((m) => m.to.includes('asha@demo.test'))!;
    expect(mail.raw).toContain('Please tell us about your household.');
    const link = /\/public-survey\/en\/([0-9a-f-]{36})\?receiverId=([0-9a-f-]{36})/.exec(mail.raw)!;
    expect(link[1]).toBe(survey.id);
    const bilal = smtp.mails.find((m) => m.to.includes('bilal@demo.test'))!;
    expect(bilal.raw).not.toContain(link[2]);

    const list = async () =>
      (
        await t.call<{ receivers: Receiver[]; totalSize: number }>(
          'GET',
          `/api/Task/getMessagingTaskReceivers?ProjectId=${project()}&isDeleted=false`,
          { session: await as(demo.manager) },
        )
      ).body.data;
    expect((await list()).receivers.find((x) => x.id === link[2])).toMatchObject({ name: 'Asha', status: 0, channel: 1 });

    const withReceiver = (id: string) => ({
      linkUuid: null,
      edit: (e: FormEntry[]): FormEntry[] => [...e.filter(([k]) => k !== 'MessageReceiverId'), ['MessageReceiverId', id]],
    });
    expect((await submit(t, survey, completeDemoAnswers, withReceiver(link[2]!))).status).toBe(200);
    expect((await list()).receivers.find((x) => x.id === link[2])?.status).toBe(3);
    // The link works once.
    expect((await submit(t, survey, completeDemoAnswers, withReceiver(link[2]!))).status).toBe(404);
    const finished = (
      await t.call<{ receivers: Receiver[] }>('GET', `/api/Task/getMessagingTaskReceivers?ProjectId=${project()}&Status=3`, {
        session: await as(demo.manager),
      })
    ).body.data;
    expect(finished.receivers.map((x) => x.name)).toEqual(['Asha']);
  });

  it('names a bad address; refuses WhatsApp without credentials; the collector may not send', async () => {
    const bad = await t.call('POST', '/api/Task/createMessagingTask', {
      session: await as(demo.manager),
      body: { surveyId: survey.id, channel: 1, receivers: [{ address: 'not-an-address' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join(' ')).toMatch(/receivers\[0\]\.address/);
    const wa = await t.call('POST', '/api/Task/createMessagingTask', {
      session: await as(demo.manager),
      body: { surveyId: survey.id, channel: 0, receivers: [{ address: '+254712000000' }] },
    });
    expect(wa.status).toBe(400);
    expect(wa.body.message).toBe('This channel is not set up on this server.');
    const channels = await t.call('GET', '/api/Task/getMessagingChannels', { session: await as(demo.manager) });
    expect(channels.body.data).toEqual({ whatsapp: false, email: true });
    expect(
      (
        await t.call('POST', '/api/Task/createMessagingTask', {
          session: await as(demo.collector),
          body: { surveyId: survey.id, channel: 1, receivers: [{ address: 'x@demo.test' }] },
        })
      ).status,
    ).toBe(403);
  });
});
