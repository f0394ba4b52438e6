// XLSForm types kept as variants of ours: a line or shape answer is valid only as ODK's text of enough
// points (a shape closed), an audio or video answer only a file of that media kind; what the form says
// of them (widget options, the type the expressions are told) follows the variant.
import { describe, expect, it } from 'vitest';
import {
  bindSurvey,
  compileSurvey,
  formatLine,
  lineProblem,
  MAX_FILE_BYTES,
  parseLine,
  q,
  survey,
  xlsformTypeOf,
  type QuestionModel,
} from '../../../engine/survey/index';
import { messages } from './helpers';

const A = '-1.28 36.81 1650 5';
const B = '-1.29 36.82 1651 4';
const C = '-1.3 36.8 1649 6';

const line = () => q.text('x').sheetType('geotrace');
const shape = () => q.text('x').sheetType('geoshape');
const one = (make: () => ReturnType<typeof q.text>, value: unknown) =>
  messages(survey(make(), q.text('other')), { x: value, other: 'o' }).x;

describe('line and shape answers (geotrace, geoshape)', () => {
  it.each([
    ['a line of two points', line, `${A};${B}`],
    ["a line as JavaRosa writes it ('; ')", line, `${A}; ${B}`],
    ['a line with a trailing ;', line, `${A};${B};`],
    ['a line of bare latitude and longitude', line, '10 20;10.5 20.5'],
    ['a shape of three points, closed', shape, `${A};${B};${C};${A}`],
  ])('%s is valid', (_, make, value) => {
    expect(one(make, value)).toBeUndefined();
  });

  it.each([
    ['a line of one point', line, A, 'Please record a line of at least 2 valid points.'],
    ['a line with an empty part', line, `${A};;${B}`, 'Please record a line of at least 2 valid points.'],
    ['a line with words', line, `${A};here`, 'Please record a line of at least 2 valid points.'],
    ['a line out of range', line, `${A};91 10`, 'Please record a line of at least 2 valid points.'],
    ['a shape left open', shape, `${A};${B};${C}`, 'Please record a closed shape of at least 3 valid points.'],
    ['a shape of two points, closed', shape, `${A};${B};${A}`, 'Please record a closed shape of at least 3 valid points.'],
  ])('%s is refused', (_, make, value, message) => {
    expect(one(make, value)).toBe(message);
  });

  it('a plain text question takes the same text without a check of points', () => {
    expect(one(() => q.text('x'), A)).toBeUndefined();
  });

  it('formats a shape closed, as ODK Collect stores it, and reads it back open', () => {
    const points = parseLine(`${A};${B};${C}`)!;
    const text = formatLine('geoshape', points);
    expect(text).toBe(`${A};${B};${C};${A}`);
    expect(lineProblem('geoshape', text)).toBeUndefined();
    expect(formatLine('geoshape', parseLine(text)!)).toBe(text);
    expect(formatLine('geotrace', points)).toBe(`${A};${B};${C}`);
  });

  it('refuses more points than a text answer holds, quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `1 ${i % 180} 0 0`).join(';');
    const t0 = performance.now();
    expect(lineProblem('geotrace', many)).toBe('format');
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('audio and video answers', () => {
  const upload = (type: string) => `upload:${type}`;
  const fileInfo = (value: string) => ({ name: 'rec', type: value.slice('upload:'.length), size: 1000 });
  const check = (kind: 'audio' | 'video', type: string) =>
    messages(survey(q.file('x').sheetType(kind), q.text('other')), { x: upload(type), other: 'o' }, { fileInfo }).x;

  it('take a file of their own media kind', () => {
    expect(check('audio', 'audio/mpeg')).toBeUndefined();
    expect(check('video', 'video/mp4')).toBeUndefined();
  });

  it('refuse another kind of file', () => {
    expect(check('audio', 'application/pdf')).toBe('File type not allowed or potentially harmful.');
    expect(check('video', 'audio/mpeg')).toBe('File type not allowed or potentially harmful.');
  });
});

describe('what the form says of a variant', () => {
  const model = survey(
    q.text('route').sheetType('geotrace'),
    q.text('code').sheetType('barcode').appearance('front'),
    q.file('voice').sheetType('audio'),
    q.file('clip').sheetType('video'),
    q.file('doc'),
  );
  const form = compileSurvey(model, 1);
  const options = (name: string) => (form.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];

  it('the widget options name the variant and the media kind the file input takes', () => {
    expect(options('route')).toMatchObject({ sheetType: 'geotrace' });
    expect(options('code')).toMatchObject({ sheetType: 'barcode' });
    expect(options('voice')).toMatchObject({ sheetType: 'audio', accept: 'audio/*', maxBytes: MAX_FILE_BYTES });
    expect(options('clip')).toMatchObject({ sheetType: 'video', accept: 'video/*' });
    expect(options('doc')).toMatchObject({ accept: 'application/*' });
    expect(options('doc')['sheetType']).toBeUndefined();
  });

  it('the expressions are told the XLSForm type', () => {
    expect(bindSurvey(model).types).toMatchObject({ route: 'geotrace', code: 'barcode', voice: 'audio', doc: 'file' });
  });

  it('a variant stored on a type it does not belong to counts as none', () => {
    const wrong = { questionType: 35, sheetType: 'geotrace' } as unknown as QuestionModel;
    expect(xlsformTypeOf(wrong)).toBe('integer');
  });
});
