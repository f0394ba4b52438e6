// Modules marked free of side effects, so that what no page uses of them is dropped. `map: null`: the
// code is unchanged, so the source map stays (tests/bench/bytes-fill.ts reads it).
import type { Plugin } from 'vite';

// The builder's half of the engine (engine/survey/editor, engine/survey/xlsform) reaches the fill route
// through engine/survey's index. Its modules compute tables at their top level (sets, property lists, an
// Error subclass), which the bundler must keep unless told they are pure: they are, so what the fill page
// does not call is dropped (about 9 KiB of the builder's edits and translations).
export const PURE_MODULES = /[\\/]engine[\\/]survey[\\/](editor|xlsform)[\\/][^\\/]+\.ts$/;

// Chakra's recipe modules only define objects: the ones no page names can go (and the admin screens' do
// not tie the fill route's file to theirs).
export const CHAKRA_RECIPE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/][\w-]+\.js$/;

function pure(name: string, test: RegExp): Plugin {
  return {
    name,
    transform(code, id) {
      return test.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export const builderEngineIsPure = () => pure('builder-engine-is-pure', PURE_MODULES);
export const chakraRecipesArePure = () => pure('chakra-recipes-are-pure', CHAKRA_RECIPE);
