// parse(): text -> checked AST. diagnose(): every problem at once, for the form builder.
import type { Expression } from './ast';
import { check } from './check';
import type { ExpressionError } from './errors';
import { parseSyntax } from './syntax/parse-syntax';

/** All problems of an expression (syntax, unknown functions, argument counts), in source order. */
export function diagnose(source: string): readonly ExpressionError[] {
  const syntax = parseSyntax(source);
  const errors = syntax.root === undefined ? syntax.errors : check(syntax.root);
  return errors.map((e) => e.withContext({ source }));
}

/** The checked tree of an expression; throws the first problem as an ExpressionError. */
export function parse(source: string): Expression {
  const syntax = parseSyntax(source);
  const first = syntax.root === undefined ? syntax.errors[0] : check(syntax.root)[0];
  if (first !== undefined) throw first.withContext({ source });
  if (syntax.root === undefined) throw new Error('parser returned neither a tree nor an error');
  return { source, root: syntax.root };
}
