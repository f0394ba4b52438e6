// Reads back the text that pdf-lib drew: inflates each content stream and decodes its hex-string
// text operators (<...> Tj). Enough to check what an invoice says without a full PDF reader.
import { inflateSync } from 'node:zlib';

export function pdfText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  if (buf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const raw = buf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = buf.subarray(start, end);
    let text: string;
    try {
      text = inflateSync(chunk).toString('latin1');
    } catch {
      text = chunk.toString('latin1');
    }
    for (const h of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1]!, 'hex').toString('latin1'));
    for (const s of text.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) out.push(s[1]!);
  }
  return out.join('\n');
}
