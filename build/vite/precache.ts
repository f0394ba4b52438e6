// The service worker precaches the fill page's files only: a respondent on a slow link should not
// download the admin screens. The other screens, and the interface language in use, are kept by the
// worker as they are loaded (src/offline/sw.ts); the other languages are not downloaded at all.
import { fillRouteFiles, readManifest } from './fillRouteFiles';

export function fillRouteOnly(outDir: string) {
  return <T extends { url: string }>(entries: T[]) => {
    const chunks = readManifest(outDir);
    if (!chunks) return { manifest: entries, warnings: ['no build manifest: the whole app is precached'] };
    const keep = fillRouteFiles(chunks, 'offline');
    // Files outside assets/ (index.html, the web manifest, icons) are the shell: always kept.
    return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)), warnings: [] };
  };
}
