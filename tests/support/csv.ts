// A CSV export read back with a real CSV reader (fast-csv), as a spreadsheet would: the BOM that tells
// Excel the file is UTF-8 is dropped first; every record as its fields.
import { parseString } from 'fast-csv';

export const parseCsv = (text: string): Promise<string[][]> =>
  new Promise<string[][]>((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text.replace(/^\uFEFF/, ''), { headers: false })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
