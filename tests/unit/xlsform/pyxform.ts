// pyxform as the judge: ../shared/tools/xlsform-check converts workbooks with pyxform 4.5.0, the
// converter ODK Central and KoboToolbox run. Where the tool or its Python packages are missing the tests
// that need it say so loudly, and fail under CI (CI or REQUIRE_POSTGRES set) rather than pass unjudged.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Beside the repository; XLSFORM_CHECK names another place (a worktree one level deeper). */
export const CHECK = process.env.XLSFORM_CHECK ?? resolve(import.meta.dirname, '../../../../shared/tools/xlsform-check');
const PYTHON = '/usr/bin/python3';

export interface Verdict {
  file: string;
  ok: boolean;
  error?: string;
  questions?: { name: string; path: string; type: string }[];
  xform?: string;
}

/** Why pyxform cannot run here, or null when it can. */
export function pyxformMissing(): string | null {
  if (!existsSync(CHECK)) return `the XLSForm judge ${CHECK} is missing`;
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  const r = spawnSync(PYTHON, ['-c', 'import openpyxl, xlrd, defusedxml, lark'], { encoding: 'utf8' });
  if (r.status !== 0)
    return `pyxform's packages are missing (apt-get install -y python3-openpyxl python3-xlrd python3-defusedxml python3-lark): ${r.stderr.trim().split('\n').pop()}`;
  return null;
}

export const mustJudge = (): boolean => Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);

/** pyxform's verdict on each workbook, in order. */
export function judge(files: readonly string[]): Verdict[] {
  const r = spawnSync(PYTHON, [CHECK, '--json', ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Verdict);
}

/** Writes workbooks to a fresh temporary folder and judges them. */
export function judgeBuffers(named: readonly { name: string; bytes: Buffer }[]): Verdict[] {
  const dir = mkdtempSync(join(tmpdir(), 'xlsform-'));
  const files = named.map(({ name, bytes }) => {
    const file = join(dir, name.replace(/[^\w.-]+/g, '_'));
    writeFileSync(file, bytes);
    return file;
  });
  return judge(files);
}
