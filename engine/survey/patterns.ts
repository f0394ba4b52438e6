// The publish step's check of regex() patterns: what RE2 cannot run (back-references, look-around,
// Java-only class syntax) is listed with the question, the pattern and where in it, so the author
// can fix it before anyone fills the survey (docs/decisions/0029-author-patterns-on-re2.md).
import { patternIssues } from '../expression/index';
import type { Bindings, BindingNode } from './bindings';
import type { Expr } from './expressions';

export interface PatternReport {
  /** The question's name. */
  readonly question: string;
  readonly pattern: string;
  /** Offset in the pattern (UTF-16 code units). */
  readonly position: number;
  readonly message: string;
}

function expressionsOf(node: BindingNode): (Expr | null)[] {
  if (node.kind === 'section') return [node.relevant, typeof node.repeatCount === 'number' ? null : node.repeatCount];
  return [node.relevant, node.constraint, node.calculation, node.choiceFilter, node.defaultExpr];
}

/** Every regex() pattern of the survey that cannot run, in document order. */
export function checkPatterns(bindings: Bindings): PatternReport[] {
  const reports: PatternReport[] = [];
  for (const node of bindings.nodes) {
    for (const e of expressionsOf(node)) {
      if (e === null || !e.source.includes('regex')) continue;
      for (const issue of patternIssues(e.source)) {
        reports.push({ question: node.name, pattern: issue.pattern, position: issue.position, message: issue.message });
      }
    }
  }
  return reports;
}
