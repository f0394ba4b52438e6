// The server's check of line, shape, audio and video answers (XLSForm variants of Text and File upload,
// stored in survey_items.sheet_type): a line or shape is stored only as ODK's well-formed text of enough
// points, an audio answer only as an audio file by its bytes; the refusal names the question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { loadSurveyModel } from '../../server/db/queries/surveys';
import { createTestApp, type TestApp } from '../support/app';
import { createSurvey, storedAnswers, submissionCount, submit, type TestSurvey } from '../support/surveys';

const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(28)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const dataUrl = (type: string, name: string, bytes: Buffer) => `data:${type};name=${name};base64,${bytes.toString('base64')}`;
const LINE = '-1.28 36.81 1650 5;-1.29 36.82 1651 4';
const SHAPE = '-1.28 36.81 0 5;-1.29 36.82 0 4;-1.3 36.8 0 6;-1.28 36.81 0 5';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [
    q.text('route').sheetType('geotrace'),
    q.text('plot').sheetType('geoshape'),
    q.file('voice').sheetType('audio'),
    q.text('other'),
  ]);
});
afterAll(() => t.close());

describe('line, shape and audio answers', () => {
  it('keep their variant in the stored survey', async () => {
    const model = (await loadSurveyModel(t.db, s.organizationId, s.id))!;
    expect(model.surveyItems.map((i) => [i.surveyItem.name, i.surveyItem.sheetType ?? null])).toEqual([
      ['route', 'geotrace'],
      ['plot', 'geoshape'],
      ['voice', 'audio'],
      ['other', null],
    ]);
  });

  it('are stored as sent when well-formed', async () => {
    const { status, body } = await submit(t, s, { route: LINE, plot: SHAPE, voice: dataUrl('audio/wav', 'note.wav', WAV) });
    expect(status, JSON.stringify(body)).toBe(200);
    const stored = await storedAnswers(t, body.data.id);
    expect(stored.find((a) => a.name === 'route')?.text_value).toBe(LINE);
    expect(stored.find((a) => a.name === 'plot')?.text_value).toBe(SHAPE);
  });

  it.each([
    ['a line of one point', { route: '-1.28 36.81 1650 5' }, 'route: Please record a line of at least 2 valid points.'],
    ['a line with words', { route: `${LINE};here` }, 'route: Please record a line of at least 2 valid points.'],
    [
      'a shape left open',
      { plot: SHAPE.split(';').slice(0, 3).join(';') },
      'plot: Please record a closed shape of at least 3 valid points.',
    ],
    ['a PDF said to be audio', { voice: dataUrl('audio/mpeg', 'note.mp3', PDF) }, 'voice: File type not allowed or potentially harmful.'],
  ])('refuse %s, naming the question', async (_, data, error) => {
    const before = await submissionCount(t, s.id);
    const { status, body } = await submit(t, s, { other: 'x', ...data });
    expect(status).toBe(400);
    expect(body.errors).toEqual([error]);
    expect(await submissionCount(t, s.id)).toBe(before);
  });
});
