// Bundled into a page for the in-Chromium measurement: our engine and openrosa-xpath-evaluator
// (on the browser's own XPath) evaluating the same mix, side by side in one page.
import { compile } from '../../engine/expression/index';
import { CURRENT_IS_AGE, FIELDS, instanceXml, measure, MIX, toXPath } from './expression-mix';

interface PeerEvaluator {
  evaluate(expression: string, context: Node, resolver: null, type: number, result: null): unknown;
}
declare const require: (name: string) => unknown;

function runOurs(ms: number): number {
  const programs = MIX.map((m) => compile(m));
  const env = { fields: FIELDS, now: new Date() };
  const onAge = { ...env, current: FIELDS.age };
  const step = (): void => {
    for (let i = 0; i < programs.length; i++) programs[i]?.evaluate(i === CURRENT_IS_AGE ? onAge : env);
  };
  measure(step, programs.length, ms / 4, () => performance.now());
  return measure(step, programs.length, ms, () => performance.now()).perSecond;
}

function runPeer(ms: number): number {
  const factory = require('openrosa-xpath-evaluator') as () => PeerEvaluator;
  const evaluator = factory();
  const doc = new DOMParser().parseFromString(instanceXml(), 'application/xml');
  const age = doc.getElementsByTagName('age')[0];
  if (age === undefined) throw new Error('no age element');
  const paths = MIX.map(toXPath);
  const step = (): void => {
    for (let i = 0; i < paths.length; i++)
      evaluator.evaluate(paths[i] ?? '', i === CURRENT_IS_AGE ? age : doc, null, XPathResult.ANY_TYPE, null);
  };
  measure(step, paths.length, ms / 4, () => performance.now());
  return measure(step, paths.length, ms, () => performance.now()).perSecond;
}

Object.assign(globalThis, { expressionBench: { runOurs, runPeer } });
