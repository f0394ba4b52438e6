// Types, formats and ranges of spec 001 section 5, maxChoices, ranking completeness and files.
import { describe, expect, it } from 'vitest';
import { q, survey } from '../../../engine/survey/index';
import { messages, PNG_1x1, validate } from './helpers';

const one = (make: () => ReturnType<typeof q.text>, value: unknown): string | undefined =>
  messages(survey(make(), q.text('other')), { x: value, other: 'o' }).x;

describe('type checks', () => {
  it.each([
    ['integer', () => q.integer('x'), 3.5, 'Please enter a whole number.'],
    ['integer as words', () => q.integer('x'), 'twelve', 'Please enter a whole number.'],
    ['decimal below 0', () => q.decimal('x'), -1, 'Please enter a number of at least 0.'],
    ['text over 30000', () => q.text('x'), 'a'.repeat(30001), 'Please enter at most 30000 characters.'],
    ['numbers appearance', () => q.text('x').appearance('numbers'), '12a', 'Please enter digits only.'],
    ['date', () => q.date('x'), '2026-02-30', 'Please enter a valid date (YYYY-MM-DD).'],
    ['month-year', () => q.date('x').appearance('month-year'), '2026-02-14', 'Please choose a month and a year.'],
    ['time', () => q.time('x'), '24:00', 'Please enter a valid time (HH:mm).'],
    ['date-time', () => q.datetime('x'), '2026-02-03T10:00', 'Please enter a valid date and time.'],
    ['phone', () => q.phone('x'), '12345', 'Invalid phone number'],
    ['latitude', () => q.geopoint('x'), '91 10', 'Latitude must be between -90 and 90'],
    ['longitude', () => q.geopoint('x'), '10 181', 'Longitude must be between -180 and 180'],
    ['accuracy', () => q.geopoint('x'), '10 10 0 -1', 'Accuracy must be 0 or more'],
    ['range', () => q.range('x').parameters('start=0 end=10 step=2'), 3, 'Please choose a value between 0 and 10 in steps of 2.'],
    ['range bounds', () => q.range('x'), 6, 'Please choose a value between 1 and 5.'],
    ['select one', () => q.select_one('x').choices('a'), 'b', 'Please choose one of the offered options.'],
    ['select multiple', () => q.select_multiple('x').choices('a', 'b'), 'a z', 'Please choose one of the offered options.'],
    ['rating row', () => q.rating('x').choices('r').columns('c'), { zz: 'c' }, 'Please choose one of the offered options.'],
    ['matrix cell', () => q.matrix('x').choices('r').columns('c'), { r: ['c', 'zz'] }, 'Please choose one of the offered options.'],
  ])('%s', (_, make, value, message) => {
    expect(one(make, value)).toBe(message);
  });

  it.each([
    ['integer', () => q.integer('x'), -7],
    ['integer as text (multipart, expressions)', () => q.integer('x'), '12'],
    ['decimal', () => q.decimal('x'), 12.345],
    ['numbers appearance', () => q.text('x').appearance('numbers'), '007'],
    ['date', () => q.date('x'), '2024-02-29'],
    ['month-year', () => q.date('x').appearance('month-year'), '2026-02-01'],
    ['time', () => q.time('x'), '23:59'],
    ['date-time', () => q.datetime('x'), '2026-02-03 10:00'],
    ['US phone', () => q.phone('x'), '(201) 555-0123'],
    ['international phone', () => q.phone('x'), '+254712345678'],
    ['geopoint', () => q.geopoint('x'), '-1.29 36.82'],
    ['range', () => q.range('x').parameters('start=0 end=10 step=2'), 4],
    ['rating', () => q.rating('x').choices('r').columns('c'), { r: 'c' }],
    ['matrix', () => q.matrix('x').choices('r').columns('c', 'd'), { r: ['c', 'd'] }],
    ['acknowledge', () => q.acknowledge('x'), true],
  ])('accepts a good %s', (_, make, value) => {
    expect(one(make, value)).toBeUndefined();
  });
});

describe('maxChoices', () => {
  const s = survey(q.select_multiple('needs').choices('a', 'b', 'c', 'd').maxChoices(2));

  it('refuses more than allowed, with the hint text and the submit text', () => {
    const r = validate(s, { needs: 'a b c' });
    expect(r.issues).toMatchObject([{ path: 'needs', kind: 'maxChoices', message: 'You can select up to 2 choices.' }]);
    expect(r.message).toBe('Error: You have exceeded the maximum number of choices allowed. Please provide the correct answers.');
  });

  it('allows up to the maximum', () => {
    expect(validate(s, { needs: 'a d' }).valid).toBe(true);
  });
});

describe('ranking', () => {
  const s = survey(q.text('t'), q.ranking('rank').choices('a', 'b', 'c'));

  it('needs every choice ranked, once', () => {
    expect(messages(s, { rank: 'a b' })).toEqual({ rank: 'All rankings must be selected' });
    expect(messages(s, { rank: 'a b b' })).toEqual({ rank: 'All rankings must be selected' });
    expect(messages(s, { rank: 'c a b' })).toEqual({});
  });

  it('counts an incomplete ranking among the missing required answers', () => {
    expect(validate(s, { rank: 'a' }).message).toBe('Error: Please make sure you have filled all the required fields.');
  });
});

describe('files', () => {
  const s = survey(q.image('photo'), q.file('doc'));
  const dataUrl = (type: string, name: string, bytes: number) =>
    `data:${type};name=${encodeURIComponent(name)};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

  it('accepts an image for a photograph and anything but blocked types for a file', () => {
    expect(messages(s, { photo: PNG_1x1, doc: dataUrl('application/pdf', 'report.pdf', 100) })).toEqual({});
  });

  it.each([
    ['photo', dataUrl('application/pdf', 'report.pdf', 10), 'File type not allowed or potentially harmful.'],
    ['doc', dataUrl('application/octet-stream', 'setup.exe', 10), 'File type not allowed or potentially harmful.'],
    ['doc', dataUrl('text/plain', 'desktop.INI', 10), 'File type not allowed or potentially harmful.'],
    ['doc', dataUrl('application/octet-stream', 'Mail.app', 10), 'File type not allowed or potentially harmful.'],
    ['doc', dataUrl('application/pdf', 'big.pdf', 5_000_001), 'File size exceeds the 5MB limit.'],
  ])('%s: %s', (name, value, message) => {
    expect(messages(s, { [name]: value })).toEqual({ [name]: message });
  });

  it('takes the server word for what a file is', () => {
    const r = validate(
      s,
      { doc: 'upload:1' },
      { fileInfo: () => ({ name: 'innocent.pdf', type: 'application/x-msdownload', size: 10, blocked: true }) },
    );
    expect(r.issues).toMatchObject([{ path: 'doc', kind: 'file', message: 'File type not allowed or potentially harmful.' }]);
  });
});
