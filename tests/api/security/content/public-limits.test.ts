// The public survey calls are counted per address and per survey. One client cannot
// flood them, and a flood aimed at one survey from many addresses leaves the other surveys open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, toFormEntries } from '../../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../../support/app';
import { entriesToParts, multipart } from '../../../support/multipart';
import { createSurvey, submissionCount, submissionOf, type TestSurvey } from '../../../support/surveys';

let t: TestApp;
let a: TestSurvey;
let b: TestSurvey;
beforeAll(async () => {
  t = await createTestApp({ config: { publicLimits: { perAddress: 3, perSurvey: 5 } } });
  a = await createSurvey(t, [q.text('name')], { multipleLink: true });
  b = await createSurvey(t, [q.text('name')], { multipleLink: true });
});
afterAll(() => t.close());

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

async function submitFrom(address: string, survey: TestSurvey) {
  const { payload, headers } = multipart(entriesToParts(toFormEntries(submissionOf(survey, { name: 'x' }))));
  const res = await t.app.inject({ method: 'POST', url: '/api/DataCollection/SubmitSurvey', payload, headers, remoteAddress: address });
  return { status: res.statusCode, body: res.json() as { isSuccess: boolean; message: string }, retryAfter: res.headers['retry-after'] };
}

async function previewFrom(address: string, survey: TestSurvey) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Survey/GetPreviewData?surveyId=${survey.id}&uuid=multiple-link`,
    remoteAddress: address,
  });
  return { status: res.statusCode, body: res.json() as { isSuccess: boolean; message: string }, retryAfter: res.headers['retry-after'] };
}

describe('submissions', () => {
  it('refuses an address past its allowance with a 429 in the wrapper and Retry-After, storing nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await submitFrom('203.0.113.1', a)).status).toBe(200);
    const refused = await submitFrom('203.0.113.1', a);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ isSuccess: false, message: TOO_MANY });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await submissionCount(t, a.id)).toBe(3);
  });

  it('refuses a survey past its allowance from any address, while other surveys still take submissions', async () => {
    expect((await submitFrom('203.0.113.2', a)).status).toBe(200);
    expect((await submitFrom('203.0.113.3', a)).status).toBe(200);
    // Five for survey a now: a sixth from a fresh address is refused.
    expect((await submitFrom('203.0.113.4', a)).status).toBe(429);
    expect(await submissionCount(t, a.id)).toBe(5);
    expect((await submitFrom('203.0.113.4', b)).status).toBe(200);
  });
});

describe('loading a survey to fill it', () => {
  it('is counted apart from submitting, per address', async () => {
    for (let i = 0; i < 3; i++) expect((await previewFrom('198.51.100.1', b)).status).toBe(200);
    const refused = await previewFrom('198.51.100.1', b);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY);
    expect((await previewFrom('198.51.100.2', b)).status).toBe(200);
  });

  it('is counted per survey across addresses', async () => {
    // b has been loaded 4 times; one more is allowed, then none from anywhere.
    expect((await previewFrom('198.51.100.3', b)).status).toBe(200);
    expect((await previewFrom('198.51.100.4', b)).status).toBe(429);
    expect((await previewFrom('198.51.100.4', a)).status).toBe(200);
  });
});

describe('media files of a survey', () => {
  // A fill page loads one survey and each of its media files: the media call is allowed ten times the
  // configured allowance (30 per address, 50 per survey here), counted apart from the other calls.
  const mediaFrom = async (address: string, survey: TestSurvey) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/DataCollection/getSurveyMedia/${survey.id}/towns.csv`,
      remoteAddress: address,
    });
    return { status: res.statusCode, body: res.json() as { isSuccess: boolean; message: string }, retryAfter: res.headers['retry-after'] };
  };

  it('refuses an address past its allowance, before looking for the file', async () => {
    for (let i = 0; i < 30; i++) expect((await mediaFrom('192.0.2.1', a)).status).toBe(404);
    const refused = await mediaFrom('192.0.2.1', a);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ isSuccess: false, message: TOO_MANY });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The address may still load and submit surveys: each call has its own count.
    expect((await previewFrom('192.0.2.1', a)).status).toBe(200);
  });

  it('refuses a survey past its allowance from any address, leaving other surveys served', async () => {
    for (let i = 0; i < 20; i++) expect((await mediaFrom('192.0.2.2', a)).status).toBe(404);
    expect((await mediaFrom('192.0.2.3', a)).status).toBe(429);
    expect((await mediaFrom('192.0.2.3', b)).status).toBe(404);
  });
});
