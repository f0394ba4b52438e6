// The page a survey link opens, for a respondent on a slow link: the built index.html with the fill page's own files named in
// its head as modulepreload links. Without them the browser learns of the fill page's code only once the
// entry has arrived and run, one more round trip (2 s on a slow-3G link) before the form can show; with
// them both download from the start. What the links name comes from Vite's build manifest, so a rebuilt
// front end is described as it is.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The fill page's root in the build manifest (the fill page, its Chakra system and the offline side; vite.config.ts builds their code as one 'fill' file). */
const FILL_ROOTS = ['src/app/fillRoot.ts'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files the fill roots import statically (scripts and their style sheets), without duplicates. */
export function fillPreloads(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) files.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const root of FILL_ROOTS) visit(root);
  return [...files];
}

const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * index.html with a link for each file it does not name already: modulepreload for a script, the style
 * sheet itself for CSS (Vite's loader finds it there by its address and does not add it again).
 */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((f) => ASSET.test(f) && !html.includes(`/${f}"`))
    .map((f) =>
      f.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${f}">` : `<link rel="modulepreload" crossorigin href="/${f}">`,
    )
    .join('\n    ');
  return links === '' ? html : html.replace('</head>', `  ${links}\n  </head>`);
}

/** Reads the fill page's document from the built front end, again only when index.html changes. */
export function fillDocument(webRoot: string): () => Promise<string> {
  let cached: { mtimeMs: number; html: string } | undefined;
  return async () => {
    const index = join(webRoot, 'index.html');
    const { mtimeMs } = await stat(index);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    const html = await readFile(index, 'utf8');
    let manifest: Record<string, ManifestChunk> = {};
    try {
      manifest = JSON.parse(await readFile(join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      // A build without a manifest: the page still works, one round trip slower.
    }
    cached = { mtimeMs, html: withPreloads(html, fillPreloads(manifest)) };
    return cached.html;
  };
}
