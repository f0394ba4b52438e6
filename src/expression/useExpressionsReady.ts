// Whether a survey's expressions can be compiled and run in the browser: at once when the survey came
// with the parse tree of each (syntax.ts) and calls no regex(), else once the expression parser and
// RE2 (re2.ts) have loaded.
import { useEffect, useMemo, useState } from 'react';
import type { AstNode } from '../../engine/expression/index';
import { ensurePatterns, patternsLoaded } from './re2';
import { ensureParser, parserLoaded, provideTrees } from './syntax';

const callsRegex = (trees: Readonly<Record<string, AstNode | null>>): boolean =>
  Object.keys(trees).some((source) => source.includes('regex'));

/** `active`: the survey is here (its trees, if any, with it). */
export function useExpressionsReady(active: boolean, trees: Readonly<Record<string, AstNode | null>> | null | undefined): boolean {
  const complete = useMemo(() => active && provideTrees(trees ?? undefined), [active, trees]);
  const needsPatterns = useMemo(() => active && complete && trees != null && callsRegex(trees), [active, complete, trees]);
  const [loaded, setLoaded] = useState(parserLoaded);
  const [patterns, setPatterns] = useState(patternsLoaded);
  useEffect(() => {
    if (!active || complete || loaded) return;
    // A failed load (a chunk missing offline) still shows the form; its expressions report themselves.
    const done = () => setLoaded(true);
    ensureParser().then(done, done);
  }, [active, complete, loaded]);
  useEffect(() => {
    if (!needsPatterns || patterns) return;
    const done = () => setPatterns(true);
    ensurePatterns().then(done, done);
  }, [needsPatterns, patterns]);
  return (complete && (!needsPatterns || patterns)) || loaded;
}
