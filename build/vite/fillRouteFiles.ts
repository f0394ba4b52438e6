// The files a survey link needs, read from Vite's build manifest (dist/.vite/manifest.json): the entry's
// static imports, what the entry's start (src/app/start.tsx) imports statically (not the app it loads
// elsewhere), and what the fill page and the offline runtime load, statically or (for the offline copy)
// on demand too: the widgets load on demand and must work offline, with the Chakra system its dialogs
// bring. The service worker precaches these (./precache.ts) and the size check weighs them (../size.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FILL_ROOTS = ['src/pages/fill/RoutedFillPage.tsx', 'src/offline/runtime.ts', 'src/app/fillTheme.ts', 'src/app/fillRoot.ts'];
/** What a survey link's page runs before its form shows (src/app/fillRoot.ts), with the offline runtime. */
const FILL_UP_FRONT = ['src/app/fillRoot.ts', 'src/offline/runtime.ts'];
const START_ROOT = 'src/app/start.tsx';
// The signed-in app (every admin screen) is reached from the shared 'app' file on demand: the walk stops
// there, or the whole product (4.7 MiB) would be fetched by a respondent's phone after the form. So does it
// at the Survey Data page, which start.tsx asks for early at its own address.
const ADMIN_ROOTS = ['src/app/appRoot.ts', 'src/pages/data/SurveyDataPage.tsx'];

export interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}

export function readManifest(outDir: string): Record<string, ViteChunk> | undefined {
  const path = join(outDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ViteChunk>) : undefined;
}

/** The built files a survey link loads: `upFront` before the form shows, else also what it loads on demand. */
export function fillRouteFiles(chunks: Record<string, ViteChunk>, which: 'upFront' | 'offline'): Set<string> {
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
    if (which === 'offline' ? FILL_ROOTS.includes(key) : FILL_UP_FRONT.includes(key)) visit(key, which === 'offline');
  }
  return keep;
}
