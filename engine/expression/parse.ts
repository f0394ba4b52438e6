// parse(): text -> checked AST. diagnose(): every problem at once, for the form builder.
import type { AstNode, Expression } from './ast';
import { check } from './check';
import { ExpressionError } from './errors';
import { parseSyntax } from './syntax/parse-syntax';

/** check(), with a tree too deep to walk reported like any other problem. */
function checked(root: AstNode, source: string): ExpressionError[] {
  try {
    return check(root);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return [new ExpressionError('syntax', 'The expression is too long or too deeply nested', { offset: 0, length: source.length })];
  }
}

/** All problems of an expression (syntax, unknown functions, argument counts), in source order. */
export function diagnose(source: string): readonly ExpressionError[] {
  const syntax = parseSyntax(source);
  const errors = syntax.root === undefined ? syntax.errors : checked(syntax.root, source);
  return errors.map((e) => e.withContext({ source }));
}

/** The tree of an expression without the checks (undefined when it does not parse): for tools that look for what the checks refuse. */
export function syntaxTree(source: string): AstNode | undefined {
  return parseSyntax(source).root;
}

/**
 * The checked tree of an expression; throws the first problem as an ExpressionError. A wrong number of
 * arguments is not thrown: as in JavaRosa it fails when the call is evaluated (check.ts arityProblem),
 * and is listed in `deferred` for the publish checks.
 */
export function parse(source: string): Expression {
  const syntax = parseSyntax(source);
  if (syntax.root === undefined) {
    const first = syntax.errors[0];
    if (first !== undefined) throw first.withContext({ source });
    throw new Error('parser returned neither a tree nor an error');
  }
  const problems = checked(syntax.root, source).map((e) => e.withContext({ source }));
  const first = problems.find((e) => e.code !== 'arity');
  if (first !== undefined) throw first;
  return problems.length === 0 ? { source, root: syntax.root } : { source, root: syntax.root, deferred: problems };
}
