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
    expect(parts.map((p) => [p.name, p.fileName, p.contentType, p.data.toString('utf8')])).toEqual([
      ['answers[0].answerDetail.text', undefined, 'text/plain', 'Café ☕'],
      ['answers[1].answerDetail.answerFiles[0]', 'صورة.png', 'image/png', '\u0001\u0002\u0003'],
      ['empty', undefined, 'text/plain', ''],
    ]);
  });

  it('keeps CR LF inside values', () => {
    const { payload, boundary } = bodyOf([['note', 'a\r\nb']]);
    expect(parseFormData(payload, boundary, LIMITS)[0]!.data.toString()).toBe('a\r\nb');
  });

  it.each([
    ['a file over the size', [['f', { fileName: 'x.pdf', contentType: 'application/pdf', bytes: Buffer.alloc(11) }]], 'FST_REQ_FILE_TOO_LARGE'],
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
