// SubmitSurvey re-validates every submission with the survey's engine: what the browser would refuse is
// refused with the same messages, naming the questions; what is stored is what the engine settled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSurvey, q, validateAnswers, type FormValues } from '../../engine/survey/index';
import { createTestApp, type TestApp } from '../support/app';
import { completeDemoAnswers, createSurvey, demoSurveyOf, send, storedAnswers, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let demo: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSurveyOf(t);
});
afterAll(() => t.close());

const complete = completeDemoAnswers;

describe('a complete demo submission', () => {
  it('is stored with every answer, the calculations recomputed', async () => {
    const { status, body } = await submit(t, demo, { ...complete, children_under5: '99' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ isSuccess: true, message: 'Survey submitted successfully.', data: { duplicate: false } });
    const rows = await storedAnswers(t, body.data.id);
    const byName = (name: string, path = '') => rows.find((r) => r.name === name && r.repeat_path === path);
    expect(byName('respondent_name')?.text_value).toBe('Amina');
    expect(byName('phone')?.text_value).toBe('+254712345678');
    expect(byName('household_size')?.number_value).toBe(2);
    expect(byName('members')?.number_value).toBe(2);
    expect(byName('member_age', '2')?.number_value).toBe(3);
    expect(byName('is_child', '2')?.text_value).toBe('1');
    expect(byName('children_under5')?.text_value).toBe('1');
    expect(byName('child_share')?.text_value).toBe('50');
    expect(byName('form_version')?.text_value).toBe('2026.1');
    expect(byName('consent')?.bool_value).toBe(true);
    const district = demo.form.bindings.byName.get('district');
    expect(byName('district')?.choice_ids).toEqual([
      district?.kind === 'field' ? district.choices.find((c) => c.name === 'kakuma')?.id : '',
    ]);
    expect(byName('location')?.detail).toEqual({ latitude: 3.1, longitude: 35.6, altitude: 500, accuracy: 10 });
    expect(rows).toHaveLength(body.data.answerCount);
  });
});

describe('refusals', () => {
  it('names missing required answers with the spec texts', async () => {
    const { status, body } = await submit(t, demo, {
      ...complete,
      respondent_name: '',
      region: undefined,
      district: undefined,
      priority_needs: '',
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Error: Please make sure you have filled all the required fields.');
    expect(body.errors).toEqual([
      'respondent_name: This field is required',
      'region: You must select one',
      'district: You must select one',
      'priority_needs: You must select at least one',
    ]);
  });

  it('gives constraint messages in the respondent language', async () => {
    const fr = demo.model.surveyLanguageMaps.find((l) => l.code === 'fr')!.languageId;
    const { status, body } = await submit(t, demo, { ...complete, monthly_income: 250000 }, { languageId: fr });
    expect(status).toBe(400);
    expect(body.message).toBe('Error: Please check the constraints of the questions and provide the correct answers.');
    expect(body.errors).toEqual(['monthly_income: Veuillez saisir un montant inférieur à 100 000.']);
  });

  it('refuses too many choices', async () => {
    const { status, body } = await submit(t, demo, { ...complete, priority_needs: 'food water cash health' });
    expect(status).toBe(400);
    expect(body.message).toBe('Error: You have exceeded the maximum number of choices allowed. Please provide the correct answers.');
    expect(body.errors).toEqual(['priority_needs: You can select up to 3 choices.']);
  });

  it('names questions inside repeats by instance', async () => {
    const { body } = await submit(t, demo, { ...complete, members: [{ member_name: 'A', member_age: 130 }, { member_age: 3 }] });
    expect(body.errors).toEqual([
      'members[1]/member_age: The age must be between 0 and 120.',
      'members[2]/member_name: This field is required',
    ]);
  });

  it('refuses exactly what the browser refuses, with the same messages', async () => {
    const samples: FormValues[] = [
      { ...complete, phone: '123', interview_time: '25:00' },
      { ...complete, need_ranking: 'food', food_security: 9 },
      { ...complete, district: 'mogadishu' },
      { consent: true },
      {},
    ];
    for (const data of samples) {
      const browser = validateAnswers(demo.form.bindings, data);
      const { status, body } = await submit(t, demo, data);
      expect(status, JSON.stringify(data)).toBe(browser.valid ? 200 : 400);
      if (!browser.valid) {
        expect(body.message).toBe(browser.message);
        if (browser.issues.length) expect(body.errors).toEqual(browser.issues.map((i) => `${i.path}: ${i.message}`));
      }
    }
  });

  it('says so when nothing is answered', async () => {
    const { status, body } = await submit(t, demo, {});
    expect(status).toBe(400);
    expect(body.message).toBe('Error: Please provide at least one piece of information before submitting.');
  });

  it('names answers that do not belong to the survey', async () => {
    const { status, body } = await submit(t, demo, complete, {
      edit: (entries) => [
        ...entries,
        ['answers[999].questionId', '6f1b3c7e-2d4a-4e8f-9a0b-1c2d3e4f5a6b'],
        ['answers[999].answerDetail.text', 'x'],
      ],
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.stringMatching(/^answers\[\d+\]: '6f1b3c7e-2d4a-4e8f-9a0b-1c2d3e4f5a6b' is not a question of this survey$/),
    ]);
  });

  it('names malformed fields', async () => {
    const { status, body } = await send(t, [
      ['surveyId', demo.id],
      ['submission.isAnonymous', 'maybe'],
    ]);
    expect(status).toBe(400);
    expect(body.errors).toEqual(["'submission.id' is required", "'submission.isAnonymous' must be true or false"]);
  });

  it('wants multipart', async () => {
    const { status, body } = await t.call('POST', '/api/DataCollection/SubmitSurvey', { body: { surveyId: demo.id } });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['The submission must be sent as multipart/form-data']);
  });
});

describe('what is stored', () => {
  it('leaves out answers of questions that are not relevant and recomputes calculations', async () => {
    const s = await createSurvey(t, [
      q.select_one('smoker').choices('yes', 'no'),
      q.integer('per_day').relevant("${smoker} = 'yes'"),
      q.calculate('weekly').calculation('${per_day} * 7'),
    ]);
    const { status, body } = await submit(t, s, { smoker: 'no', per_day: 20, weekly: '140' });
    expect(status).toBe(200);
    expect((await storedAnswers(t, body.data.id)).map((a) => a.name)).toEqual(['smoker']);
    const again = await submit(t, s, { smoker: 'yes', per_day: 2, weekly: '999' });
    expect((await storedAnswers(t, again.body.data.id)).map((a) => [a.name, a.text_value ?? a.number_value ?? 'choice'])).toEqual([
      ['smoker', 'choice'],
      ['per_day', 2],
      ['weekly', '14'],
    ]);
    expect(compileSurvey(s.model).bindings.diagnostics).toEqual([]);
  });
});

describe('a required condition', () => {
  it('refuses the answer missing only while its condition holds, as the browser does', async () => {
    const s = await createSurvey(t, [q.select_one('health').choices('alive', 'dead'), q.date('death_date').required("${health} = 'dead'")]);
    // Stored and read back: the condition is the survey's, not always required.
    const death = s.model.surveyItems.find((i) => i.surveyItem.name === 'death_date')!.surveyItem;
    expect(death).toMatchObject({ isRequired: false, requiredExpression: "${health} = 'dead'" });
    expect((await submit(t, s, { health: 'alive' })).status).toBe(200);
    const refused = await submit(t, s, { health: 'dead' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['death_date: This field is required']);
    expect((await submit(t, s, { health: 'dead', death_date: '2026-03-01' })).status).toBe(200);
  });
});
