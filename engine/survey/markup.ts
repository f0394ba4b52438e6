// The formatting ODK lets authors put in labels and hints (its markdown subset: *emphasis*, **strong**,
// # headings, [links](https://...), <span style="color: ...; font-family: ...">, line breaks), read
// into a tree that the renderer turns into elements - never into HTML. Everything else an author
// writes, tags and entities included, stays text. Links keep only http(s), mailto and tel addresses.
// Hand-written rather than a markdown library: ODK's subset is not CommonMark (no lists, no raw HTML
// but that one span), and the fill page must stay small on a cheap phone. One pass, linear in the text.

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'em' | 'strong'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'span'; color?: string; font?: string; c: Inline[] }
  | { t: 'br' };

export interface Block {
  /** 0 for a paragraph, 1-6 for a heading. */
  level: number;
  c: Inline[];
}

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)[^\s<>"'`\u0000-\u001f\u007f]+$/i;
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const FONT = /^[a-z0-9 ,'"-]{1,80}$/i;
const SPAN_OPEN = /<span\s+style\s*=\s*(["'])([^"'<>]{0,200})\1\s*>/iy;
const SPAN_CLOSE = /<\/span\s*>/iy;
const LINK_TARGET = /\]\(([^()\s]{1,2000})\)/y;
const HEADING = /^(#{1,6})\s+/;
/** Deeper nesting is kept as text: a label is not a document. */
const MAX_DEPTH = 16;

/** A safe link address, or undefined. */
export function safeHref(url: string): string | undefined {
  const u = url.trim();
  return SAFE_LINK.test(u) ? u : undefined;
}

function spanStyle(style: string): { color?: string; font?: string } | undefined {
  const out: { color?: string; font?: string } = {};
  for (const decl of style.split(';')) {
    if (decl.trim() === '') continue;
    const at = decl.indexOf(':');
    if (at < 0) return undefined;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl.slice(at + 1).trim();
    if (prop === 'color' && COLOR.test(value)) out.color = value;
    else if (prop === 'font-family' && FONT.test(value)) out.font = value;
    else return undefined;
  }
  return out;
}

type FrameKind = 'root' | 'em' | 'strong' | 'link' | 'span';
interface Frame {
  kind: FrameKind;
  /** What opened it, given back as text when it never closes. */
  opener: string;
  delim?: string;
  span?: { color?: string; font?: string };
  c: Inline[];
}

function pushText(into: Inline[], v: string): void {
  if (v === '') return;
  const last = into[into.length - 1];
  if (last?.t === 'text') last.v += v;
  else into.push({ t: 'text', v });
}

/** Gives an unclosed frame back to its parent as its opener text followed by its content. */
function unwind(frame: Frame, parent: Frame): void {
  pushText(parent.c, frame.opener);
  for (const n of frame.c) {
    if (n.t === 'text') pushText(parent.c, n.v);
    else parent.c.push(n);
  }
}

export function parseInline(text: string): Inline[] {
  const stack: Frame[] = [{ kind: 'root', opener: '', c: [] }];
  const top = () => stack[stack.length - 1]!;
  let plain = '';
  const flush = () => {
    pushText(top().c, plain);
    plain = '';
  };
  /** Closes frames down to the nearest of `kind` (inner ones unwound as text); false when none is open. */
  const closeTo = (kind: FrameKind, delim?: string): Frame | undefined => {
    let i = stack.length - 1;
    while (i > 0 && !(stack[i]!.kind === kind && (delim === undefined || stack[i]!.delim === delim))) i--;
    if (i === 0) return undefined;
    flush();
    while (stack.length - 1 > i) {
      const f = stack.pop()!;
      unwind(f, top());
    }
    return stack.pop();
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length && /[\\*_[\]()#<>`]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      top().c.push({ t: 'br' });
      i++;
      continue;
    }
    if (ch === '*' || ch === '_') {
      const double = text[i + 1] === ch;
      const delim = double ? ch + ch : ch;
      const kind = double ? 'strong' : 'em';
      const before = text[i - 1];
      const after = text[i + delim.length];
      const open = stack.some((f) => f.kind === kind && f.delim === delim);
      // An underscore inside a word (a_name) is not emphasis; a delimiter followed by a space does not open.
      const inWord = ch === '_' && before !== undefined && /\w/.test(before) && after !== undefined && /\w/.test(after);
      if (!inWord && open && before !== undefined && !/\s/.test(before)) {
        const f = closeTo(kind, delim)!;
        top().c.push({ t: kind, c: f.c });
        i += delim.length;
        continue;
      }
      if (!inWord && !open && after !== undefined && !/\s/.test(after) && stack.length < MAX_DEPTH) {
        flush();
        stack.push({ kind, opener: delim, delim, c: [] });
        i += delim.length;
        continue;
      }
      plain += delim;
      i += delim.length;
      continue;
    }
    if (ch === '[' && stack.length < MAX_DEPTH) {
      flush();
      stack.push({ kind: 'link', opener: '[', c: [] });
      i++;
      continue;
    }
    if (ch === ']' && stack.some((f) => f.kind === 'link')) {
      LINK_TARGET.lastIndex = i;
      const m = LINK_TARGET.exec(text);
      if (m) {
        const f = closeTo('link')!;
        const href = safeHref(m[1]!);
        if (href) top().c.push({ t: 'link', href, c: f.c });
        else {
          unwind(f, top());
          pushText(top().c, m[0]);
        }
        i += m[0].length;
        continue;
      }
    }
    if (ch === '<') {
      SPAN_OPEN.lastIndex = i;
      const open = SPAN_OPEN.exec(text);
      const style = open ? spanStyle(open[2]!) : undefined;
      if (open && style && stack.length < MAX_DEPTH) {
        flush();
        stack.push({ kind: 'span', opener: open[0], span: style, c: [] });
        i += open[0].length;
        continue;
      }
      SPAN_CLOSE.lastIndex = i;
      const close = SPAN_CLOSE.exec(text);
      if (close && stack.some((f) => f.kind === 'span')) {
        const f = closeTo('span')!;
        top().c.push({ t: 'span', ...f.span, c: f.c });
        i += close[0].length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  while (stack.length > 1) {
    const f = stack.pop()!;
    unwind(f, top());
  }
  return stack[0]!.c;
}

/** A label or hint as blocks: '# ' lines are headings, the rest paragraphs with their line breaks. */
export function parseMarkup(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const end = () => {
    if (para.length) blocks.push({ level: 0, c: parseInline(para.join('\n')) });
    para = [];
  };
  for (const line of text.split('\n')) {
    const h = HEADING.exec(line);
    if (h) {
      end();
      blocks.push({ level: h[1]!.length, c: parseInline(line.slice(h[0].length)) });
    } else para.push(line);
  }
  end();
  return blocks;
}

/** Whether a text has anything but plain characters, so plain labels skip the parse. */
export function hasMarkup(text: string): boolean {
  return /[*_[\]<#\\\n]/.test(text);
}

function flatten(nodes: readonly Inline[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.t === 'text') out += n.v;
    else if (n.t === 'br') out += ' ';
    else out += flatten(n.c);
  }
  return out;
}

/** The words of a label without its formatting: for places that show plain text (a page list, an aria-label). */
export function plainText(text: string): string {
  if (!hasMarkup(text)) return text;
  return parseMarkup(text)
    .map((b) => flatten(b.c))
    .join(' ');
}
