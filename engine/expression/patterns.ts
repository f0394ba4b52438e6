// The regex() patterns of an expression that cannot run, for the publish step: a survey whose
// constraint would be refused at every evaluation is better refused once, naming the pattern.
import { walk } from './ast';
// Through parse.ts, the one importer of the parser (the browser build swaps it there).
import { syntaxTree } from './parse';
import { patternProblem, type PatternProblem } from './values/pattern';

export interface PatternIssue extends PatternProblem {
  /** The pattern as the author wrote it. */
  readonly pattern: string;
}

/** Literal patterns of regex() calls in `source` that RE2 cannot run; a text that does not parse has none. */
export function patternIssues(source: string): PatternIssue[] {
  const root = syntaxTree(source);
  if (root === undefined) return [];
  const issues: PatternIssue[] = [];
  walk(root, (node) => {
    if (node.kind !== 'call' || node.name !== 'regex') return;
    const pattern = node.args[1];
    if (pattern?.kind !== 'string') return;
    const problem = patternProblem(pattern.value);
    if (problem !== undefined) issues.push({ pattern: pattern.value, ...problem });
  });
  return issues;
}
