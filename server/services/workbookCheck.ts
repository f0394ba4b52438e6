// An uploaded .xlsx is a zip of XML files, and both layers can be hostile: a zip whose parts inflate to
// gigabytes (a "zip bomb"), and XML with a document type that declares entities (the "billion laughs").
// Before ExcelJS sees the bytes, every part is inflated here with its output capped at the size its
// directory entry declares, the total and the ratio are bounded, and XML with a DTD is refused. What
// ExcelJS then inflates again is known to fit.
import { inflateRawSync } from 'node:zlib';
import { problem } from '../problems';

export interface WorkbookLimits {
  /** Parts in the zip. */
  entries: number;
  /** Bytes of all parts once inflated. */
  inflated: number;
  /** Inflated / compressed size of any part. */
  ratio: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = { entries: 500, inflated: 40 * 1024 * 1024, ratio: 200 };

const refuse = (why: string) => problem('validation', { errors: [`file: ${why}`] });

/** Throws a 400 naming the file unless the bytes are a zip whose parts are safe to inflate. */
export function checkWorkbook(bytes: Buffer, limits: WorkbookLimits = WORKBOOK_LIMITS): void {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) throw refuse('is not an Excel workbook (.xlsx)');
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes (after an optional comment).
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse('is not a complete zip archive');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  if (count > limits.entries) throw refuse(`has more than ${limits.entries} parts`);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw refuse('has a damaged zip directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at = next;
    // Zip64 markers (sizes of 4 GiB) have no place in a sheet of texts.
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw refuse('is too large');
    total += size;
    if (total > limits.inflated) throw refuse(`inflates to more than ${limits.inflated / 1024 / 1024} MB`);
    if (size > Math.max(1024, compressed * limits.ratio)) throw refuse(`has a part that inflates ${limits.ratio} times or more (${name})`);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw refuse('has a damaged zip entry');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    if (data.length !== compressed) throw refuse('has a damaged zip entry');
    let inflated: Buffer;
    try {
      inflated = method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: Math.max(size, 1) }) : (() => { throw refuse('uses an unknown compression'); })();
    } catch (err) {
      if (err instanceof Error && 'status' in err) throw err;
      throw refuse(`has a part that does not inflate to its declared size (${name})`);
    }
    if (inflated.length !== size) throw refuse(`has a part that does not inflate to its declared size (${name})`);
    if (/\.(xml|rels)$/i.test(name) && /<!DOCTYPE|<!ENTITY/i.test(inflated.toString('latin1'))) throw refuse('declares a document type (DTD), which a workbook never needs');
  }
}
