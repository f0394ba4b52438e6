// Whether a survey's expressions can be compiled in the browser: at once when the survey came with the
// parse tree of each (syntax.ts), else once the expression parser has loaded.
import { useEffect, useMemo, useState } from 'react';
import type { AstNode } from '../../engine/expression/index';
import { ensureParser, parserLoaded, provideTrees } from './syntax';

/** `active`: the survey is here (its trees, if any, with it). */
export function useExpressionsReady(active: boolean, trees: Readonly<Record<string, AstNode | null>> | null | undefined): boolean {
  const complete = useMemo(() => active && provideTrees(trees ?? undefined), [active, trees]);
  const [loaded, setLoaded] = useState(parserLoaded);
  useEffect(() => {
    if (!active || complete || loaded) return;
    // A failed load (a chunk missing offline) still shows the form; its expressions report themselves.
    const done = () => setLoaded(true);
    ensureParser().then(done, done);
  }, [active, complete, loaded]);
  return complete || loaded;
}
