// The hand-written multipart reader (server/plugins/formData.ts) is a security boundary: every public
// submission goes through it. It is fuzzed here against busboy, the parser @fastify/multipart uses, on the
// same corpus: bodies a browser writes must read the same in both, and hostile bodies (broken boundaries,
// missing CRLF, endless headers, NUL bytes, a part that never ends) must be refused as a FormDataError or
// read as busboy reads them, never throw anything else, and take time linear in their length.
import { Busboy } from '@fastify/busboy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormDataError, parseFormData, type FormPart } from '../../../server/plugins/formData';

const LIMITS = { fileSize: 5_000_000, files: 50, fields: 50_000, fieldSize: 200_000 };
const BOUNDARY = '----fieldsurveyFuzz7MA4YWxkTrZu0gW';

type Read = { name: string; value?: string; fileName?: string; contentType?: string; data?: string };

function ours(body: Buffer, boundary = BOUNDARY): Read[] | 'refused' {
  try {
    return parseFormData(body, boundary, LIMITS).map(simplify);
  } catch (err) {
    if (err instanceof FormDataError) return 'refused';
    throw err;
  }
}

function simplify(p: FormPart): Read {
  return p.fileName === undefined
    ? { name: p.name, value: p.value }
    : { name: p.name, fileName: p.fileName, contentType: p.contentType, data: p.data.toString('latin1') };
}

function theirs(body: Buffer, boundary = BOUNDARY): Promise<Read[] | 'refused'> {
  return new Promise((resolve) => {
    const parts: Read[] = [];
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        limits: { fieldSize: LIMITS.fieldSize, fileSize: LIMITS.fileSize },
        defCharset: 'utf8',
        preservePath: true,
      });
    } catch {
      return resolve('refused');
    }
    const pending: Promise<void>[] = [];
    bb.on('field', (name: string, value: string) => parts.push({ name, value }));
    bb.on('file', (name: string, stream: NodeJS.ReadableStream, fileName: string, _enc: string, contentType: string) => {
      const chunks: Buffer[] = [];
      const entry: Read = { name, fileName, contentType, data: '' };
      parts.push(entry);
      pending.push(
        new Promise((done) => {
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entry.data = Buffer.concat(chunks).toString('latin1');
            done();
          });
          stream.on('error', () => done());
        }),
      );
    });
    bb.on('error', () => resolve('refused'));
    bb.on('finish', () => void Promise.all(pending).then(() => resolve(parts)));
    bb.end(body);
  });
}

// What a browser's FormData writes: names and file names with '"', CR and LF percent-encoded.
// A backslash is left out: browsers write it unescaped, which makes `name="\"` ambiguous (see below).
const nameArb = fc.string({ unit: fc.constantFrom(...'abcXYZ019_.[]-é中 %;=/:'.split('')), minLength: 1, maxLength: 30 });
const valueArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('\r', '\n', '-', 'a', '\0', '\u202e', BOUNDARY.slice(0, 6)), maxLength: 60 }),
  fc.constant(`\r\n--${BOUNDARY.slice(0, -1)}`),
);
const partArb = fc.oneof(
  fc.record({ name: nameArb, value: valueArb }),
  fc.record({
    name: nameArb,
    fileName: nameArb,
    contentType: fc.constantFrom('image/png', 'application/pdf', 'text/plain'),
    data: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString('latin1')),
  }),
);

function write(parts: readonly Read[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.fileName === undefined)
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(p.data!, 'latin1'), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

type Mutation = (b: Buffer) => Buffer;
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n) => (b: Buffer) => b.subarray(0, n % (b.length + 1))),
  // Inserted bytes are ASCII (NUL, CR, LF, quote, dash, ';' and letters): invalid UTF-8 in a header is decoded
  // differently by the two readers (U+FFFD here, latin1 there) without either reading more than was sent.
  fc
    .tuple(fc.nat(), fc.array(fc.constantFrom(0x00, 0x0d, 0x0a, 0x22, 0x2d, 0x3b, 0x20, 0x3d, 0x41, 0x61), { minLength: 1, maxLength: 8 }))
    .map(([n, bytes]) => (b: Buffer) => {
      const at = n % (b.length + 1);
      return Buffer.concat([b.subarray(0, at), Buffer.from(bytes), b.subarray(at)]);
    }),
  fc.nat().map((n) => (b: Buffer) => {
    // Drop one CRLF.
    const s = b.toString('latin1');
    const positions = [...s.matchAll(/\r\n/g)].map((m) => m.index);
    if (!positions.length) return b;
    const at = positions[n % positions.length]!;
    return Buffer.concat([b.subarray(0, at), b.subarray(at + 2)]);
  }),
  fc.constant((b: Buffer) => Buffer.from(b.toString('latin1').replace(`--${BOUNDARY}--`, `--${BOUNDARY}`), 'latin1')),
  fc.constant((b: Buffer) => Buffer.from(b.toString('latin1').replace(`--${BOUNDARY}`, `--${BOUNDARY.slice(1)}`), 'latin1')),
  fc.constant((b: Buffer) => Buffer.from(b.toString('latin1').replace('\r\n\r\n', '\r\nX-Junk: 1\0\r\n\r\n'), 'latin1')),
);

describe('the multipart reader against busboy', () => {
  it('reads what a browser writes exactly as busboy does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(partArb, { maxLength: 12 }), async (parts) => {
        const body = write(parts);
        expect(ours(body)).toEqual(await theirs(body));
        expect(ours(body)).toEqual(parts);
      }),
      { numRuns: 400, seed: 20261125 },
    );
  });

  it('refuses a damaged body or reads it as busboy does, and throws nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(partArb, { minLength: 1, maxLength: 8 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        async (parts, mutations) => {
          const body = mutations.reduce((b, m) => m(b), write(parts));
          const mine = ours(body);
          const busboy = await theirs(body);
          // busboy drops a part whose blank line after the headers is missing and whose body is empty; this
          // reader keeps it, empty. Either way nothing is read that was not sent.
          // A damaged Content-Type is read differently too (busboy keeps junk such as '= text/plain', this reader
          // falls back to text/plain); it is advisory either way, as the server sniffs a file's bytes.
          const filled = (parts: Read[]) => parts.filter((p) => (p.value ?? p.data) !== '').map(({ contentType: _, ...p }) => p);
          if (mine !== 'refused' && busboy !== 'refused') expect(filled(mine)).toEqual(filled(busboy));
        },
      ),
      { numRuns: 600, seed: 11252026 },
    );
  });

  it.each([
    [
      'a part that never ends',
      (n: number) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'x'.repeat(n)}`),
    ],
    ['endless headers', (n: number) => Buffer.from(`--${BOUNDARY}\r\n${'X-Pad: y\r\n'.repeat(n / 10)}`)],
    ['a header line without an end', (n: number) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${'a'.repeat(n)}`)],
    [
      'only carriage returns',
      (n: number) =>
        Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n`), Buffer.alloc(n, '\r')]),
    ],
    [
      'near-boundaries everywhere',
      (n: number) =>
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${`\r\n--${BOUNDARY.slice(0, -1)}`.repeat(n / 40)}`),
    ],
    ['NUL bytes', (n: number) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), Buffer.alloc(n, 0)])],
  ])('%s: refused, in time linear in the body', (_, make) => {
    const timeOf = (n: number): number => {
      const body = make(n);
      const start = performance.now();
      expect(ours(body)).toBe('refused');
      return performance.now() - start;
    };
    timeOf(100_000); // warm up
    // 2 MiB, the largest body read in memory: a quadratic reader would take minutes.
    expect(timeOf(2 * 1024 * 1024)).toBeLessThan(1000);
  });

  it('a body without its boundary, or with a malformed one, is refused', () => {
    expect(ours(Buffer.from('no boundary here'))).toBe('refused');
    expect(ours(Buffer.from(`--${BOUNDARY}garbage`))).toBe('refused');
    expect(ours(Buffer.from(`--${BOUNDARY}\r\n\r\n\r\n--${BOUNDARY}--`))).toBe('refused');
  });

  it('a quoted name that never closes is refused, not read as another name', () => {
    const part = (disposition: string) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\nv\r\n--${BOUNDARY}--\r\n`);
    expect(ours(part('form-data; name="\\"'))).toBe('refused');
    expect(ours(part('form-data; name="a\\"; filename="b"'))).toBe('refused');
    expect(ours(part('form-data; name="a\\\\"; filename="b"'))).toEqual([
      { name: 'a\\', fileName: 'b', contentType: 'text/plain', data: 'v' },
    ]);
  });
});
