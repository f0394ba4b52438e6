// The in-memory multipart reader of SubmitSurvey: RFC 7578 bodies as browsers write them, and refusals.
import { describe, expect, it } from 'vitest';
import { FormDataError, boundaryOf, parseFormData } from '../../../server/plugins/formData';
import { multipart } from '../../support/multipart';

const LIMITS = { fileSize: 10, files: 2, fields: 3, fieldSize: 20 };
const bodyOf = (parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return { payload, boundary: boundaryOf(headers['content-type'])! };
};

describe('parseFormData', () => {
  it('reads fields and files in order, UTF-8 names and values included', () => {
    const { payload, boundary } = bodyOf([
      ['answers[0].answerDetail.text', 'Café ☕'],
      ['answers[1].answerDetail.answerFiles[0]', { fileName: 'صورة.png', contentType: 'image/png', bytes: Buffer.from([1, 2, 3]) }],
      ['empty', ''],
    ]);
    const parts = parseFormData(payload, boundary, LIMITS);
    expect(
      parts.map((p) => (p.fileName === undefined ? [p.name, p.value] : [p.name, p.fileName, p.contentType, p.data.toString('utf8')])),
    ).toEqual([
      ['answers[0].answerDetail.text', 'Café ☕'],
      ['answers[1].answerDetail.answerFiles[0]', 'صورة.png', 'image/png', '\u0001\u0002\u0003'],
      ['empty', ''],
    ]);
  });

  it('keeps CR LF inside values', () => {
    const { payload, boundary } = bodyOf([['note', 'a\r\nb']]);
    expect(parseFormData(payload, boundary, LIMITS)[0]).toEqual({ name: 'note', value: 'a\r\nb' });
  });

  it('finds the end of values of any length, past look-alikes of the boundary', () => {
    const boundary = 'b0undary';
    const values = [0, 1, 200, 255, 256, 257, 300, 5000].map((n) => `${'v'.repeat(n)}\r\n--b0undar\r\n-z`);
    const body = Buffer.from(
      `${values.map((v, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${v}\r\n`).join('')}--${boundary}--\r\n`,
    );
    const parts = parseFormData(body, boundary, { ...LIMITS, fields: 100, fieldSize: 10_000 });
    expect(parts.map((p) => (p.fileName === undefined ? p.value : null))).toEqual(values);
  });

  it("reads part headers other than the browser's usual line", () => {
    const boundary = 'b0undary';
    const body = Buffer.from(
      [
        `--${boundary}`,
        'content-disposition: form-data; name="a\\"b"',
        '',
        'quoted',
        `--${boundary}`,
        'Content-Disposition: form-data; name=token',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'typed',
        `--${boundary}`,
        'Content-Disposition: form-data; name="n;m"',
        '',
        'semicolon',
        `--${boundary}`,
        'Content-Disposition: form-data; name="f"; filename="a.txt"',
        '',
        'file',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const parts = parseFormData(body, boundary, LIMITS);
    expect(
      parts.map((p) => (p.fileName === undefined ? [p.name, p.value] : [p.name, p.fileName, p.contentType, p.data.toString()])),
    ).toEqual([
      ['a"b', 'quoted'],
      ['token', 'typed'],
      ['n;m', 'semicolon'],
      ['f', 'a.txt', 'text/plain', 'file'],
    ]);
  });

  it.each([
    [
      'a file over the size',
      [['f', { fileName: 'x.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(11) }]],
      'FST_REQ_FILE_TOO_LARGE',
    ],
    ['too many files', [1, 2, 3].map((i) => [`f${i}`, { fileName: 'x', contentType: 'a/b', bytes: Buffer.alloc(1) }]), 'FST_FILES_LIMIT'],
    ['too many fields', [1, 2, 3, 4].map((i) => [`f${i}`, 'x']), 'FST_FIELDS_LIMIT'],
    ['a field over the size', [['f', 'x'.repeat(21)]], 'FST_INVALID_MULTIPART'],
  ] as const)('refuses %s', (_, parts, code) => {
    const { payload, boundary } = bodyOf(parts as never);
    expect(() => parseFormData(payload, boundary, LIMITS)).toThrow(expect.objectContaining({ code }) as unknown as Error);
  });

  it('refuses a body cut short or without its boundary', () => {
    const { payload, boundary } = bodyOf([['a', 'b']]);
    expect(() => parseFormData(payload.subarray(0, payload.length - 10), boundary, LIMITS)).toThrow(FormDataError);
    expect(() => parseFormData(Buffer.from('nothing'), boundary, LIMITS)).toThrow(FormDataError);
  });

  it('finds the boundary, quoted or not, in multipart/form-data only', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeUndefined();
  });
});
