// The parse tree of every expression a survey's form compiles, keyed by its text. The server sends them
// with the survey (GetPreviewData's expressionTrees), so the fill page can run the survey without the
// expression parser (Chevrotain and the grammar, a tenth of the fill route's JavaScript): the browser
// build's stand-in parser answers from these trees (src/expression/syntax.ts). A text that does not
// parse maps to null: the page then loads the real parser, which reports the same error as here.
import { compiledSources, parse, syntaxTree, type AstNode } from '../expression/index';
import { expressionsOf, type Bindings } from './bindings';
import { graphInput } from './graph';

export type ExpressionTrees = Record<string, AstNode | null>;

const treeOf = (source: string): AstNode | null => {
  try {
    return parse(source).root;
  } catch {
    return null;
  }
};

/**
 * The trees of the survey's own expressions (relevance, calculations, constraints, choice filters,
 * defaults, repeat counts) and of the binds the dependency graph builds from them (typed literal
 * defaults, required). Labels and hints are texts, not expressions, so the language changes nothing.
 */
export function expressionTrees(b: Bindings): ExpressionTrees {
  // No prototype: a source text is arbitrary ('__proto__' included).
  const trees: ExpressionTrees = Object.create(null) as ExpressionTrees;
  for (const node of b.nodes) for (const e of expressionsOf(node)) trees[e.source] = e.compiled?.expression.root ?? treeOf(e.source);
  // A search() appearance is read as a call (engine/survey/search.ts) but is no function the checks know.
  for (const node of b.nodes) if (node.kind === 'field' && node.search) trees[node.search.text] = syntaxTree(node.search.text) ?? null;
  for (const source of compiledSources(graphInput(b).binds)) if (!(source in trees)) trees[source] = treeOf(source);
  return trees;
}
