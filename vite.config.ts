import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

// The SPA. Pages are lazy chunks (see src/app/routes.ts), so the public fill route does not carry
// the builder or the admin screens.
// @rjsf/chakra-ui reads Chakra's defaultSystem at module level (for isValidProperty and an iframe
// provider), which drags Chakra's full preset - every recipe - into a chunk the fill route shares.
// Our own system answers the same questions; pointing those two imports at it keeps the preset out.
function rjsfChakraUsesOurSystem() {
  const ours = fileURLToPath(new URL('./src/app/theme.ts', import.meta.url));
  return {
    name: 'rjsf-chakra-uses-our-system',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!/@rjsf[\\/]chakra-ui[\\/]lib[\\/](utils|ChakraFrameProvider)\.js$/.test(id)) return null;
      return code
        .replace(/import \{ defaultSystem \} from '@chakra-ui\/react';/, `import { system as defaultSystem } from ${JSON.stringify(ours)};`)
        .replace(
          /import \{ ChakraProvider, EnvironmentProvider, defaultSystem \} from '@chakra-ui\/react';/,
          `import { ChakraProvider, EnvironmentProvider } from '@chakra-ui/react';\nimport { system as defaultSystem } from ${JSON.stringify(ours)};`,
        );
    },
  };
}

// Chakra's theme module builds its default theme at module level from every recipe; the call is pure, but
// the bundler cannot know, so every recipe stayed in. Marked pure, the unused default theme and the
// recipes only it names are dropped (src/app/theme.ts takes the ones we use).
function chakraDefaultThemeIsPure() {
  return {
    name: 'chakra-default-theme-is-pure',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](theme[\\/]index|preset)\.js$/.test(id)) return null;
      return code
        .replace('const defaultThemeConfig = defineConfig(', 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(')
        .replace('const defaultConfig = mergeConfigs(', 'const defaultConfig = /* @__PURE__ */ mergeConfigs(')
        .replace('const defaultSystem = createSystem(', 'const defaultSystem = /* @__PURE__ */ createSystem(');
    },
  };
}

// Modules the fill route must not load up front. Each importer here gets a stand-in that loads the real
// module on demand (the stand-in says how); the real one is still built, as its own chunk, for the
// stand-in's dynamic import. Node (the server, the tests) always imports the real ones.
const ON_DEMAND = [
  // The expression parser (Chevrotain and the grammar, ~40 KiB gzip): the stand-in answers from the parse
  // trees the server sends with a survey.
  { importer: './engine/expression/parse.ts', source: './syntax/parse-syntax', standIn: './src/expression/syntax.ts' },
  // libphonenumber (29 KiB gzip): the stand-in reads numbers once a page has loaded the library.
  { importer: './engine/validation/phone.ts', source: 'libphonenumber-js/min', standIn: './widgets/phone/numbers.ts' },
  // RE2 for regex() (re2js, ~55 KiB gzip): loaded before a survey whose expressions call regex().
  { importer: './engine/expression/values/pattern.ts', source: 're2js', standIn: './src/expression/re2.ts' },
].map((s) => ({
  importer: fileURLToPath(new URL(s.importer, import.meta.url)),
  source: s.source,
  standIn: fileURLToPath(new URL(s.standIn, import.meta.url)),
}));

// See src/vendor/uri-stub.ts: @rjsf/utils's only use of an RFC 3986 parser is for `$id`s we never write.
// Only its import is replaced: ajv, on the admin screens, needs the real fast-uri.
function rjsfUriStandIn() {
  const standIn = fileURLToPath(new URL('./src/vendor/uri-stub.ts', import.meta.url));
  return {
    name: 'rjsf-uri-stand-in',
    enforce: 'pre' as const,
    resolveId(source: string, importer: string | undefined) {
      return source === 'fast-uri' && importer !== undefined && /@rjsf[\\/]utils[\\/]/.test(importer) ? standIn : null;
    },
  };
}

// The builder's half of the engine (engine/survey/editor, engine/survey/xlsform) reaches the fill route
// through engine/survey's index. Its modules compute tables at their top level (sets, property lists, an
// Error subclass), which the bundler must keep unless told they are pure: they are, so what the fill page
// does not call is dropped (about 9 KiB of the builder's edits and translations).
const PURE_MODULES = /[\\/]engine[\\/]survey[\\/](editor|xlsform)[\\/][^\\/]+\.ts$/;
// `map: null`: the code is unchanged, so the source map stays (tests/bench/bytes-fill.ts reads it).
function builderEngineIsPure() {
  return {
    name: 'builder-engine-is-pure',
    transform(_code: string, id: string) {
      return PURE_MODULES.test(id) ? { code: _code, map: null, moduleSideEffects: false } : null;
    },
  };
}

// `import('./x.json?all')`: the whole file as a module apart from the same file's named imports (which keep
// only the keys they name). src/i18n/index.ts loads the English texts of every screen so; Vite's JSON
// plugin does not take the query.
function wholeJson() {
  return {
    name: 'whole-json',
    enforce: 'pre' as const,
    load(id: string) {
      if (!id.endsWith('.json?all')) return null;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(id.slice(0, -'?all'.length), 'utf8'))))});`;
    },
  };
}

function onDemand() {
  return {
    name: 'on-demand',
    enforce: 'pre' as const,
    resolveId(source: string, importer: string | undefined) {
      return ON_DEMAND.find((s) => s.importer === importer && s.source === source)?.standIn ?? null;
    },
  };
}

// The service worker precaches the fill page's files only (issue 22): a respondent on a slow link should
// not download the admin screens. From Vite's build manifest: the entry's static imports, and everything
// the fill page and the offline runtime load, statically or on demand (the widgets load on demand and must
// work offline), with the Chakra system its dialogs bring; and what the entry's start (src/app/start.tsx) imports
// statically (not the app it loads elsewhere). The other screens, and the interface language in use, are kept
// by the worker as they are loaded (src/offline/sw.ts); the other languages are not downloaded at all.
const FILL_ROOTS = ['src/pages/fill/RoutedFillPage.tsx', 'src/offline/runtime.ts', 'src/app/fillTheme.ts', 'src/app/fillRoot.ts'];
const START_ROOT = 'src/app/start.tsx';
// The signed-in app (every admin screen) is reached from the shared 'app' file on demand: the walk stops
// there, or the whole product (4.7 MiB) would be fetched by a respondent's phone after the form. So does it
// at the Survey Data page, which start.tsx asks for early at its own address (issue 16).
const ADMIN_ROOTS = ['src/app/appRoot.ts', 'src/pages/data/SurveyDataPage.tsx'];
interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}
function fillRouteFiles(outDir: string): Set<string> | undefined {
  const path = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  const chunks = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ViteChunk>;
  const keep = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, dynamic: boolean) => {
    const c = chunks[key];
    if (!c || seen.has(`${key}:${dynamic}`) || key.startsWith('src/i18n/locales/') || ADMIN_ROOTS.includes(key)) return;
    seen.add(`${key}:${dynamic}`);
    for (const f of [c.file, ...(c.css ?? []), ...(c.assets ?? [])]) keep.add(f);
    for (const i of c.imports ?? []) visit(i, dynamic);
    if (dynamic) for (const i of c.dynamicImports ?? []) visit(i, true);
  };
  for (const [key, c] of Object.entries(chunks)) {
    if (c.isEntry || key === START_ROOT) visit(key, false);
    if (FILL_ROOTS.includes(key)) visit(key, true);
  }
  return keep;
}
function fillRouteOnly(outDir: string) {
  return <T extends { url: string }>(entries: T[]) => {
    const keep = fillRouteFiles(outDir);
    if (!keep) return { manifest: entries, warnings: ['no build manifest: the whole app is precached'] };
    // Files outside assets/ (index.html, the web manifest, icons) are the shell: always kept.
    return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)), warnings: [] };
  };
}

// The fill route's code in as few files as possible (issue 22). Left to itself the bundler cut the code
// the fill page loads up front into 65 files, one per combination of screens sharing it; over HTTP/1.1's six
// connections a phone on a 400 ms link then waits about eleven round trips before the form can show.
// Grouped: what every page runs (src/app/start.tsx's static imports: 'app'), and what the fill page and
// the offline runtime import statically on top ('fill'). Admin screens that reuse fill code load the same
// file. The entry's own small imports (the survey's early request and the API client it uses) stay in the
// entry's file, so that the request leaves before 'app' has arrived.
const ENTRY_ROOT = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const APP_ROOT = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
const FILL_MODULE_ROOTS = ['./src/app/fillRoot.ts', './src/pages/fill/FillPage.tsx', './src/offline/runtime.ts'].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const BARREL = /node_modules[\\/].*[\\/]index\.m?js$/;
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    // A package's index re-exports everything it has; what a page uses of it is reached through the
    // modules that use it, so the walk does not follow an index (else all of Chakra would count as used).
    if (BARREL.test(id)) continue;
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
const CHAKRA_RECIPE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/][\w-]+\.js$/;
const CHAKRA_FAMILY =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@internationalized|@floating-ui|proxy-compare|stylis|hoist-non-react-statics)[\\/]/;
const CHAKRA_THEME_INDEX = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](theme[\\/]index|preset|preset-base|index)\.js$/;

// Chakra's recipe modules only define objects: the ones no page names can go (and the admin screens' do not
// tie the fill route's file to theirs).
function chakraRecipesArePure() {
  return {
    name: 'chakra-recipes-are-pure',
    transform(code: string, id: string) {
      return CHAKRA_RECIPE.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

function fillRouteChunks() {
  let groups: { entry: Set<string>; app: Set<string>; fill: Set<string> } | undefined;
  const of = (graph: ModuleGraph) =>
    (groups ??= {
      entry: staticClosure(graph, [ENTRY_ROOT]),
      app: staticClosure(graph, [APP_ROOT]),
      fill: staticClosure(graph, FILL_MODULE_ROOTS),
    });
  // 'boot' first: a group takes its modules' imports along, and 'app' would otherwise take the entry's.
  // No Chakra in either since the survey link's page draws without it (src/components/plain/README.md):
  // its recipes and components fall where the app's screens and the dialogs that use them are.
  return [
    { priority: 2, name: (id: string, graph: ModuleGraph) => (id !== ENTRY_ROOT && of(graph).entry.has(id) ? 'boot' : null) },
    // The parts of Chakra (and Ark, zag, emotion under it) that more than one screen uses, in one file the
    // admin screens share: left to itself the bundler made some ninety files of them, each a request and
    // a module to instantiate (the Survey Data table's first page, issue 16). Not the recipes, which the
    // themes hold (they import the anatomies from here, so this file must not import them), nor the
    // theme's index or the default preset, which import every recipe.
    {
      priority: 0,
      name: 'chakra',
      test: (id: string) => CHAKRA_FAMILY.test(id) && !CHAKRA_RECIPE.test(id) && !CHAKRA_THEME_INDEX.test(id),
      minShareCount: 2,
    },
    {
      priority: 1,
      name: (id: string, graph: ModuleGraph) => {
        const g = of(graph);
        if (g.entry.has(id)) return null;
        if (g.app.has(id)) return 'app';
        // The builder's half of the engine is reached through engine/survey's index, so the static walk
        // counts it in: in 'fill' it made every respondent download the builder's edits (14 KiB, 4 KiB
        // brotli) for the admin screens that import them from there. Left out, what the fill page does use
        // of it still lands in 'fill' (the bundler puts a module used by one file into that file).
        return g.fill.has(id) && !PURE_MODULES.test(id) ? 'fill' : null;
      },
    },
  ];
}

// V8 compiles a function when it is first called, on the main thread, unless told otherwise: on a survey
// link's repeat visit about 300 ms of a 4x-slowed phone went to compiling the functions of 'app' and 'fill'
// one by one (a trace with V8's compile events). Chromium keeps for an ES module only the code it compiled
// (the service worker's eager cache works for classic scripts only, seventh part of issue 22 in
// docs/decisions.md). V8's file-level compile hint (Chrome 136) compiles every function of these files
// up front, on the thread that streams them in while they download, and the code cache then holds them all.
// Nearly every function in them runs on the page's first render; the admin screens' files are left lazy.
// V8 reads the hint only before a file's first token, and Vite puts its preload map
// (`const __vite__mapDeps=...`) first, late in its own output step: so the hint goes into the written files
// (and their brotli and gzip copies, made before), and their source maps move down a line. The names stay:
// the hint is the same in every build.
const COMPILED_ON_LOAD = new Set(['app', 'fill', 'boot']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compiledOnLoad() {
  return {
    name: 'compiled-on-load',
    apply: 'build' as const,
    writeBundle(options: { dir?: string }, bundle: Record<string, { type: string; name?: string; fileName: string }>) {
      const dir = options.dir ?? 'dist';
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !COMPILED_ON_LOAD.has(chunk.name ?? '')) continue;
        const file = join(dir, chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (code.startsWith(COMPILE_HINT)) continue;
        const hinted = COMPILE_HINT + code;
        writeFileSync(file, hinted);
        if (existsSync(`${file}.br`))
          writeFileSync(`${file}.br`, brotliCompressSync(hinted, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(hinted, { level: 9 }));
        if (existsSync(`${file}.map`)) {
          const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
          writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

// The entry loads src/app/start.tsx on demand (so that its own small file can ask for a survey early), which
// would leave the browser to learn of 'app' only once the entry has run: named in index.html instead, it
// downloads from the start on every address, as when it was a static import.
interface BundleChunk {
  type: string;
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
}
function preloadStart() {
  return {
    name: 'preload-start',
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, ctx: { bundle?: Record<string, BundleChunk> }) {
        const chunks = Object.values(ctx.bundle ?? {});
        const start = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId === APP_ROOT);
        if (!start) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const i of ctx.bundle?.[file]?.imports ?? []) visit(i);
        };
        visit(start.fileName);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    onDemand(),
    wholeJson(),
    builderEngineIsPure(),
    chakraRecipesArePure(),
    rjsfUriStandIn(),
    chakraDefaultThemeIsPure(),
    rjsfChakraUsesOurSystem(),
    preloadStart(),
    react(),
    // Brotli (best quality: done once) and gzip beside every text asset; the server sends the one the
    // browser accepts. A respondent on 400 kbit/s downloads about a quarter of the bytes.
    compiledOnLoad(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/, threshold: 1024 }),
    // The service worker of src/offline/sw.ts, with the built files as its precache list. It is
    // registered by src/offline/register.ts, in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Field Survey',
        short_name: 'Field Survey',
        description: 'Survey and field data collection for humanitarian and development organizations',
        theme_color: '#1a365d',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        manifestTransforms: [fillRouteOnly(fileURLToPath(new URL('./dist', import.meta.url)))],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // See src/vendor/markdown-stub.tsx: the fill route cannot afford a Markdown parser nobody uses.
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./src/vendor/markdown-stub.tsx', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: read by fillRouteOnly above (never served: the server ignores dot-folders).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting: { groups: fillRouteChunks() } } },
  },
  server: { port: 5173 },
});
