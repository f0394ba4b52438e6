// A tiny XML writer: elements, attributes and text, escaped as XML 1.0 requires. The engine has no DOM, and
// an XForm is written once and never edited, so a tree of plain values and one serializer is all it needs.

export interface XmlElement {
  readonly name: string;
  readonly attrs: readonly (readonly [string, string])[];
  readonly children: readonly XmlNode[];
}
export type XmlNode = XmlElement | string;

type Attrs = Record<string, string | null | undefined>;

/** An element; attributes that are null or undefined are left out, in the order given. */
export function el(name: string, attrs: Attrs = {}, ...children: (XmlNode | null | undefined | false)[]): XmlElement {
  return {
    name,
    attrs: Object.entries(attrs).filter((a): a is [string, string] => typeof a[1] === 'string'),
    children: children.filter((c): c is XmlNode => c !== null && c !== undefined && c !== false),
  };
}

// Characters XML 1.0 cannot hold at all, not even as a character reference: dropped.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function escapeText(s: string): string {
  return s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value: quotes, and whitespace a parser would otherwise normalise to spaces, as references. */
export function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function open(e: XmlElement): string {
  return `<${e.name}${e.attrs.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('')}`;
}

function inline(node: XmlNode): string {
  if (typeof node === 'string') return escapeText(node);
  if (node.children.length === 0) return `${open(node)}/>`;
  return `${open(node)}>${node.children.map(inline).join('')}</${node.name}>`;
}

/**
 * The document, indented two spaces per level. An element holding text is written on one line as it is
 * (its whitespace is content: a label's words around an <output/>).
 */
export function serialize(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const write = (e: XmlElement, depth: number) => {
    const pad = '  '.repeat(depth);
    if (e.children.length === 0 || e.children.some((c) => typeof c === 'string')) out.push(pad + inline(e));
    else {
      out.push(`${pad}${open(e)}>`);
      for (const c of e.children) write(c as XmlElement, depth + 1);
      out.push(`${pad}</${e.name}>`);
    }
  };
  write(root, 0);
  return `${out.join('\n')}\n`;
}
