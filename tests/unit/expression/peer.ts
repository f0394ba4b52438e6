// openrosa-xpath-evaluator (Enketo's evaluator) on jsdom, for differential tests: the same answers
// as an XML instance, ${name} translated to the path pyxform would write.
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

type Scalar = string | number | boolean;
interface PeerResult {
  numberValue?: number;
  stringValue?: string;
  booleanValue?: boolean;
}
interface PeerEvaluator {
  evaluate(expression: string, context: Node, resolver: null, type: number, result: null): PeerResult;
}

export interface Peer {
  /** Evaluates with the result type our engine produced, as an XForm bind would ask for it. */
  evaluate(expression: string, as: 'number' | 'string' | 'boolean'): Scalar;
}

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toXml(fields: Readonly<Record<string, unknown>>): string {
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      for (const instance of value as Record<string, unknown>[]) body += `<${name}>${toXml(instance)}</${name}>`;
    } else {
      body += `<${name}>${xmlEscape(String(value))}</${name}>`;
    }
  }
  return body;
}

/** '${age}' -> '/data/age'; questions inside a repeat -> '/data/repeat/question'. */
export function toXPath(expression: string, repeats: Readonly<Record<string, string>>): string {
  return expression.replace(/\$\{([^}]+)\}/g, (_, name: string) => (repeats[name] ? `/data/${repeats[name]}/${name}` : `/data/${name}`));
}

export function createPeer(fields: Readonly<Record<string, unknown>>): Peer {
  const dom = new JSDOM(`<data>${toXml(fields)}</data>`, { contentType: 'application/xml' });
  const window = dom.window;
  // The peer reads these browser globals when it is loaded and when it runs.
  Object.assign(globalThis, { Node: window.Node, XPathResult: window.XPathResult, XPathEvaluator: window.XPathEvaluator });
  const require = createRequire(import.meta.url);
  const factory = require('openrosa-xpath-evaluator') as () => PeerEvaluator;
  const evaluator = factory();
  const types = {
    number: window.XPathResult.NUMBER_TYPE,
    string: window.XPathResult.STRING_TYPE,
    boolean: window.XPathResult.BOOLEAN_TYPE,
  };
  return {
    evaluate(expression, as) {
      const result = evaluator.evaluate(expression, window.document, null, types[as], null);
      if (as === 'number') return result.numberValue ?? NaN;
      if (as === 'boolean') return result.booleanValue ?? false;
      return result.stringValue ?? '';
    },
  };
}
