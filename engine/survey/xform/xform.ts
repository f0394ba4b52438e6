// The survey as an ODK XForm (getodk.github.io/xforms-spec), written from the same survey-sheet rows the
// XLSForm export writes (xlsform/export.ts sheetPlacements): each question's construct (type cell, list,
// appearance, calculation, parameters) is read from there, so an XForm of ours and pyxform's XForm of our
// export never choose differently. What pyxform adds on its way from the sheet to the XForm (the
// table-list expansion, generated count nodes, '-' for a missing translation) is done as pyxform does it,
// so a device gets the same instance whichever way the form reached it (README.md).
import { MEDIA_KINDS, type ChoiceModel, type MediaKind, type SurveyItem, type SurveyModel } from '../model';
import { questionTypeInfo } from '../question-types';
import { isSearchCall } from '../search';
import { languageColumn } from '../xlsform/columns';
import { formIdOf, sheetPlacements } from '../xlsform/export';
import { xlsformBinding } from '../../expression/index';
import { defaultIsDynamic, parseType, type ParsedType } from '../xlsform/rules';
import { XFormError } from './errors';
import { pathOf, xpathOf, type XNode } from './paths';
import { el, serialize, type XmlElement, type XmlNode } from './xml';
import { BIND_OF_TYPE, PRELOADS, type SheetType } from './types';

export interface XFormOptions {
  /** The form version (the primary instance's `version`): what ODK clients compare to offer an update. */
  readonly version?: string;
  /** An expression naming each submission (XLSForm `instance_name`), written as meta/instanceName. */
  readonly instanceName?: string;
}

const NS = {
  xmlns: 'http://www.w3.org/2002/xforms',
  'xmlns:h': 'http://www.w3.org/1999/xhtml',
  'xmlns:ev': 'http://www.w3.org/2001/xml-events',
  'xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
  'xmlns:jr': 'http://openrosa.org/javarosa',
  'xmlns:orx': 'http://openrosa.org/xforms',
  'xmlns:odk': 'http://www.opendatakit.org/xforms',
};

const ROOT = 'data';
type Cells = ReadonlyMap<string, string>;

/** A translated text: language column -> text. */
type Texts = Map<string, string>;

/** 'start=0 end=10 step=1', 'max-pixels=1024 randomize=true': pyxform's parameters cell. */
function parametersOf(cell: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (cell ?? '').split(/[\s,;]+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

interface Emitter {
  /** Language columns ('English (en)'), the base language first: pyxform's translation names. */
  languages: readonly string[];
  languageIds: ReadonlyMap<number, string>;
  /** Text id -> form ('' for the text itself) -> language -> text. */
  itext: Map<string, Map<string, Texts>>;
  instances: XmlElement[];
  instanceIds: Set<string>;
  binds: XmlElement[];
  /** Model-level actions (setvalue, odk:setgeopoint). */
  actions: XmlElement[];
  lists: Map<string, { choices: readonly ChoiceModel[]; search: boolean }>;
  names: Map<string, XNode | null>;
  lastSaved: boolean;
}

function translated(cells: Cells, header: string, languages: readonly string[]): Texts {
  const out: Texts = new Map();
  for (const l of languages) {
    const v = cells.get(`${header}::${l}`);
    if (v !== undefined && v !== '') out.set(l, v);
  }
  return out;
}

function addText(e: Emitter, id: string, form: string, texts: Texts): void {
  if (texts.size === 0) return;
  const forms = e.itext.get(id) ?? new Map<string, Texts>();
  forms.set(form, texts);
  e.itext.set(id, forms);
}

/** The question texts of a row as itext ('label', 'hint' with guidance, the messages); which ones exist. */
function rowTexts(e: Emitter, node: XNode, cells: Cells, withHint = true): { label: boolean; hint: boolean } {
  const path = pathOf(node);
  const label = translated(cells, 'label', e.languages);
  addText(e, `${path}:label`, '', label);
  let media = false;
  for (const kind of MEDIA_KINDS) {
    const files = translated(cells, kind, e.languages);
    if (files.size) media = true;
    addText(e, `${path}:label`, kind, new Map([...files].map(([l, f]) => [l, mediaUri(kind, f)])));
  }
  // A group shows no hint (pyxform writes its label only, and its hint as an unused text).
  const hint = translated(cells, 'hint', e.languages);
  const guidance = withHint ? translated(cells, 'guidance_hint', e.languages) : new Map<string, string>();
  addText(e, `${path}:hint`, '', hint);
  addText(e, `${path}:hint`, 'guidance', guidance);
  addText(e, `${path}:jr:constraintMsg`, '', translated(cells, 'constraint_message', e.languages));
  addText(e, `${path}:jr:requiredMsg`, '', translated(cells, 'required_message', e.languages));
  return { label: label.size > 0 || media, hint: withHint && (hint.size > 0 || guidance.size > 0) };
}

/** A survey medium as ODK clients find it among the form's attachments (pyxform: jr://images/, jr://audio/, jr://video/). */
const mediaUri = (kind: MediaKind, file: string) => `${kind === 'image' || kind === 'big-image' ? 'jr://images/' : `jr://${kind}/`}${file}`;

const itextRef = (id: string) => `jr:itext('${id}')`;

function labelAndHint(node: XNode, shown: { label: boolean; hint: boolean }): XmlNode[] {
  const path = pathOf(node);
  return [
    ...(shown.label ? [el('label', { ref: itextRef(`${path}:label`) })] : []),
    ...(shown.hint ? [el('hint', { ref: itextRef(`${path}:hint`) })] : []),
  ];
}

/** Builds the node tree (names and nesting) from the survey and the sheet rows the export writes. */
function treeOf(model: SurveyModel): { root: XNode; rows: Map<XNode, Cells> } {
  const placements = sheetPlacements(model);
  const rows = new Map<XNode, Cells>();
  const root: XNode = { name: ROOT, kind: 'root', parent: null, children: [] };
  const add = (parent: XNode, node: Omit<XNode, 'parent' | 'children'>, cells: Cells): XNode => {
    const n: XNode = { ...node, parent, children: [] };
    parent.children.push(n);
    rows.set(n, cells);
    return n;
  };
  const visit = (items: readonly SurveyItem[], parent: XNode) => {
    for (const item of [...items].sort((a, b) => a.surveyItem.order - b.surveyItem.order)) {
      const placed = placements.get(item);
      if (!placed) continue;
      const [first, ...rest] = placed.cells;
      if (!first) continue;
      const name = first.get('name') ?? item.surveyItem.name;
      if (item.itemLabel === 'Section') {
        const count = (first.get('repeat_count') ?? '').trim();
        if (item.repeatGroup && count !== '' && !/^\$\{[^}]+\}$/.test(count))
          // pyxform: a repeat count that is not a single reference is computed in a node of its own.
          add(
            parent,
            { name: `${name}_count`, kind: 'field', generated: 'count' },
            new Map([
              ['calculation', count],
              ['read_only', 'yes'],
            ]),
          );
        const section = add(parent, { name, kind: item.repeatGroup ? 'repeat' : 'group', row: placed.row, item }, first);
        visit(item.innerItems, section);
        continue;
      }
      const info = questionTypeInfo(item.surveyItem.questionType);
      if (info.sheet.grid) {
        // A table-list group of one select per row (expanded below as any table-list group is).
        const group = add(parent, { name, kind: 'group', row: placed.row, item }, first);
        rest.forEach((c, i) => {
          if (c.has('name')) add(group, { name: c.get('name')!, kind: 'field', row: placed.row + 1 + i, item }, c);
        });
        continue;
      }
      add(parent, { name, kind: 'field', row: placed.row, item }, first);
    }
  };
  visit(model.surveyItems, root);
  for (const n of [...descendants(root)])
    if (n.kind === 'group' && /(^|\s)table-list(\s|$)/.test(rows.get(n)?.get('appearance') ?? '')) tableList(n, rows);
  return { root, rows };
}

const trees = new WeakMap<SurveyModel, XNode>();

/**
 * The XForm's node tree without meta (names, nesting, table-list expansions): what an instance of it
 * holds. Kept per model: every submission of a survey version reads the same tree.
 */
export function xformTree(model: SurveyModel): XNode {
  let root = trees.get(model);
  if (!root) trees.set(model, (root = treeOf(model).root));
  return root;
}

/**
 * pyxform's table-list (xls2json.py): a field-list group, a note with the group's label and hint, a header
 * select showing the first select's choices, and every select without its choices' labels.
 */
function tableList(group: XNode, rows: Map<XNode, Cells>): void {
  const cells = rows.get(group)!;
  group.tableList = true;
  const selects = group.children.filter((c) => c.kind === 'field' && typeOfRow(rows.get(c)!).kind === 'select');
  for (const c of selects) c.grid = true;
  const first = selects[0];
  if (first) {
    const header: XNode = {
      name: `reserved_name_for_field_list_labels_${first.row ?? 0}`,
      kind: 'field',
      parent: group,
      children: [],
      generated: 'tableHeader',
      ...(first.item ? { item: first.item } : {}),
    };
    group.children.splice(group.children.indexOf(first), 0, header);
    rows.set(header, new Map([['type', rows.get(first)!.get('type') ?? '']]));
  }
  if ([...cells.keys()].some((h) => h.startsWith('label::') || h.startsWith('hint::'))) {
    const label: XNode = {
      name: `generated_table_list_label_${group.row ?? 0}`,
      kind: 'field',
      parent: group,
      children: [],
      generated: 'tableLabel',
    };
    group.children.unshift(label);
    rows.set(label, cells);
  }
}

function* descendants(n: XNode): Generator<XNode> {
  for (const c of n.children) {
    yield c;
    yield* descendants(c);
  }
}

/** Choices of a list, as the export wrote them: a question's own, a grid's columns. */
function listChoices(node: XNode): readonly ChoiceModel[] {
  const q = node.item?.surveyItem;
  if (!q) return [];
  return questionTypeInfo(q.questionType).choices === 'grid' ? q.secondChoices : q.selectQuestionChoices;
}

function registerList(e: Emitter, list: string, node: XNode, search: boolean): void {
  if (e.lists.has(list)) return;
  e.lists.set(list, { choices: listChoices(node), search });
  const choices = listChoices(node);
  choices.forEach((c, i) => {
    const id = `${list}-${i}`;
    addText(e, id, '', new Map(c.choiceLabels.flatMap((t) => languageOf(e, t.languageId, t.text))));
    for (const kind of MEDIA_KINDS)
      addText(
        e,
        id,
        kind,
        new Map((c.media ?? []).filter((m) => m.kind === kind).flatMap((m) => languageOf(e, m.languageId, mediaUri(kind, m.text)))),
      );
  });
}

function languageOf(e: Emitter, id: number, text: string): [string, string][] {
  const l = e.languageIds.get(id);
  return l !== undefined && text !== '' ? [[l, text]] : [];
}

function instanceOnce(e: Emitter, id: string, src: string): void {
  if (e.instanceIds.has(id)) return;
  e.instanceIds.add(id);
  e.instances.push(el('instance', { id, src }));
}

/** pulldata('file', ...) anywhere in a row's expressions: the CSV as an external secondary instance. */
function pulldataInstances(e: Emitter, cells: Cells): void {
  for (const h of ['calculation', 'constraint', 'relevant', 'required', 'read_only', 'choice_filter', 'default']) {
    const v = cells.get(h);
    if (!v || !v.includes('pulldata(')) continue;
    for (const m of v.matchAll(/pulldata\s*\(\s*(.*?),/g)) {
      const file = (m[1] ?? '').replace(/['"]/g, '').trim();
      if (file) instanceOnce(e, file, `jr://file-csv/${file}.csv`);
    }
  }
}

interface Built {
  instance: XmlElement;
  body: XmlNode[];
}

function typeOfRow(cells: Cells): ParsedType {
  return parseType(cells.get('type') ?? '');
}

/** The XForm of the survey. Throws XFormError when an expression names no question or two. */
export function xformOf(model: SurveyModel, opts: XFormOptions = {}): string {
  const langs = [...model.surveyLanguageMaps].sort((a, b) => Number(b.isBaseLanguage) - Number(a.isBaseLanguage));
  const e: Emitter = {
    languages: langs.map(languageColumn),
    languageIds: new Map(langs.map((l) => [l.languageId, languageColumn(l)])),
    itext: new Map(),
    instances: [],
    instanceIds: new Set(),
    binds: [],
    actions: [],
    lists: new Map(),
    names: new Map(),
    lastSaved: false,
  };
  const { root, rows } = treeOf(model);
  // meta: the audit log, the instance's id and, when asked, its name.
  const meta: XNode = { name: 'meta', kind: 'group', parent: root, children: [], generated: 'meta' };
  for (const n of [...descendants(root)]) {
    const t = typeOfRow(rows.get(n) ?? new Map());
    if (n.kind === 'field' && n.parent && t.kind === 'question' && t.type === 'audit') {
      // pyxform moves the audit log into meta, where ODK clients look for it.
      n.parent.children.splice(n.parent.children.indexOf(n), 1);
      n.parent = meta;
      meta.children.push(n);
    }
  }
  const instanceID: XNode = { name: 'instanceID', kind: 'field', parent: meta, children: [], generated: 'meta' };
  meta.children.push(instanceID);
  rows.set(instanceID, new Map());
  let instanceName: XNode | undefined;
  const naming = opts.instanceName ?? model.settings?.instanceName;
  if (naming?.trim()) {
    instanceName = { name: 'instanceName', kind: 'field', parent: meta, children: [], generated: 'meta' };
    meta.children.push(instanceName);
    rows.set(instanceName, new Map([['calculation', naming]]));
  }
  root.children.push(meta);
  for (const n of descendants(root)) e.names.set(n.name, e.names.has(n.name) ? null : n);

  const x = (source: string | undefined, ctx: XNode, current = false) =>
    source === undefined || source.trim() === ''
      ? undefined
      : xpathOf(source, ctx, e.names, { current, onLastSaved: () => (e.lastSaved = true) });
  // relevant, constraint and calculation: pyxform's words for yes and no first (xlsformBinding).
  const bound = (source: string | undefined, ctx: XNode) => x(source === undefined ? undefined : xlsformBinding(source), ctx);
  // A calculation with a trigger is set when the trigger's answer changes, in the trigger's control.
  const triggered = new Map<XNode, XmlElement[]>();
  for (const n of descendants(root)) {
    const cells = rows.get(n);
    const trigger = cells?.get('trigger')?.trim();
    if (!cells || !trigger || n.kind !== 'field') continue;
    const t = e.names.get(trigger.replace(/^\$\{\s*|\s*\}$/g, ''));
    if (!t) continue;
    const calc = cells.get('calculation');
    const action =
      typeOfRow(cells).kind === 'question' && (typeOfRow(cells) as { type: string }).type === 'background-geopoint'
        ? el('odk:setgeopoint', { ref: pathOf(n), event: 'xforms-value-changed' })
        : el('setvalue', { ref: pathOf(n), event: 'xforms-value-changed', value: calc?.trim() ? bound(calc, t) : undefined });
    triggered.set(t, [...(triggered.get(t) ?? []), action]);
  }
  const labelNodes = (text: string, ctx: XNode): XmlNode[] => {
    // ${name} in a text is the answer shown: an <output/> of its path.
    const out: XmlNode[] = [];
    let at = 0;
    for (const m of text.matchAll(/\$\{\s*([^}\s]+)\s*\}/g)) {
      out.push(text.slice(at, m.index));
      out.push(el('output', { value: x(m[0], ctx) }));
      at = m.index + m[0].length;
    }
    out.push(text.slice(at));
    return out.filter((n) => n !== '');
  };
  const contexts = new Map<string, XNode>();

  const build = (n: XNode, inRepeat: boolean): Built => {
    const cells = rows.get(n) ?? new Map<string, string>();
    const path = pathOf(n);
    contexts.set(path, n);
    pulldataInstances(e, cells);
    if (n.kind === 'group' || n.kind === 'repeat' || n.kind === 'root') {
      const built = n.children.map((c) => build(c, inRepeat || n.kind === 'repeat'));
      const kids = built.map((b) => b.instance);
      const body = built.flatMap((b) => b.body);
      if (n.kind === 'root' || n.generated === 'meta')
        return {
          instance: el(n.name, n.kind === 'root' ? { id: formIdOf(model), version: opts.version ?? model.settings?.version } : {}, ...kids),
          body,
        };
      const words = (cells.get('appearance') ?? '').split(/\s+/).filter(Boolean);
      const shown = rowTexts(e, n, n.tableList ? new Map() : cells, false);
      const yes = (h: string) => /^(yes|true|true\(\))$/i.test((cells.get(h) ?? '').trim());
      const groupBind = {
        relevant: bound(cells.get('relevant'), n),
        required: yes('required') ? 'true()' : undefined,
        readonly: yes('read_only') ? 'true()' : undefined,
      };
      if (Object.values(groupBind).some(Boolean)) e.binds.push(el('bind', { nodeset: path, ...groupBind }));
      const appearance = n.tableList ? ['field-list', ...words.filter((w) => w !== 'table-list')].join(' ') : words.join(' ') || undefined;
      if (n.kind === 'repeat') {
        const count = (cells.get('repeat_count') ?? '').trim();
        const jrCount = count === '' ? undefined : /^\$\{[^}]+\}$/.test(count) ? x(count, n) : x(`\${${n.name}_count}`, n);
        return {
          instance: el(n.name, {}, ...kids),
          body: [
            el(
              'group',
              { ref: path, appearance },
              ...labelAndHint(n, shown),
              el('repeat', { nodeset: path, 'jr:count': jrCount }, ...body),
            ),
          ],
        };
      }
      // An empty section has no control: its node is a leaf, and a group control over a leaf is refused
      // (ODK Web Forms: 'Unexpected body element').
      if (n.children.length === 0) return { instance: el(n.name), body: [] };
      return { instance: el(n.name, {}, ...kids), body: [el('group', { ref: path, appearance }, ...labelAndHint(n, shown), ...body)] };
    }

    // A field.
    if (n.generated === 'meta') {
      if (n === instanceID) e.binds.push(el('bind', { nodeset: path, type: 'string', readonly: 'true()', 'jr:preload': 'uid' }));
      else e.binds.push(el('bind', { nodeset: path, type: 'string', calculate: x(cells.get('calculation'), n) }));
      return { instance: el(n.name), body: [] };
    }
    if (n.generated === 'count') {
      e.binds.push(el('bind', { nodeset: path, readonly: 'true()', calculate: x(cells.get('calculation'), n), type: 'string' }));
      return { instance: el(n.name), body: [] };
    }
    if (n.generated === 'tableLabel') {
      const shown = rowTexts(e, n, cells);
      e.binds.push(el('bind', { nodeset: path, readonly: 'true()', type: 'string' }));
      return { instance: el(n.name), body: [el('input', { ref: path }, ...labelAndHint(n, shown))] };
    }
    const t = typeOfRow(cells);
    if (t.kind !== 'select' && t.kind !== 'question')
      throw new XFormError('unknownType', `${path}: the type '${cells.get('type') ?? ''}' has no XForm`);
    const sheetType = (
      t.kind === 'select'
        ? t.select === 'rank'
          ? 'rank'
          : t.select.startsWith('select_multiple')
            ? 'select_multiple'
            : 'select_one'
        : t.type
    ) as SheetType;
    const preload = PRELOADS[sheetType];
    const spec = BIND_OF_TYPE[sheetType] ?? (preload ? { type: preload.type } : undefined);
    if (!spec) throw new XFormError('unknownType', `${path}: the type '${cells.get('type') ?? ''}' has no XForm`);
    const params = parametersOf(cells.get('parameters'));
    let bindType = spec.type;
    if (sheetType === 'range' && ['start', 'end', 'step'].some((k) => /[.]/.test(params.get(k) ?? ''))) bindType = 'decimal';

    const header = n.generated === 'tableHeader';
    const shown = header ? { label: false, hint: false } : rowTexts(e, n, cells);
    const yes = (h: string) => /^(yes|true|true\(\))$/i.test((cells.get(h) ?? '').trim());
    const readonly = spec.readonly || yes('read_only') ? 'true()' : undefined;
    // A condition (the builder's "Required when", an imported expression) is the bind's required as written.
    const requiredCell = (cells.get('required') ?? '').trim();
    const condition = requiredCell !== '' && !/^(yes|true|true\(\)|no|false|false\(\)|1|0)$/i.test(requiredCell);
    const required = header
      ? undefined
      : yes('required') || requiredCell === '1'
        ? 'true()'
        : condition
          ? bound(requiredCell, n)
          : undefined;
    const requiredMsg = e.itext.has(`${path}:jr:requiredMsg`) ? itextRef(`${path}:jr:requiredMsg`) : undefined;
    const constraintMsg = e.itext.has(`${path}:jr:constraintMsg`) ? itextRef(`${path}:jr:constraintMsg`) : undefined;
    e.binds.push(
      el('bind', {
        nodeset: path,
        type: bindType,
        readonly,
        required,
        'jr:requiredMsg': required ? requiredMsg : undefined,
        relevant: header ? undefined : bound(cells.get('relevant'), n),
        constraint: header ? undefined : bound(cells.get('constraint'), n),
        'jr:constraintMsg': header ? undefined : constraintMsg,
        calculate: header || cells.get('trigger')?.trim() ? undefined : bound(cells.get('calculation'), n),
        'jr:preload': preload?.preload,
        'jr:preloadParams': preload?.params,
        'orx:max-pixels': sheetType === 'image' ? params.get('max-pixels') : undefined,
      }),
    );

    // The default: a literal in the instance, an expression set when the form (or a repeat instance) starts.
    const def = cells.get('default') ?? '';
    const dynamic = def !== '' && defaultIsDynamic(def, sheetType);
    const actions: XmlElement[] = [];
    if (dynamic) {
      const setvalue = el('setvalue', {
        ref: path,
        event: inRepeat ? 'odk-instance-first-load odk-new-repeat' : 'odk-instance-first-load',
        value: x(def, n),
      });
      if (inRepeat) actions.push(setvalue);
      else e.actions.push(setvalue);
    }
    if (sheetType === 'start-geopoint') e.actions.push(el('odk:setgeopoint', { ref: path, event: 'odk-instance-first-load' }));
    const instance = el(n.name, {}, ...(def !== '' && !dynamic ? [def] : []));

    // pyxform shows no control for a computed value without a label or hint.
    const computed = (cells.get('calculation') ?? '').trim() !== '' || (cells.get('trigger') ?? '').trim() !== '';
    if (!spec.control || (computed && !shown.label && !shown.hint)) return { instance, body: actions };
    actions.push(...(triggered.get(n) ?? []));
    const appearanceWords = (cells.get('appearance') ?? '').trim();
    const appearance = header ? 'label' : n.grid ? 'list-nolabel' : appearanceWords || undefined;
    const attrs: Record<string, string | undefined> = { ref: path, appearance };
    if (spec.mediatype) attrs.mediatype = spec.mediatype;
    if (sheetType === 'range') {
      attrs.start = params.get('start') ?? '1';
      attrs.end = params.get('end') ?? '10';
      attrs.step = params.get('step') ?? '1';
    }
    const parts: XmlNode[] = header ? [el('label', {}, ' ')] : labelAndHint(n, shown);
    if (t.kind === 'select') parts.push(...choicesOf(e, n, t, cells, params, x, appearanceWords));
    return { instance, body: [el(spec.control, attrs, ...parts, ...actions)] };
  };

  const built = build(root, false);
  // Repeats: pyxform writes the template (jr:template) and a first instance.
  const withTemplates = (inst: XmlElement, n: XNode): XmlElement => {
    if (n.children.length === 0) return inst;
    const kids: XmlNode[] = [];
    inst.children.forEach((c, i) => {
      const child = n.children[i];
      if (typeof c === 'string' || !child) return void kids.push(c);
      const full = withTemplates(c, child);
      if (child.kind === 'repeat') kids.push(el(full.name, { 'jr:template': '' }, ...full.children));
      kids.push(full);
    });
    return el(inst.name, Object.fromEntries(inst.attrs), ...kids);
  };
  const primary = withTemplates(built.instance, root);

  if (e.lastSaved) instanceOnce(e, '__last-saved', 'jr://instance/last-saved');
  const listInstances = [...e.lists]
    .filter(([, l]) => !l.search)
    .map(([id, l]) => {
      const itext = l.choices.some((c, i) => e.itext.has(`${id}-${i}`));
      return el(
        'instance',
        { id },
        el(
          'root',
          {},
          ...l.choices.map((c, i) =>
            el(
              'item',
              {},
              ...(itext ? [el('itextId', {}, `${id}-${i}`)] : []),
              el('name', {}, c.name),
              ...Object.entries(c.filters)
                .filter(([k, v]) => v !== '' && /^[A-Za-z_][\w.-]*$/.test(k) && k !== 'name' && k !== 'itextId')
                .map(([k, v]) => el(k, {}, v)),
            ),
          ),
        ),
      );
    });

  // itext: every language has every text, '-' where one is missing (pyxform's rule; a missing medium is left out).
  const used = e.languages.filter((l) => [...e.itext.values()].some((forms) => [...forms.values()].some((t) => t.has(l))));
  const base = langs[0] ? languageColumn(langs[0]) : undefined;
  const translations = used.map((lang) =>
    el(
      'translation',
      { lang, default: lang === base ? 'true()' : undefined },
      ...[...e.itext].flatMap(([id, forms]) => {
        const values: XmlNode[] = [];
        for (const [form, texts] of forms) {
          const text = texts.get(lang);
          if (form === '' || form === 'guidance') {
            const ctx = id.startsWith('/') ? contexts.get(id.replace(/:.*$/, '')) : undefined;
            values.push(el('value', form ? { form } : {}, ...(text === undefined ? ['-'] : ctx ? labelNodes(text, ctx) : [text])));
          } else if (text !== undefined) values.push(el('value', { form }, text));
        }
        return values.length ? [el('text', { id }, ...values)] : [];
      }),
    ),
  );

  const html = el(
    'h:html',
    NS,
    el(
      'h:head',
      {},
      el('h:title', {}, model.name),
      el(
        'model',
        { 'odk:xforms-version': '1.0.0' },
        ...(translations.length ? [el('itext', {}, ...translations)] : []),
        el('instance', {}, primary),
        ...e.instances,
        ...listInstances,
        ...e.binds,
        ...e.actions,
      ),
    ),
    el('h:body', { class: model.settings?.style || undefined }, ...built.body),
  );
  return serialize(html);
}

/** The itemset (or, for search(), the inline items) of a select. */
function choicesOf(
  e: Emitter,
  n: XNode,
  t: Extract<ParsedType, { kind: 'select' }>,
  cells: Cells,
  params: Map<string, string>,
  x: (s: string | undefined, ctx: XNode, current?: boolean) => string | undefined,
  appearance: string,
): XmlNode[] {
  let nodeset: string;
  let value = 'name';
  let label = 'jr:itext(itextId)';
  let filter: string | undefined;
  const file = /^(.*)\.(csv|xml|geojson)$/.exec(t.list);
  if (t.fromFile && file) {
    const id = file[1]!;
    instanceOnce(e, id, `jr://${file[2] === 'csv' ? 'file-csv' : 'file'}/${t.list}`);
    nodeset = `instance('${id}')/root/item`;
    if (file[2] === 'geojson') {
      value = 'id';
      label = 'title';
    } else label = 'label';
    value = params.get('value') ?? value;
    label = params.get('label') ?? label;
  } else if (t.list.includes('${')) {
    // Choices from the answers of a repeat: its nodes, those with an answer.
    const path = (x(t.list, n) ?? '').trim().split('/');
    value = label = path[path.length - 1] ?? '';
    nodeset = path.slice(0, -1).join('/');
    filter = `./${value} != ''`;
  } else {
    const search = appearance.split(/\s+/).some((w) => isSearchCall(w)) || /search\s*\(/.test(appearance);
    registerList(e, t.list, n, search);
    if (search) {
      // search(): Collect reads the choices from the CSV; the form carries the list's own rows inline.
      return (e.lists.get(t.list)?.choices ?? []).map((c, i) =>
        el('item', {}, el('label', { ref: itextRef(`${t.list}-${i}`) }), el('value', {}, c.name)),
      );
    }
    nodeset = `instance('${t.list}')/root/item`;
    if (!(e.lists.get(t.list)?.choices ?? []).some((_, i) => e.itext.has(`${t.list}-${i}`))) label = 'label';
  }
  const own = x(cells.get('choice_filter'), n, true);
  if (own) filter = own;
  if (filter) nodeset += `[${filter}]`;
  if (params.get('randomize') === 'true') {
    const seed = x(params.get('seed'), n)?.trim();
    nodeset = seed ? `randomize(${nodeset}, ${seed})` : `randomize(${nodeset})`;
  }
  return [el('itemset', { nodeset }, el('value', { ref: value }), el('label', { ref: label }))];
}
