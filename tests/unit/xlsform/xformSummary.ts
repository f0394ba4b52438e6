// What a person filling or analysing a form would see of it, read from the XForm pyxform made: the questions
// (paths) with their types, binds, choices, choice filters, repeats and texts in every language. Two
// summaries are compared field by field, so a difference names the question, the field and both values.
import { JSDOM } from 'jsdom';

const XF = 'http://www.w3.org/2002/xforms';
const JR = 'http://openrosa.org/javarosa';
const XHTML = 'http://www.w3.org/1999/xhtml';

export interface XFormSummary {
  /** Form-level settings that survive into the XForm: title, version, style. */
  form: Record<string, string>;
  /** Question path (root name left out) -> field -> value. */
  questions: Map<string, Record<string, string>>;
  /** Language ('' for labels written without one) -> text id (root name left out, with its form: `[image]`;
   * `<question> <choice>` for a choice of a question) -> text. Labels without a language are under `default`. */
  texts: Map<string, Map<string, string>>;
  /** The translation marked default. */
  defaultLang: string | undefined;
}

const { DOMParser } = new JSDOM('').window;

/** Expressions as pyxform writes them, with the spellings that mean the same made equal: whitespace outside
 * string literals, the quote of a literal, the root element's name, `true()` for yes. */
export function normaliseExpression(expr: string, root: string): string {
  let out = '';
  const s = expr.replaceAll(`/${root}/`, '/').replace(new RegExp(`/${root}$`), '/');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      const lit = end < 0 ? s.slice(i + 1) : s.slice(i + 1, end);
      out += lit.includes("'") ? `"${lit}"` : `'${lit}'`;
      i = end < 0 ? s.length : end;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

const collapse = (t: string) => t.replace(/\s+/g, ' ').trim();

function elements(parent: Element, ns: string, local: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, local));
}

function children(parent: Element, local?: string): Element[] {
  return Array.from(parent.children).filter((c) => local === undefined || c.localName === local);
}

/** A text's content: its characters, `<output value>` as `${expr}`, whitespace collapsed. */
function textOf(node: Element, root: string): string {
  let out = '';
  for (const n of Array.from(node.childNodes)) {
    if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
    else if (n.nodeType === 1) {
      const e = n as Element;
      if (e.localName === 'output') out += `\${${normaliseExpression(e.getAttribute('value') ?? '', root)}}`;
      else out += textOf(e, root);
    }
  }
  return collapse(out);
}

export function summarise(xml: string): XFormSummary {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const html = doc.documentElement;
  const model = elements(html, XF, 'model')[0]!;
  const instances = children(model, 'instance');
  const primary = children(instances[0]!)[0]!;
  const root = primary.localName;
  const strip = (p: string) => (p === `/${root}` ? '/' : p.startsWith(`/${root}/`) ? p.slice(root.length + 1) : p);
  const expr = (e: string | null) => (e === null ? undefined : normaliseExpression(e, root));

  const form: Record<string, string> = {};
  const title = elements(html, XHTML, 'title')[0];
  if (title) form.title = collapse(title.textContent ?? '');
  for (const a of ['version']) if (primary.hasAttribute(a)) form[a] = primary.getAttribute(a)!;
  const body = elements(html, XHTML, 'body')[0];
  if (body?.getAttribute('class')) form.style = body.getAttribute('class')!;

  // Texts: the translations; the choice ones are kept aside for the choice lists.
  const texts = new Map<string, Map<string, string>>();
  const choiceTexts = new Map<string, Record<string, string>>();
  let defaultLang: string | undefined;
  for (const tr of elements(model, XF, 'translation')) {
    const lang = tr.getAttribute('lang') ?? '';
    if (tr.getAttribute('default')) defaultLang = lang;
    const map = new Map<string, string>();
    texts.set(lang, map);
    for (const t of children(tr, 'text')) {
      const id = t.getAttribute('id') ?? '';
      for (const v of children(t, 'value')) {
        const form = v.getAttribute('form');
        const text = textOf(v, root);
        if (!id.startsWith('/')) {
          const rec = choiceTexts.get(id) ?? {};
          rec[form ? `${lang}[${form}]` : lang] = text;
          choiceTexts.set(id, rec);
        } else map.set(`${strip(id.replace(/:.*$/, ''))}${id.replace(/^[^:]*/, '')}${form ? `[${form}]` : ''}`, text);
      }
    }
  }

  // Choice lists: every secondary instance, read where a question offers it (an export may name lists its
  // own way, one per question); an external one by its file.
  const addText = (lang: string, key: string, text: string) => {
    const map = texts.get(lang) ?? new Map<string, string>();
    map.set(key, text);
    texts.set(lang, map);
  };
  const lists = new Map<string, { src: string | null; items: { name: string; itext: string | undefined; label: string | undefined }[] }>();
  for (const inst of instances.slice(1)) {
    const items = children(children(inst)[0] ?? inst, 'item').map((item) => {
      const field = (n: string) => children(item, n)[0];
      const label = field('label');
      return {
        name: collapse(field('name')?.textContent ?? ''),
        itext: field('itextId')?.textContent?.trim(),
        label: label ? textOf(label, root) : undefined,
      };
    });
    lists.set(inst.getAttribute('id') ?? '', { src: inst.getAttribute('src'), items });
  }
  const offer = (path: string, rec: Record<string, string>, list: string) => {
    const l = lists.get(list);
    if (!l) return void (rec.choices = `(no list ${list})`);
    if (l.src !== null) return void (rec.choicesFile = l.src);
    rec.choices = l.items.map((i) => i.name).join(' | ');
    for (const i of l.items) {
      if (i.itext)
        for (const [lang, text] of Object.entries(choiceTexts.get(i.itext) ?? {})) {
          const form = /\[(.*)\]$/.exec(lang);
          addText(form ? lang.slice(0, form.index) : lang, `${path} ${i.name}${form ? `[${form[1]}]` : ''}`, text);
        }
      else if (i.label !== undefined) addText('', `${path} ${i.name}`, i.label);
    }
  };

  // Questions: every bind, with the body control that shows it.
  const questions: XFormSummary['questions'] = new Map();
  // `../x` in a bind is the sibling x of the bound node: pyxform writes some references that way, others
  // absolute; both mean the same node.
  const absolute = (e: string, path: string) =>
    e.replace(/(?<![\w/.)\]])((?:\.\.\/)+)([A-Za-z_][\w.-]*)/g, (_m, ups: string, name: string) => {
      const parts = path.split('/').filter(Boolean);
      const up = ups.length / 3;
      return `/${[...parts.slice(0, Math.max(0, parts.length - up)), name].join('/')}`;
    });
  const BIND = ['type', 'required', 'relevant', 'constraint', 'calculate', 'readonly', 'preload', 'preloadParams'];
  for (const b of children(model, 'bind')) {
    const path = strip(b.getAttribute('nodeset') ?? '');
    const rec: Record<string, string> = { type: 'string' };
    for (const a of BIND) {
      const v = b.getAttribute(a) ?? b.getAttributeNS(JR, a);
      if (v === null) continue;
      if (a === 'type' || a === 'preload' || a === 'preloadParams') rec[a] = v;
      else if ((a === 'required' || a === 'readonly') && /^(false\(\)|false|no|0)$/i.test(v.trim())) continue;
      else if ((a === 'required' || a === 'readonly') && /^(true\(\)|true|yes|1)$/i.test(v.trim())) rec[a] = 'true()';
      else rec[a] = expr(absolute(v, path))!;
    }
    // A message written without a language is an attribute of the bind; a translated one, a jr:itext() reference.
    for (const m of ['constraintMsg', 'requiredMsg']) {
      const v = b.getAttributeNS(JR, m);
      if (v && !/^\s*jr:itext\(/.test(v)) addText('', `${path}:jr:${m}`, v);
    }
    questions.set(path, rec);
  }
  const CONTROLS = new Set(['input', 'select1', 'select', 'upload', 'trigger', 'range', 'rank', 'group', 'repeat']);
  const walk = (el: Element) => {
    for (const c of children(el)) {
      if (CONTROLS.has(c.localName)) {
        const ref = c.getAttribute(c.localName === 'repeat' ? 'nodeset' : 'ref');
        if (ref) {
          const path = strip(ref);
          // A control without a bind (a trigger) is a string to pyxform, as one whose bind says nothing of it.
          const rec = questions.get(path) ?? (c.localName === 'group' || c.localName === 'repeat' ? {} : { type: 'string' });
          if (c.localName === 'repeat') {
            rec.repeat = 'yes';
            const count = c.getAttributeNS(JR, 'count');
            if (count) rec.repeatCount = expr(count)!;
          } else if (c.localName !== 'group' || !rec.repeat) rec.control = c.localName;
          if (c.getAttribute('mediatype')) rec.mediatype = c.getAttribute('mediatype')!;
          const itemset = children(c, 'itemset')[0];
          if (itemset) {
            // instance('list')/root/item[filter]: the choices the list holds, the filter as written.
            const m = /^instance\(['"]([^'"]+)['"]\)\/root\/item(?:\[(.*)\])?$/.exec(itemset.getAttribute('nodeset') ?? '');
            if (m) {
              offer(path, rec, m[1]!);
              if (m[2]) rec.choiceFilter = expr(m[2])!;
            } else {
              // randomize(instance('list')/root/item, seed) and the like: the choices, and the call around them.
              const inner = /instance\(['"]([^'"]+)['"]\)/.exec(itemset.getAttribute('nodeset') ?? '');
              if (inner) offer(path, rec, inner[1]!);
              rec.itemset = expr((itemset.getAttribute('nodeset') ?? '').replace(/instance\(['"][^'"]+['"]\)/g, 'instance(*)'))!;
            }
          }
          const inline = children(c, 'item');
          if (inline.length) rec.items = inline.map((i) => collapse(children(i, 'value')[0]?.textContent ?? '')).join(' | ');
          for (const part of ['label', 'hint']) {
            const p = children(c, part)[0];
            if (p && !p.hasAttribute('ref')) {
              const inlineText = textOf(p, root);
              if (inlineText !== '') addText('', `${path}:${part}`, inlineText);
            }
          }
          questions.set(path, rec);
        }
      }
      walk(c);
    }
  };
  if (body) walk(body);

  // Labels written without a language (inline) and pyxform's `default` language are one: the texts a form
  // shows when no language is chosen.
  const inline = texts.get('');
  if (inline) {
    texts.delete('');
    const d = texts.get('default') ?? new Map<string, string>();
    for (const [k, v] of inline) d.set(k, v);
    texts.set('default', d);
  }
  return { form, questions, texts, defaultLang };
}

export interface Difference {
  /** `question <path> <field>`, `text <lang> ...`, `form <field>`: what a KNOWN entry matches. */
  key: string;
  original: string;
  ours: string;
}

const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));

/** Every field that differs between pyxform's reading of the original and its reading of our export. */
export function compare(a: XFormSummary, b: XFormSummary): Difference[] {
  const out: Difference[] = [];
  const diff = (key: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ key, original: show(x), ours: show(y) });
  };
  for (const k of new Set([...Object.keys(a.form), ...Object.keys(b.form)])) diff(`form ${k}`, a.form[k], b.form[k]);

  for (const [path, qa] of a.questions) {
    const qb = b.questions.get(path);
    if (!qb) {
      out.push({ key: `question ${path} missing`, original: show(qa), ours: '(none)' });
      continue;
    }
    for (const f of new Set([...Object.keys(qa), ...Object.keys(qb)])) diff(`question ${path} ${f}`, qa[f], qb[f]);
  }
  for (const [path, qb] of b.questions)
    if (!a.questions.has(path)) out.push({ key: `question ${path} added`, original: '(none)', ours: show(qb) });

  // A language is the same language under pyxform's spellings of it: `English`, `english`, `English (en)`.
  const same = (x: string, y: string) => {
    const norm = (l: string) =>
      l
        .replace(/\s*\([^)]*\)\s*$/, '')
        .trim()
        .toLowerCase();
    const code = (l: string) => /\(([^)]*)\)\s*$/.exec(l)?.[1]?.toLowerCase();
    // The import finds a language of our list by its own name ('Français'); the export writes it as 'French (fr)'.
    const own = (c: string | undefined) => {
      try {
        return c ? new Intl.DisplayNames([c], { type: 'language', fallback: 'none' }).of(c)?.toLowerCase() : undefined;
      } catch {
        return undefined;
      }
    };
    return (
      x === y || (x !== '' && y !== '' && (norm(x) === norm(y) || code(x) === norm(y) || norm(x) === code(y) || own(code(y)) === norm(x)))
    );
  };
  // The original's unnamed language is ours where ours names it (the base language of the survey) and the
  // original has no language of that name.
  const named = (l: string) =>
    l === 'default' && !b.texts.has('default') && b.defaultLang !== undefined && ![...a.texts.keys()].some((x) => same(x, b.defaultLang!))
      ? b.defaultLang
      : l;
  // A language of ours that has the very name of one of the original's is that one's, not another spelling's
  // ('English' and 'English (EN)' are two languages to pyxform; the export writes them 'English (en)' and 'English (EN)').
  const exact = new Set([...a.texts.keys()].filter((l) => b.texts.has(l)));
  const ours = (lang: string) => (exact.has(lang) ? lang : [...b.texts.keys()].find((l) => !exact.has(l) && same(named(lang), l)));
  for (const [lang, ta] of a.texts) {
    const match = ours(lang);
    const tb = match === undefined ? undefined : b.texts.get(match);
    if (!tb) {
      out.push({ key: `text ${lang} missing`, original: `${ta.size} texts`, ours: '(none)' });
      continue;
    }
    for (const id of new Set([...ta.keys(), ...tb.keys()])) diff(`text ${lang} ${id}`, ta.get(id), tb.get(id));
  }
  const matched = new Set([...a.texts.keys()].map(ours));
  for (const [lang, tb] of b.texts)
    if (!matched.has(lang)) out.push({ key: `text ${lang} added`, original: '(none)', ours: `${tb.size} texts` });
  return out;
}
