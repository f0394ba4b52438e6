// ${name} references as XPath, as pyxform writes them (survey.py _var_repl_function): the absolute path of
// the node, or, where the expression's node and the referenced one are in the same repeat instance, a path
// relative to their lowest common group (`../member_age`), with current() where the expression is evaluated
// against another instance (a choice filter). The expression engine's tree locates each reference; the
// rest of the expression is kept as written.
import { syntaxTree, type AstNode } from '../../expression/index';
import type { SurveyItem } from '../model';
import { XFormError } from './errors';

export interface XNode {
  name: string;
  kind: 'root' | 'group' | 'repeat' | 'field';
  parent: XNode | null;
  children: XNode[];
  /** The survey item the node stands for (a grid's row selects: the grid). */
  item?: SurveyItem;
  /** Its sheet row number, for the names pyxform generates from it. */
  row?: number;
  /** A node pyxform adds: a repeat count, a table-list's label note or header select, meta. */
  generated?: 'count' | 'tableLabel' | 'tableHeader' | 'meta';
  /** A rating or matrix group, written as pyxform writes a table-list group. */
  tableList?: true;
  /** A row select of a rating or matrix. */
  grid?: true;
}

export function pathOf(n: XNode): string {
  return n.parent ? `${pathOf(n.parent)}/${n.name}` : `/${n.name}`;
}

/** Ancestors from the parent up, with their distance (the parent is 1); the root is not a group. */
function ancestors(n: XNode): Map<XNode, number> {
  const out = new Map<XNode, number>();
  let d = 1;
  for (let a = n.parent; a && a.kind !== 'root'; a = a.parent) out.set(a, d++);
  return out;
}

function lowestCommon(a: XNode, b: XNode, repeatOnly: boolean): XNode | undefined {
  const mine = ancestors(a);
  for (let c = b.parent; c && c.kind !== 'root'; c = c.parent) if (mine.has(c) && (!repeatOnly || c.kind === 'repeat')) return c;
  return undefined;
}

/** The reference from `ctx` to `target` relative to their lowest common group, when they share a repeat. */
function relative(ctx: XNode, target: XNode, current: boolean): string | undefined {
  if (!lowestCommon(ctx, target, true)) return undefined;
  const lca = lowestCommon(ctx, target, false)!;
  const steps = ancestors(ctx).get(lca)!;
  const rest = pathOf(target).slice(pathOf(lca).length);
  return ` ${current ? 'current()/' : ''}${Array.from({ length: steps }, () => '..').join('/')}${rest} `;
}

export interface XPathOptions {
  /** A choice filter: relative references through current(). */
  readonly current?: boolean;
  /** Called when a ${last-saved#name} needs the last-saved instance. */
  readonly onLastSaved?: () => void;
}

/** pyxform keeps these arguments of indexed-repeat() absolute: the field and the repeats. */
const INDEXED_REPEAT_ABSOLUTE = new Set([0, 1, 3, 5]);

/** An XLSForm expression with every ${name} as an XPath path from `ctx`. */
export function xpathOf(source: string, ctx: XNode, names: ReadonlyMap<string, XNode | null>, opts: XPathOptions = {}): string {
  const node = (name: string): XNode => {
    const n = names.get(name);
    if (n === undefined) throw new XFormError('unknownReference', `\${${name}} names no question`);
    if (n === null) throw new XFormError('ambiguousReference', `\${${name}} names more than one question`);
    return n;
  };
  const path = (name: string, lastSaved: boolean, mayBeRelative: boolean, current: boolean): string => {
    const target = node(name);
    if (lastSaved) {
      opts.onLastSaved?.();
      return ` instance('__last-saved')${pathOf(target)} `;
    }
    return (mayBeRelative ? relative(ctx, target, current) : undefined) ?? ` ${pathOf(target)} `;
  };
  const edits: { at: number; length: number; text: string }[] = [];
  const tree = syntaxTree(source);
  if (tree) {
    const visit = (n: AstNode, absolute: boolean, current: boolean): void => {
      switch (n.kind) {
        case 'ref':
          edits.push({ at: n.span.offset, length: n.span.length, text: path(n.name, n.lastSaved === true, !absolute, current) });
          return;
        case 'call':
          n.args.forEach((a) => visit(a, n.name === 'indexed-repeat' ? INDEXED_REPEAT_ABSOLUTE.has(n.args.indexOf(a)) : absolute, current));
          return;
        case 'filter': {
          visit(n.target, absolute, current);
          // In a predicate over another instance, '.' is that instance's node: the form's through current().
          let overInstance = false;
          const find = (m: AstNode) => {
            if (m.kind === 'call' && m.name === 'instance') overInstance = true;
            else if (m.kind === 'filter') find(m.target);
          };
          find(n.target);
          visit(n.predicate, absolute, current || overInstance);
          return;
        }
        case 'negate':
          visit(n.operand, absolute, current);
          return;
        case 'binary':
          visit(n.left, absolute, current);
          visit(n.right, absolute, current);
          return;
        default:
          return;
      }
    };
    visit(tree, false, opts.current === true);
  } else {
    // XPath our grammar does not read (location paths, '../x'): its ${…} are still pyxform's references.
    for (const m of source.matchAll(/\$\{(last-saved#)?([^}\s]+)\}/g))
      edits.push({ at: m.index, length: m[0].length, text: path(m[2]!, m[1] !== undefined, true, opts.current === true) });
  }
  let out = source;
  for (const ed of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, ed.at) + ed.text + out.slice(ed.at + ed.length);
  return out;
}
