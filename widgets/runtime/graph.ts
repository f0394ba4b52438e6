// The survey's dependency graph for a fill-in: engine/survey's graphOf (relevance, calculations,
// defaults, choice filters, repeat counts, required, constraints, and the labels and hints that show
// answers, in the form's language). A stored submission shown read-only gets only the label and hint
// binds: nothing is recomputed, so what shows is what was submitted.
import { buildGraph, type Graph } from '../../engine/expression/index';
import { graphInput, graphOf, type Bindings } from '../../engine/survey/index';

const readOnlyGraphs = new WeakMap<Bindings, Map<number, Graph>>();

export function surveyGraph(b: Bindings, languageId: number, readOnly: boolean): Graph {
  if (!readOnly) return graphOf(b, languageId);
  let byLanguage = readOnlyGraphs.get(b);
  if (byLanguage === undefined) readOnlyGraphs.set(b, (byLanguage = new Map()));
  let g = byLanguage.get(languageId);
  if (g === undefined) {
    const { binds, fields } = graphInput(b, languageId);
    g = buildGraph(
      binds.filter((x) => x.kind === 'label' || x.kind === 'hint'),
      { fields, choices: b.choices },
    );
    byLanguage.set(languageId, g);
  }
  return g;
}
