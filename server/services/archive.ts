// Workbooks are archives, and anyone may upload one: before an XLSX (or any zip) is parsed, its central
// directory is read and every entry inflated with a running budget, so a zip bomb is refused having
// cost at most the budget, and no XML part may declare a DOCTYPE or entities (entity expansion,
// external entities). Counting happens as bytes inflate: the sizes an archive declares are not trusted.
// An Excel 97-2003 workbook is an OLE compound file instead: its header is checked against the file's
// length (checkCompoundFile) before the reader follows it.
import { inflateRawSync } from 'node:zlib';

export interface ArchiveLimits {
  /** The archive's own size. */
  compressedBytes: number;
  entries: number;
  /** All entries inflated together. */
  uncompressedBytes: number;
  /** Inflated bytes per compressed byte, for the whole archive and for any entry over 1 MB. */
  ratio: number;
}

export const WORKBOOK_LIMITS: ArchiveLimits = {
  compressedBytes: 10 * 1024 * 1024,
  entries: 500,
  uncompressedBytes: 100 * 1024 * 1024,
  ratio: 200,
};

export class ArchiveError extends Error {
  constructor(
    /** Which limit or rule: 'compressedBytes', 'entries', 'uncompressedBytes', 'ratio', 'doctype', 'format'. */
    readonly limit: string,
    message: string,
    readonly entry?: string,
  ) {
    super(message);
  }
}

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MB = 1024 * 1024;

const XML_PART = /\.(xml|rels|vml)$/i;
/** A DOCTYPE or entity declaration, in UTF-8 or UTF-16 (a NUL after each ASCII byte). */
const DECLARATION = [/<!DOCTYPE/i, /<!ENTITY/i, /<\0!\0D\0O\0C\0T\0Y\0P\0E/i, /<\0!\0E\0N\0T\0I\0T\0Y/i];

/** Every entry of the zip, inflated within the limits; throws ArchiveError naming the limit. */
export function readArchive(zip: Buffer, limits: ArchiveLimits = WORKBOOK_LIMITS): ArchiveEntry[] {
  if (zip.length > limits.compressedBytes)
    throw new ArchiveError('compressedBytes', `The file is larger than ${limits.compressedBytes / MB} MB.`);
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new ArchiveError('format', 'The file is not a zip archive (an .xlsx workbook is one): it may be truncated or of another kind.');
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (count > limits.entries) throw new ArchiveError('entries', `The archive has ${count} entries; at most ${limits.entries} are read.`);
  if (cdOffset + cdSize > zip.length) throw new ArchiveError('format', 'The archive is truncated: its directory points past its end.');
  const out: ArchiveEntry[] = [];
  let total = 0;
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ArchiveError('format', 'The archive directory is damaged.');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL)
      throw new ArchiveError('format', `The archive entry '${name.slice(0, 100)}' is damaged.`, name);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (start + compressed > zip.length) throw new ArchiveError('format', `The archive entry '${name.slice(0, 100)}' is truncated.`, name);
    const raw = zip.subarray(start, start + compressed);
    if (name.endsWith('/')) continue;
    let data: Buffer;
    const budget = limits.uncompressedBytes - total;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        // maxOutputLength stops inflating at the budget: a bomb costs no more than the limit.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError)
          throw new ArchiveError('uncompressedBytes', `The archive inflates to more than ${limits.uncompressedBytes / MB} MB.`, name);
        throw new ArchiveError('format', `The archive entry '${name.slice(0, 100)}' cannot be inflated: the file is damaged.`, name);
      }
    } else
      throw new ArchiveError(
        'format',
        `The archive entry '${name.slice(0, 100)}' uses a compression method (${method}) workbooks do not use.`,
        name,
      );
    total += data.length;
    if (total > limits.uncompressedBytes)
      throw new ArchiveError('uncompressedBytes', `The archive inflates to more than ${limits.uncompressedBytes / MB} MB.`, name);
    if (data.length > MB && data.length > limits.ratio * Math.max(1, compressed))
      throw new ArchiveError(
        'ratio',
        `The archive entry '${name.slice(0, 100)}' inflates more than ${limits.ratio} times: refused as a zip bomb.`,
        name,
      );
    if (
      XML_PART.test(name) &&
      DECLARATION.some((re) => re.test(data.toString('latin1', 0, Math.min(data.length, 4096))) || re.test(data.toString('latin1')))
    )
      throw new ArchiveError(
        'doctype',
        `The part '${name.slice(0, 100)}' declares a DOCTYPE or entities, which workbooks never need: refused.`,
        name,
      );
    out.push({ name, data });
  }
  if (total > MB && total > limits.ratio * zip.length)
    throw new ArchiveError('ratio', `The archive inflates more than ${limits.ratio} times its size: refused as a zip bomb.`);
  return out;
}

/** The first bytes of an OLE compound file (CFB), the container of an Excel 97-2003 workbook. */
export const COMPOUND_FILE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/**
 * A compound file's header checked against the file's own length before a reader follows it: the sector
 * size it declares, and the sector counts and the directory's place, each within the sectors the file
 * has. A header declaring more than the file holds (a hostile or truncated file) is refused here, so the
 * reader never sizes anything by a declared count. Throws ArchiveError ('compressedBytes', 'compoundFile').
 */
export function checkCompoundFile(file: Buffer, maxBytes: number = WORKBOOK_LIMITS.compressedBytes): void {
  if (file.length > maxBytes) throw new ArchiveError('compressedBytes', `The file is larger than ${maxBytes / MB} MB.`);
  const damaged = (why: string) => new ArchiveError('compoundFile', `The Excel 97-2003 workbook is damaged: ${why}.`);
  if (file.length < 1024 || !file.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) throw damaged('it is shorter than its header');
  const major = file.readUInt16LE(0x1a);
  const shift = file.readUInt16LE(0x1e);
  if (
    file.readUInt16LE(0x1c) !== 0xfffe ||
    !((major === 3 && shift === 9) || (major === 4 && shift === 12)) ||
    file.readUInt16LE(0x20) !== 6
  )
    throw damaged('its header is not one Excel writes');
  const sectorSize = 2 ** shift;
  // The header takes the first sector (512 bytes, padded to 4096 in version 4).
  const sectors = Math.floor((file.length - sectorSize) / sectorSize) + ((file.length - sectorSize) % sectorSize ? 1 : 0);
  const fat = file.readUInt32LE(0x2c);
  const firstDirectory = file.readUInt32LE(0x30);
  const miniFat = file.readUInt32LE(0x40);
  const difat = file.readUInt32LE(0x48);
  if (fat === 0 || fat > sectors || miniFat > sectors || difat > sectors || firstDirectory >= sectors)
    throw damaged('its header declares more than the file holds (it may be truncated)');
}
