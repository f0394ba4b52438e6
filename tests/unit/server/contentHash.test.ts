// The content hash is stored with every submission and a resend is compared with it, so the digest of
// given content must stay what it always was: `reference` is the original definition.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FormEntry } from '../../../engine/survey/index';
import { contentHash } from '../../../server/services/contentHash';

function reference(entries: readonly FormEntry[], sha: ReadonlyMap<string, string>): string {
  const lines = entries.map(
    ([name, value]) => `${name.toLowerCase()}\u0000${typeof value === 'string' ? value : `${value.fileName}\u0000${sha.get(name) ?? ''}`}`,
  );
  lines.sort();
  return createHash('sha256').update(lines.join('\u0001')).digest('hex');
}

const file = (fileName: string) => ({ fileName, contentType: 'image/png', uri: `upload:${fileName}` });

describe('contentHash', () => {
  it('is the digest it always was', () => {
    const entries: FormEntry[] = [
      ['submission.id', '6f1c1b2e-9c1a-4c53-8d7e-2a4f0c7b9e10'],
      ['answers[0].answerDetail.text', 'Café ☕'],
      ['answers[1].answerDetail.answerFiles[0]', file('photo.png')],
    ];
    const sha = new Map([['answers[1].answerDetail.answerFiles[0]', 'ab'.repeat(32)]]);
    expect(contentHash(entries, sha)).toBe('76be457235b8d4d7a811a718eaa3e8a2afe293eab5ed0197c67640261b3b5f49');
    expect(contentHash(entries, sha)).toBe(reference(entries, sha));
  });

  it('ignores the order of fields and the case of names, and sees every value', () => {
    const a: FormEntry[] = [
      ['answers[0].name', 'q0'],
      ['surveyId', 'x'],
      ['answers[10].name', 'q10'],
      ['answers[1].name', 'q1'],
    ];
    const b: FormEntry[] = [
      ['SURVEYID', 'x'],
      ['answers[1].name', 'q1'],
      ['answers[0].Name', 'q0'],
      ['answers[10].name', 'q10'],
    ];
    expect(contentHash(a, new Map())).toBe(contentHash(b, new Map()));
    expect(contentHash(a, new Map())).not.toBe(contentHash([...a.slice(0, 3), ['answers[1].name', 'q2']], new Map()));
  });

  it('agrees with the original definition for any names and values, sent once or many times', () => {
    const names = ['a', 'ab', 'a.b', 'a[1]', 'a[10]', 'a[2]', 'A', 'b\u0000c', 'b', 'B\u0000', '', 'é', 'z'];
    const values = ['', 'x', '\u0000', 'a\u0001b', 'é', 'zz'];
    let seed = 7;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const shapes = Array.from({ length: 40 }, () => Array.from({ length: 1 + next(10) }, () => names[next(names.length)]!));
    for (let round = 0; round < 2000; round++) {
      const entries: FormEntry[] = shapes[next(shapes.length)]!.map((name) => [
        name,
        next(6) === 0 ? file(values[next(values.length)]!) : values[next(values.length)]!,
      ]);
      const sha = new Map(entries.filter(([, v]) => typeof v !== 'string').map(([n]) => [n, next(2) ? 'cd'.repeat(32) : '']));
      expect(contentHash(entries, sha)).toBe(reference(entries, sha));
    }
  });
});
