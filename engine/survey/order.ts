// The order in which a survey's values are settled: every node after the nodes its relevance, repeat
// count, calculation or dynamic default reads, and after its enclosing section. Depth-first in
// document order, so independent questions keep the order the respondent sees. Cycles are reported
// by the names in them and broken where they were found.
import type { BindingNode } from './nodes';

/** The names a node's value waits for: its section, and what its relevance, repeat count, calculation or default reads. */
export function valueDependencies(node: BindingNode): string[] {
  const deps: string[] = [];
  if (node.parent) deps.push(node.parent.name);
  if (node.relevant) deps.push(...node.relevant.references);
  if (node.kind === 'section') {
    if (node.repeatCount !== null && typeof node.repeatCount !== 'number') deps.push(...node.repeatCount.references);
  } else {
    if (node.calculation) deps.push(...node.calculation.references);
    if (node.defaultExpr) deps.push(...node.defaultExpr.references);
  }
  return deps;
}

export function evaluationOrder(
  nodes: readonly BindingNode[],
  byName: ReadonlyMap<string, BindingNode>,
): { order: BindingNode[]; cycles: string[][] } {
  const order: BindingNode[] = [];
  const cycles: string[][] = [];
  const state = new Map<BindingNode, 'visiting' | 'done'>();
  const stack: BindingNode[] = [];

  const visit = (node: BindingNode): void => {
    const s = state.get(node);
    if (s === 'done') return;
    if (s === 'visiting') {
      const from = stack.indexOf(node);
      cycles.push(stack.slice(from).map((n) => n.name));
      return;
    }
    state.set(node, 'visiting');
    stack.push(node);
    for (const name of valueDependencies(node)) {
      const dep = byName.get(name);
      if (dep !== undefined && dep !== node) visit(dep);
      else if (dep === node && node.kind === 'field' && node.calculation?.references.includes(name)) cycles.push([name]);
    }
    stack.pop();
    state.set(node, 'done');
    order.push(node);
  };
  for (const node of nodes) visit(node);
  return { order, cycles };
}
