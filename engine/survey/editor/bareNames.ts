// A bare name where a `${name}` was meant. The engine reads a bare name outside a choice filter as
// JavaRosa does - a path to a node the form does not have, so blank - which makes `age > 5` quietly
// false. Where the bare name is a question of the survey the builder warns (it does not refuse: the
// expression is valid XPath). A choice filter's bare names are its choice columns, and a predicate's
// (`${member}[age > 18]`) are the repeat's questions: both are meant, so neither is warned of.
import { walk, type AstNode } from '../../expression/index';
import { exprOrNull, isDynamicDefault } from '../expressions';
import type { SurveyModel } from '../model';
import type { ExpressionProperty } from './check';
import { surveyNames } from './completion';

/** The bare names in `draft` (property `property`) that are the names of questions of the survey, once each, in order. */
export function bareQuestionNames(model: SurveyModel, property: ExpressionProperty, draft: string): string[] {
  if (property === 'choiceFilter' || (property === 'default' && !isDynamicDefault(draft))) return [];
  const root = exprOrNull(draft, property)?.compiled?.expression.root;
  if (!root) return [];
  const found: string[] = [];
  const visit = (node: AstNode): void | false => {
    if (node.kind === 'column') found.push(node.name);
    if (node.kind !== 'filter') return;
    // The predicate's bare names are the filtered nodes' own questions: only the target is read.
    walk(node.target, visit);
    return false;
  };
  walk(root, visit);
  if (found.length === 0) return [];
  const questions = new Set(surveyNames(model));
  return [...new Set(found)].filter((n) => questions.has(n));
}
