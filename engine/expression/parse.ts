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

/** The checked tree of an expression; throws the first problem as an ExpressionError. */
export function parse(source: string): Expression {
  const syntax = parseSyntax(source);
  const first = syntax.root === undefined ? syntax.errors[0] : checked(syntax.root, source)[0];
  if (first !== undefined) throw first.withContext({ source });
  if (syntax.root === undefined) throw new Error('parser returned neither a tree nor an error');
  return { source, root: syntax.root };
}
