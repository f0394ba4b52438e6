// Imports answered by a module of ours instead of the one named. Like the patches (./patch.ts), a
// stand-in that the build never used fails the build: the import it replaces has moved or gone, and
// the module it was keeping out would be back without anyone seeing.
import type { Plugin } from 'vite';

export interface StandIn {
  /** Whose import is replaced: a file of ours, or a test of the importer's path (a package's files). */
  importer: string | RegExp;
  /** The import as written. */
  source: string;
  /** The module that answers it instead. */
  standIn: string;
}

export function standIns(name: string, why: string, list: readonly StandIn[]): Plugin {
  const used = new Set<StandIn>();
  const matches = (s: StandIn, importer: string) => (typeof s.importer === 'string' ? s.importer === importer : s.importer.test(importer));
  return {
    name,
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    resolveId(source, importer) {
      if (importer === undefined) return null;
      const found = list.find((s) => s.source === source && matches(s, importer));
      if (!found) return null;
      used.add(found);
      return found.standIn;
    },
    buildEnd(err) {
      if (err || this.meta.watchMode) return;
      const unused = list.filter((s) => !used.has(s)).map((s) => `${s.source} from ${String(s.importer)}`);
      if (unused.length) this.error(`${name}: never imported: ${unused.join('; ')} (${why}); update the stand-in.`);
    },
  };
}
