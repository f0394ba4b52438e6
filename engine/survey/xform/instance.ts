// An ODK client's filled instance (the primary instance of our XForm, as ODK Collect, KoboCollect and ODK
// Web Forms send it) back into our form data (README "Form data"). The instance has the shape of the
// XForm's tree (xform.ts `xformTree`): groups are elements, repeats are repeated elements, a rating or
// matrix is a table-list group of one select per row; our form data has plain sections add no level and
// keys a question by its name or, where the name repeats, by its path. Values come in the XForms
// spec's lexical forms (a time with its offset, a date-time with 'T'); they become ours here.
import { surveyKeys } from '../keys';
import type { ChoiceModel, SurveyItem, SurveyModel } from '../model';
import type { FormValues } from '../instances';
import { formIdOf, gridRowName } from '../xlsform/export';
import type { XNode } from './paths';
import { xformTree } from './xform';

/** An element of a received instance: its local name, attributes, child elements and own text. */
export interface InstanceElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly InstanceElement[];
  readonly text: string;
}

export interface ReadInstance {
  values: FormValues;
  /** meta/instanceID as sent ('uuid:...'). */
  instanceId: string;
  /** meta/deprecatedID: the instance this one edits, when it is an edit. */
  deprecatedId: string | null;
  /** The root's `version` attribute. */
  version: string | null;
  /** The file names the instance's image and file questions name (the attachments it needs). */
  files: string[];
}

const FILE_TYPES = new Set([106, 110]);
const NUMBER_TYPES = new Set([35, 36, 275]);

/** '10:30:00.000+03:00' -> '10:30' (our times are minutes; the wall time as written is kept). */
function timeOf(v: string): string {
  const m = /^(\d{2}:\d{2})/.exec(v);
  return m ? m[1]! : v;
}

/** '2026-05-17T09:30:00.000+03:00' -> '2026-05-17 09:30'. */
function dateTimeOf(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(v);
  return m ? `${m[1]} ${m[2]}` : v;
}

function valueOf(type: number, text: string): unknown {
  if (NUMBER_TYPES.has(type)) {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  if (type === 112) return true; // a trigger's value is 'OK'; an unticked one is empty
  if (type === 38) return timeOf(text);
  if (type === 104) return dateTimeOf(text);
  return text;
}

const childrenNamed = (e: InstanceElement, name: string) => e.children.filter((c) => c.name === name);

/**
 * Reads an instance of the survey's XForm. Errors name the element: a root that is not this form, a
 * missing instanceID. Elements the form does not have are ignored, as ODK Central ignores them.
 */
export function readInstance(model: SurveyModel, root: InstanceElement): { instance: ReadInstance } | { errors: string[] } {
  const errors: string[] = [];
  const formId = root.attributes.id ?? '';
  if (formId !== formIdOf(model)) errors.push(`The instance's form id '${formId.slice(0, 100)}' is not this survey's (${formIdOf(model)})`);
  const meta = childrenNamed(root, 'meta')[0];
  const instanceId = (meta && childrenNamed(meta, 'instanceID')[0]?.text.trim()) || '';
  if (instanceId === '') errors.push("The instance has no 'meta/instanceID'");
  const deprecatedId = (meta && childrenNamed(meta, 'deprecatedID')[0]?.text.trim()) || null;
  if (errors.length) return { errors };

  const { keys } = surveyKeys(model.surveyItems);
  const keyOf = (item: SurveyItem) => keys.get(item.id) ?? item.surveyItem.name;
  const files: string[] = [];

  const readGrid = (group: XNode, element: InstanceElement, into: FormValues): void => {
    const item = group.item!;
    const q = item.surveyItem;
    const rowOf = new Map<string, ChoiceModel>(q.selectQuestionChoices.map((row) => [gridRowName(q, row), row]));
    const cells: Record<string, unknown> = {};
    for (const n of group.children) {
      if (n.generated || n.kind !== 'field') continue;
      const row = rowOf.get(n.name);
      const text = childrenNamed(element, n.name)[0]?.text.trim() ?? '';
      if (!row || text === '') continue;
      cells[row.name] = q.questionType === 277 ? text.split(/\s+/) : text;
    }
    if (Object.keys(cells).length) into[keyOf(item)] = cells;
  };

  const read = (nodes: readonly XNode[], element: InstanceElement, into: FormValues): void => {
    for (const n of nodes) {
      if (n.generated) continue;
      if (n.kind === 'repeat') {
        const instances = childrenNamed(element, n.name).filter((c) => !('template' in c.attributes));
        if (!n.item) continue;
        into[keyOf(n.item)] = instances.map((c) => {
          const inst: FormValues = {};
          read(n.children, c, inst);
          return inst;
        });
        continue;
      }
      const child = childrenNamed(element, n.name)[0];
      if (!child) continue;
      if (n.kind === 'group') {
        if (n.item && n.item.itemLabel === 'Question') readGrid(n, child, into);
        else read(n.children, child, into);
        continue;
      }
      if (!n.item || n.item.itemLabel !== 'Question') continue;
      const text = child.text.trim();
      if (text === '') continue;
      const type = n.item.surveyItem.questionType;
      if (FILE_TYPES.has(type)) files.push(text);
      into[keyOf(n.item)] = valueOf(type, text);
    }
  };
  const values: FormValues = {};
  read(xformTree(model).children, root, values);
  return { instance: { values, instanceId, deprecatedId, version: root.attributes.version ?? null, files } };
}
