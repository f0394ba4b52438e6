// Builds multipart/form-data bodies for inject(), the way a browser's FormData would send them.
import { randomBytes } from 'node:crypto';
import { dataUrlBytes, type FormEntry } from '../../engine/survey/index';

export interface FilePart {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export function multipart(entries: readonly (readonly [string, string | FilePart])[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----fieldsurvey${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.fileName}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(value.bytes), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The engine's form entries as multipart parts: data-URL files become file parts. */
export function entriesToParts(entries: readonly FormEntry[]): [string, string | FilePart][] {
  return entries.map(([name, v]) =>
    typeof v === 'string' ? [name, v] : [name, { fileName: v.fileName, contentType: v.contentType, bytes: dataUrlBytes(v.uri) }],
  );
}
