// A received instance's XML read into a small element tree, safely: no DTD (a document with a DOCTYPE
// is refused before anything is built from it, so no entity is ever declared or expanded), no external
// anything, and bounds on the size, the depth and the number of elements that hold before the tree
// grows. saxes is a streaming, non-validating, conformant parser: it expands only XML's five predefined
// entities and character references, and fails on any other.
import { SaxesParser } from 'saxes';
import type { InstanceElement } from '../../engine/survey/xform/index';

export const XML_LIMITS = { bytes: 4 * 1024 * 1024, depth: 32, elements: 50_000, attributes: 50 } as const;

export class XmlRefused extends Error {}

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: InstanceElement[];
  text: string;
}

/** The document's root element; XmlRefused with a sentence naming what is wrong. */
export function parseInstanceXml(bytes: Buffer): InstanceElement {
  if (bytes.length > XML_LIMITS.bytes) throw new XmlRefused(`The submission's XML is larger than ${XML_LIMITS.bytes} bytes`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Building[] = [];
  let root: InstanceElement | undefined;
  let elements = 0;
  let failure: string | undefined;
  const fail = (message: string) => {
    failure ??= message;
  };
  parser.on('doctype', () => fail('The submission XML has a DOCTYPE; document type declarations are not accepted'));
  parser.on('error', (e) => fail(`The submission XML is not well-formed: ${e.message.slice(0, 200)}`));
  parser.on('opentag', (tag) => {
    if (failure) return;
    elements += 1;
    if (elements > XML_LIMITS.elements) return fail(`The submission XML has more than ${XML_LIMITS.elements} elements`);
    if (stack.length >= XML_LIMITS.depth) return fail(`The submission XML nests deeper than ${XML_LIMITS.depth} levels`);
    const attrs = Object.values(tag.attributes);
    if (attrs.length > XML_LIMITS.attributes)
      return fail(`An element of the submission XML has more than ${XML_LIMITS.attributes} attributes`);
    const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const a of attrs) if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attributes[a.local] = a.value;
    stack.push({ name: tag.local, attributes, children: [], text: '' });
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top && !failure) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1];
    if (top && !failure) top.text += t;
  });
  parser.on('closetag', () => {
    if (failure) return;
    const done = stack.pop();
    if (!done) return;
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(done);
    else root = done;
  });
  try {
    parser.write(bytes.toString('utf8'));
    parser.close();
  } catch (e) {
    fail(`The submission XML is not well-formed: ${(e as Error).message.slice(0, 200)}`);
  }
  if (failure) throw new XmlRefused(failure);
  if (!root) throw new XmlRefused('The submission XML has no root element');
  return root;
}
