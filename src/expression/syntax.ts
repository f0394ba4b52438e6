// The browser build's stand-in for engine/expression/syntax/parse-syntax.ts (vite.config.ts swaps it
// in for the engine's own import). The real parser - Chevrotain and the grammar, about 40 KiB gzip, a
// tenth of the fill route's JavaScript - is not needed to fill a survey: the server sends the parse tree
// of every expression with it (GetPreviewData's expressionTrees, engine/survey/trees.ts), and this module
// answers from them. A page that meets a text without a tree (survey data cached before the trees
// existed, an expression that does not parse, the builder) loads the real parser first: ensureParser().
// The swap is in the build only: Node (the server, the tests) always runs the real module.
import { ExpressionError, type AstNode } from '../../engine/expression/index';
import type * as Real from '../../engine/expression/syntax/parse-syntax';
import type { SyntaxResult } from '../../engine/expression/syntax/parse-syntax';
import { onDemand } from '../../widgets/shared/onDemand';
import { ensurePatterns, patternsLoaded } from './re2';

type RealParser = typeof Real;

const trees = new Map<string, AstNode>();
const parser = onDemand<RealParser>(() => import('../../engine/expression/syntax/parse-syntax'));

/**
 * Loads the real parser (a chunk of its own, in the service worker's precache, so offline too), and RE2
 * with it: a page that needs the parser cannot tell which of its texts call regex().
 */
export const ensureParser = (): Promise<void> => Promise.all([parser.load(), ensurePatterns()]).then(() => undefined);

export const parserLoaded = (): boolean => parser.current() !== null && patternsLoaded();

/**
 * Keeps the trees a survey came with. True when they cover every expression the survey has (a null
 * entry is a text that does not parse: only the real parser can say why).
 */
export function provideTrees(given: Readonly<Record<string, AstNode | null>> | undefined): boolean {
  if (given === undefined || given === null) return false;
  let complete = true;
  for (const [source, root] of Object.entries(given)) {
    if (root === null) complete = false;
    else trees.set(source, root);
  }
  return complete;
}

export function parseSyntax(source: string): SyntaxResult {
  const root = trees.get(source);
  if (root !== undefined) return { root, errors: [] };
  const real = parser.current();
  if (real !== null) return real.parseSyntax(source);
  // Not reached by a survey whose trees were provided (tests/unit/fill/expression-trees.test.ts);
  // if it is, the expression reports itself broken until the parser is there.
  ensureParser().catch(() => undefined);
  return {
    root: undefined,
    errors: [new ExpressionError('internal', 'The expression parser is still loading', { offset: 0, length: source.length })],
  };
}
