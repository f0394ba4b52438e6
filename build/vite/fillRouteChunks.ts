// The fill route's code in as few files as possible. Left to itself the bundler cut the code the fill
// page loads up front into 65 files, one per combination of screens sharing it; over HTTP/1.1's six
// connections a phone on a 400 ms link then waits about eleven round trips before the form can show.
// Grouped: what every page runs (src/app/start.tsx's static imports: 'app'), and what the fill page and
// the offline runtime import statically on top ('fill'). Admin screens that reuse fill code load the same
// file. The entry's own small imports (the survey's early request and the API client it uses) stay in the
// entry's file ('boot'), so that the request leaves before 'app' has arrived.
import { fromRoot } from './paths';
import { CHAKRA_RECIPE, PURE_MODULES } from './pureModules';

export const ENTRY_ROOT = fromRoot('src/main.tsx');
export const APP_ROOT = fromRoot('src/app/start.tsx');
const FILL_MODULE_ROOTS = ['src/app/fillRoot.ts', 'src/pages/fill/FillPage.tsx', 'src/offline/runtime.ts'].map(fromRoot);

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

const CHAKRA_FAMILY =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@internationalized|@floating-ui|proxy-compare|stylis|hoist-non-react-statics)[\\/]/;
const CHAKRA_THEME_INDEX = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](theme[\\/]index|preset|preset-base|index)\.js$/;

export function fillRouteChunks() {
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
    // a module to instantiate (the Survey Data table's first page). Not the recipes, which the themes hold
    // (they import the anatomies from here, so this file must not import them), nor the theme's index or
    // the default preset, which import every recipe.
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
