// Whether the survey's expressions can be compiled: at once when the survey came with the parse tree of
// each (src/expression/syntax.ts), else once the expression parser has loaded.
import { useEffect, useMemo, useState } from 'react';
import { ensureParser, parserLoaded, provideTrees } from '../../expression/syntax';
import type { PreviewData } from './api';

export function useExpressionsReady(data: PreviewData | undefined): boolean {
  const complete = useMemo(() => data !== undefined && provideTrees(data.expressionTrees), [data]);
  const [loaded, setLoaded] = useState(parserLoaded);
  useEffect(() => {
    if (data === undefined || complete || loaded) return;
    // A failed load (a chunk missing offline) still shows the form; its expressions report themselves.
    const done = () => setLoaded(true);
    ensureParser().then(done, done);
  }, [data, complete, loaded]);
  return complete || loaded;
}
