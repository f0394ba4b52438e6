// Patches of third-party files, made so that an upgrade that changes a file cannot leave a patch doing
// nothing unseen: each patch names the files it changes and the text it replaces in each, a text that is
// not found fails the build, and so does a named file the build never loaded (renamed or moved).
import type { Plugin } from 'vite';

export interface FilePatch {
  /** The file, as the end of its path under node_modules (`@rjsf/chakra-ui/lib/utils.js`). */
  file: string;
  /** Each text to find, exactly, and what replaces it. */
  replace: readonly (readonly [find: string, by: string])[];
}

const endsWith = (id: string, file: string) => id.replace(/\\/g, '/').split('?')[0]!.endsWith(`/node_modules/${file}`);

export function patchFiles(name: string, why: string, patches: readonly FilePatch[]): Plugin {
  const seen = new Set<string>();
  return {
    name,
    enforce: 'pre',
    buildStart() {
      seen.clear();
    },
    transform(code, id) {
      const patch = patches.find((p) => endsWith(id, p.file));
      if (!patch) return null;
      seen.add(patch.file);
      let out = code;
      for (const [find, by] of patch.replace) {
        if (!out.includes(find))
          this.error(`${name}: "${find}" is no longer in ${patch.file} (${why}); the package changed: update the patch.`);
        out = out.replace(find, by);
      }
      return { code: out, map: null };
    },
    buildEnd(err) {
      if (err || this.meta.watchMode) return;
      const missing = patches.filter((p) => !seen.has(p.file)).map((p) => p.file);
      if (missing.length)
        this.error(`${name}: the build never loaded ${missing.join(', ')} (${why}); the package changed: update the patch.`);
    },
  };
}
