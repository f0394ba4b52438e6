// V8 compiles a function when it is first called, on the main thread, unless told otherwise: on a survey
// link's repeat visit about 300 ms of a 4x-slowed phone went to compiling the functions of 'app' and 'fill'
// one by one (a trace with V8's compile events). Chromium keeps for an ES module only the code it compiled
// (the service worker's eager cache works for classic scripts only). V8's file-level compile hint
// (Chrome 136) compiles every function of these files up front, on the thread that streams them in while
// they download, and the code cache then holds them all. Nearly every function in them runs on the page's
// first render; the admin screens' files are left lazy. V8 reads the hint only before a file's first
// token, and Vite puts its preload map (`const __vite__mapDeps=...`) first, late in its own output step:
// so the hint goes into the written files (and their brotli and gzip copies, made before), and their
// source maps move down a line. The names stay: the hint is the same in every build.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPILED_ON_LOAD = new Set(['app', 'fill', 'boot']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export const compiledOnLoad = (): Plugin => ({
  name: 'compiled-on-load',
  apply: 'build',
  writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const hinted = Object.values(bundle).filter((c) => c.type === 'chunk' && COMPILED_ON_LOAD.has(c.name));
    // The groups are named in ./fillRouteChunks.ts: a build without them means the grouping changed.
    if (hinted.length !== COMPILED_ON_LOAD.size) this.error(`compiled-on-load: expected the chunks ${[...COMPILED_ON_LOAD].join(', ')}`);
    for (const chunk of hinted) {
      const file = join(dir, chunk.fileName);
      const code = readFileSync(file, 'utf8');
      if (code.startsWith(COMPILE_HINT)) continue;
      const withHint = COMPILE_HINT + code;
      writeFileSync(file, withHint);
      if (existsSync(`${file}.br`))
        writeFileSync(`${file}.br`, brotliCompressSync(withHint, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(withHint, { level: 9 }));
      if (existsSync(`${file}.map`)) {
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
        writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    }
  },
});
