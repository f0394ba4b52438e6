// Production builds of the engine for the benchmark: what the app ships (esbuild, minified, no dev
// helpers), written to a temporary directory at run time and never committed.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
export const ENGINE_ENTRY = join(root, 'engine/expression/index.ts');

export const workDir = mkdtempSync(join(tmpdir(), 'expression-bench-'));

/** The engine as an ES module for Node; returns the file to import. */
export async function buildEngineForNode(): Promise<string> {
  const outfile = join(workDir, 'engine.mjs');
  await build({ entryPoints: [ENGINE_ENTRY], bundle: true, format: 'esm', platform: 'node', minify: true, outfile, logLevel: 'warning' });
  return outfile;
}

/** The in-page harness (engine + openrosa-xpath-evaluator) as one script. */
export async function buildBrowserHarness(): Promise<string> {
  const result = await build({
    entryPoints: [join(here, 'expression-browser.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    external: ['node-forge'],
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  writeFileSync(join(workDir, 'harness.js'), code);
  return code;
}

export interface BundleSize {
  /** Our modules only (chevrotain and re2js left out), minified + gzip. */
  readonly ownGzip: number;
  /** Our modules plus chevrotain, re2js and what they pull in, minified + gzip. */
  readonly totalGzip: number;
}

export async function measureBundle(): Promise<BundleSize> {
  const size = async (external: string[]): Promise<number> => {
    const outfile = join(workDir, `size-${external.length}.js`);
    await build({
      entryPoints: [ENGINE_ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      treeShaking: true,
      external,
      outfile,
      logLevel: 'warning',
    });
    return gzipSync(readFileSync(outfile), { level: 9 }).length;
  };
  return { ownGzip: await size(['chevrotain', 're2js']), totalGzip: await size([]) };
}
