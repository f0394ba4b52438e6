// On a survey's address only part of the English texts ships (src/i18n/index.ts, `fillEnglish`): every text
// the fill route's code asks for must be in that part, else a respondent would read a key instead of a text.
// The fill route's code: tests/support/fillRoute.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillEnglish } from '../../src/i18n/index';
import { fillRouteFiles, root } from '../support/fillRoute';

describe("the fill page's English", () => {
  const files = fillRouteFiles();

  it('is followed through the widgets and the offline side', () => {
    const rel = files.map((f) => f.slice(root.length + 1));
    expect(rel).toEqual(
      expect.arrayContaining(['src/pages/fill/FillPage.tsx', 'src/offline/ui/OutboxDialog.tsx', 'src/offline/useOfflineFill.tsx']),
    );
    expect(rel.some((f) => f.startsWith('widgets/'))).toBe(true);
  });

  it('holds every namespace the fill route asks for', () => {
    const shipped = new Set([...Object.keys(fillEnglish), 'problems']);
    const asked = new Map<string, string>();
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z0-9_]+)\./g)) asked.set(m[1]!, f.slice(root.length + 1));
      for (const m of readFileSync(f, 'utf8').matchAll(/i18nKey=["'{`]+([a-zA-Z0-9_]+)\./g)) asked.set(m[1]!, f.slice(root.length + 1));
    }
    const missing = [...asked].filter(([ns]) => !shipped.has(ns)).map(([ns, f]) => `${ns} (${f})`);
    expect(missing).toEqual([]);
    expect(asked.size).toBeGreaterThan(3);
  });
});
