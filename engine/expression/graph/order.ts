// Cycles (Tarjan's strongly connected components) and a stable topological order.

/** Groups of nodes that depend on each other, including a node that depends on itself. */
export function findCycles(count: number, dependsOn: readonly (readonly number[])[]): number[][] {
  let next = 0;
  const index = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const cycles: number[][] = [];
  const connect = (v: number): void => {
    index[v] = low[v] = next++;
    stack.push(v);
    onStack[v] = true;
    for (const w of dependsOn[v] ?? []) {
      if (index[w] === -1) {
        connect(w);
        low[v] = Math.min(low[v] ?? 0, low[w] ?? 0);
      } else if (onStack[w]) {
        low[v] = Math.min(low[v] ?? 0, index[w] ?? 0);
      }
    }
    if (low[v] !== index[v]) return;
    const component: number[] = [];
    let w: number | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack[w] = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (dependsOn[v] ?? []).includes(v)) cycles.push(component.sort((a, b) => a - b));
  };
  for (let v = 0; v < count; v++) if (index[v] === -1) connect(v);
  return cycles;
}

/** Dependencies before dependents; among independent nodes, the given order is kept. */
export function topologicalOrder(nodes: readonly number[], dependsOn: readonly (readonly number[])[]): number[] {
  const included = new Set(nodes);
  const done = new Set<number>();
  const out: number[] = [];
  const visit = (v: number): void => {
    if (done.has(v)) return;
    done.add(v);
    for (const w of dependsOn[v] ?? []) if (included.has(w)) visit(w);
    out.push(v);
  };
  for (const v of nodes) visit(v);
  return out;
}
