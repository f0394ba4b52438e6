// The browser build's stand-in for 're2js' in engine/expression/values/pattern.ts (vite.config.ts swaps
// it in). RE2 is what keeps an author's regex() pattern from freezing a page or the server, but it weighs
// about 55 KiB gzip, a sixth of the fill route, and most surveys have no pattern: the pages load it
// before showing a survey whose expressions call regex() (useExpressionsReady), and with the parser.
// Until it is here a pattern reports itself as loading (an 'internal' ExpressionError), which
// pattern.ts treats as "compile on first match". Node (the server, the tests) imports re2js itself.
import type * as Real from 're2js';
import { ExpressionError } from '../../engine/expression/index';
import { onDemand } from '../../widgets/shared/onDemand';

const library = onDemand<typeof Real>(() => import('re2js'));

/** Loads RE2 (a chunk of its own, in the service worker's precache, so offline too). */
export const ensurePatterns = (): Promise<void> => library.load().then(() => undefined);

export const patternsLoaded = (): boolean => library.current() !== null;

/** What pattern.ts uses of re2js. */
export const RE2JS = {
  compile(source: string): Real.RE2JS {
    const real = library.current();
    if (real !== null) return real.RE2JS.compile(source);
    ensurePatterns().catch(() => undefined);
    // Offset -1 (unlocated): the evaluator gives it the regex() call's position.
    throw new ExpressionError('internal', 'The pattern engine is still loading', { offset: -1, length: 0 });
  },
};
