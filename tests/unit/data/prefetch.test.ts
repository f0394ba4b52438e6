// The Survey Data table's early calls: the entry starts them under the keys the page's queries
// take them by, once, only for a session that may read them; a stale answer is not handed out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly, takeSettled } from '../../../src/api/early';
import { firstQuery, submissionsPath, surveyModelKey, surveysPath } from '../../../src/pages/data/calls';
import { prefetchSurveyData } from '../../../src/pages/data/prefetch';
import { session } from '../../../src/state/session';

const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return Promise.resolve(new Response(JSON.stringify({ isSuccess: true, data: { url }, message: '', errors: [] }), { status: 200 }));
  });
  Object.assign(session, { token: 't', organizationId: 'org', currentProjectId: 'p1', roles: ['ProjectManager'] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Nothing left over for the next test (dropped: startEarly already took care of a rejection).
  for (const key of [surveysPath('p1'), surveyModelKey('s1'), submissionsPath(firstQuery('s1'))]) void takeEarly(key);
});

describe('prefetchSurveyData', () => {
  it('starts the surveys, the model and the first page under the keys the page takes them by, once', async () => {
    prefetchSurveyData('?survey=s1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=p1',
      'POST /api/Survey/GetById',
      'GET /api/DataCollection/getSubmissions?Sort=-submittedAt&SurveyId=s1&Page=1&PageSize=50&Headers=labels',
    ]);
    expect(calls[1]!.body).toEqual({ SurveyId: 's1' });
    await expect(takeEarly(submissionsPath(firstQuery('s1')))).resolves.toEqual({ url: calls[2]!.url });
    expect(takeEarly(submissionsPath(firstQuery('s1')))).toBeUndefined();
    expect(takeEarly(surveyModelKey('s1'))).toBeDefined();
    expect(takeEarly(surveysPath('p1'))).toBeDefined();
  });

  it('without a survey in the address asks only for the surveys', () => {
    prefetchSurveyData('');
    expect(calls.map((c) => c.url)).toEqual(['/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=p1']);
  });

  it('asks nothing for a data collector, a signed-out visitor or a session without a project', () => {
    session.roles = ['DataCollector'];
    prefetchSurveyData('?survey=s1');
    session.roles = ['ProjectManager'];
    session.currentProjectId = null;
    prefetchSurveyData('?survey=s1');
    session.currentProjectId = 'p1';
    session.token = null;
    prefetchSurveyData('?survey=s1');
    expect(calls).toEqual([]);
  });
});

describe('takeEarly', () => {
  it('drops an answer left waiting too long, so a page opened later asks again', () => {
    vi.useFakeTimers();
    startEarly('k', () => Promise.resolve(1));
    vi.advanceTimersByTime(31_000);
    expect(takeEarly('k')).toBeUndefined();
    startEarly('k', () => Promise.resolve(2));
    vi.advanceTimersByTime(5_000);
    expect(takeEarly('k')).toBeDefined();
  });
});

describe('takeSettled', () => {
  it('hands over an answer that has arrived, once, so the page draws it in its first render', async () => {
    startEarly('k', () => Promise.resolve({ rows: 1 }));
    await Promise.resolve();
    expect(takeSettled('k')).toEqual({ rows: 1 });
    expect(takeSettled('k')).toBeUndefined();
    expect(takeEarly('k')).toBeUndefined();
  });

  it('leaves an answer still on its way, or a failed one, to takeEarly', async () => {
    let answer!: (v: number) => void;
    startEarly('k', () => new Promise<number>((r) => (answer = r)));
    expect(takeSettled('k')).toBeUndefined();
    const pending = takeEarly<number>('k');
    answer(3);
    await expect(pending).resolves.toBe(3);
    startEarly('f', () => Promise.reject(new Error('down')));
    await Promise.resolve();
    expect(takeSettled('f')).toBeUndefined();
    await expect(takeEarly('f')).rejects.toThrow('down');
  });

  it('drops an answer left waiting too long', async () => {
    vi.useFakeTimers();
    startEarly('k', () => Promise.resolve(1));
    await Promise.resolve();
    vi.advanceTimersByTime(31_000);
    expect(takeSettled('k')).toBeUndefined();
    expect(takeEarly('k')).toBeUndefined();
  });
});
