// On a survey's address only part of the English texts ships (src/i18n/index.ts, `fillEnglish`): every text
// the fill route's code asks for must be in that part, else a respondent would read a key instead of a text.
// The fill route's code is what the fill page and the offline runtime import, statically or on demand (the
// widgets, the dialogs), followed through relative imports as the bundler would.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillEnglish } from '../../src/i18n/index';

const root = resolve(import.meta.dirname, '../..');
const ROOTS = ['src/pages/fill/FillPage.tsx', 'src/offline/runtime.ts'].map((p) => join(root, p));

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

function fillRouteFiles(): string[] {
  const seen = new Set<string>();
  const stack = [...ROOTS];
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const code = readFileSync(f, 'utf8');
    // Static imports and re-exports (type-only ones carry no text), and import('...') on demand.
    for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
      const spec = m[1] ?? m[2]!;
      const target = resolveImport(f, spec);
      if (target && /\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return [...seen];
}

describe("the fill page's English", () => {
  const files = fillRouteFiles();

  it('is followed through the widgets and the offline side', () => {
    const rel = files.map((f) => f.slice(root.length + 1));
    expect(rel).toEqual(expect.arrayContaining(['src/pages/fill/FillPage.tsx', 'src/offline/ui/OutboxDialog.tsx', 'src/offline/useOfflineFill.tsx']));
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
