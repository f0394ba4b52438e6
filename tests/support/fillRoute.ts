// The fill route's source files: what the fill page and the offline runtime import, statically or on demand
// (the widgets, the dialogs), followed through relative imports as the bundler would, plus the providers
// every page renders in. Read by the tests that hold the fill route's shipped parts (its English texts, its
// Chakra recipes) to what its code asks for.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
const ROOTS = ['src/pages/fill/FillPage.tsx', 'src/offline/runtime.ts', 'src/app/fillFrame.tsx'].map((p) => join(root, p));

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

/**
 * Absolute paths of the fill route's TypeScript files; with `onDemand: false` only what its static imports
 * reach, the code a survey link loads before the form (dialogs and the widgets loaded when shown left out).
 */
export function fillRouteFiles({ onDemand = true, roots = [] }: { onDemand?: boolean; roots?: string[] } = {}): string[] {
  const seen = new Set<string>();
  const stack = [...ROOTS, ...roots.map((p) => join(root, p))];
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const code = readFileSync(f, 'utf8');
    // Static imports and re-exports (type-only ones carry no text), and import('...') on demand.
    for (const m of code.matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g,
    )) {
      if (m[3] !== undefined && !onDemand) continue;
      const spec = m[1] ?? m[2] ?? m[3]!;
      const target = resolveImport(f, spec);
      if (target && /\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return [...seen];
}
