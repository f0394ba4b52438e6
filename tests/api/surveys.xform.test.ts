// GET /DataCollection/exportXForm/{id}: a member of the survey's organization downloads the survey as an ODK
// XForm ('{survey name}.xml'), the form ODK Collect and KoboCollect fill; nobody else gets it.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { createSurvey, demoSurveyOf, type TestSurvey } from '../support/surveys';

let t: TestApp;
let demo: TestSurvey;
let manager: Session;
beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSurveyOf(t);
  manager = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

const XF = 'http://www.w3.org/2002/xforms';
const download = (id: string, session?: Session) => t.call('GET', `/api/DataCollection/exportXForm/${id}`, session ? { session } : {});
const parse = (xml: string) => new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');

describe('GET /api/DataCollection/exportXForm/{id}', () => {
  it("downloads the demo survey as '{survey name}.xml', an XForm with its form id, questions and languages", async () => {
    const { status, res } = await download(demo.id, manager);
    expect(status).toBe(200);
    // A download like every file the server sends: XML is not an inert type (storage.ts downloadHeaders).
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Household Needs Assessment - Round 1.xml')}`,
    );
    const doc = parse(res.payload);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const primary = doc.getElementsByTagNameNS(XF, 'instance')[0]!.firstElementChild!;
    expect(primary.getAttribute('id')).toBe(`survey_${demo.id.replace(/-/g, '_')}`);
    const bind = (path: string) => Array.from(doc.getElementsByTagNameNS(XF, 'bind')).find((b) => b.getAttribute('nodeset') === path);
    expect(bind('/data/respondent/district')?.getAttribute('required')).toBe('true()');
    expect(bind('/data/household/members/is_child')?.getAttribute('calculate')?.replace(/\s+/g, '')).toBe('if(../member_age<5,1,0)');
    expect(bind('/data/meta/instanceID')?.getAttribute('jr:preload')).toBe('uid');
    const translations = Array.from(doc.getElementsByTagNameNS(XF, 'translation'));
    expect(translations.map((tr) => tr.getAttribute('lang')).sort()).toEqual(['Arabic (ar)', 'English (en)', 'French (fr)']);
    // The base language is the one a device opens the form in.
    expect(translations.find((tr) => tr.getAttribute('default') === 'true()')?.getAttribute('lang')).toBe('English (en)');
    const repeat = doc.getElementsByTagNameNS(XF, 'repeat')[0]!;
    expect(repeat.getAttribute('nodeset')).toBe('/data/household/members');
  });

  it('exports a survey that is still being edited, and lets every role of the organization download it', async () => {
    const editing = await createSurvey(t, [q.text('a')], { status: 0 });
    const { status, res } = await download(editing.id, manager);
    expect(status).toBe(200);
    expect(res.payload).toContain('<input ref="/data/a"');
    for (const email of ['guest@demo.test', 'collector@demo.test', 'organization@demo.test'])
      expect((await download(demo.id, await t.signIn(email))).status, email).toBe(200);
  });

  it('does not show another organization its survey, nor anyone signed out', async () => {
    const other = await download(demo.id, await t.signIn('other@demo.test'));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ isSuccess: false, message: 'The requested resource is not found' });
    expect((await download(demo.id)).status).toBe(401);
  });

  it('names the id when it is not a survey id', async () => {
    const { status, body } = await download('not-a-uuid', manager);
    expect(status).toBe(400);
    expect(body.errors.join(' ')).toMatch(/id/);
  });
});
