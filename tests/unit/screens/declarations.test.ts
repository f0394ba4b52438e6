// The admin screen declarations are data; these checks keep them honest: every text is a key of the
// English locale, every form and entity schema compiles, every placeholder names something the
// screen component can fill, every dialog names a declared screen, and the roles of recycle-bin
// actions are the roles the server allows for that entity type.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { recycleBinRoles } from '../../../schemas/recycleBin';
import { roleNames } from '../../../schemas/roles';
import {
  adminDeletedItems,
  projectDeletedItems,
  screens,
  type Action,
  type ApiCall,
  type FormDeclaration,
  type ScreenDeclaration,
} from '../../../schemas/screens';
import en from '../../../src/i18n/locales/en.json';

const all = Object.values(screens) as ScreenDeclaration[];

function hasKey(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    const obj = node as Record<string, unknown>;
    node = part in obj ? obj[part] : obj[`${part}_other`];
  }
  return typeof node === 'string';
}

function actionsOf(s: ScreenDeclaration): Action[] {
  return [
    ...s.rowActions,
    ...s.toolbar,
    ...(s.selection?.actions ?? []),
    ...(s.rowClick ? [s.rowClick] : []),
    ...(s.createCard ? [s.createCard] : []),
  ];
}

function textKeys(s: ScreenDeclaration): string[] {
  const keys = [s.title, s.empty, ...s.columns.map((c) => c.label)];
  if (s.search) keys.push(s.search.placeholder);
  for (const a of actionsOf(s)) {
    keys.push(a.label, ...[a.success, a.failure, a.hint].filter((k): k is string => !!k), ...Object.values(a.problemDialogs ?? {}));
    if (a.confirm) keys.push(...Object.values(a.confirm));
  }
  if (s.form) keys.push(...formKeys(s.form));
  return keys;
}

function formKeys(f: FormDeclaration): string[] {
  const keys: string[] = [];
  const props = (f.schema as { properties: Record<string, { title?: string }> }).properties;
  for (const p of Object.values(props)) if (p.title) keys.push(p.title);
  for (const ui of Object.values(f.uiSchema)) {
    const placeholder = (ui as Record<string, unknown>)['ui:placeholder'];
    if (typeof placeholder === 'string') keys.push(placeholder);
  }
  for (const m of Object.values(f.errorMessages)) keys.push(...Object.values(m));
  for (const o of Object.values(f.options ?? {})) if (o.emptyHint) keys.push(o.emptyHint);
  for (const r of f.rules ?? []) keys.push(r.message);
  for (const mode of [f.create, f.edit]) {
    if (!mode) continue;
    keys.push(
      mode.title,
      mode.submit,
      mode.cancel,
      mode.failure,
      ...[mode.success, mode.failureTitle].filter((k): k is string => !!k),
      ...Object.values(mode.problemDialogs ?? {}),
    );
  }
  return keys;
}

function callsOf(s: ScreenDeclaration): ApiCall[] {
  const calls = [s.source.call];
  for (const a of actionsOf(s)) if (a.run.kind === 'call') calls.push(a.run.call);
  for (const mode of [s.form?.create, s.form?.edit]) if (mode) calls.push(mode.call, ...(mode.load ? [mode.load] : []));
  for (const o of Object.values(s.form?.options ?? {})) calls.push(o.call);
  return calls;
}

const PLACEHOLDER = /\{([^}]*)\}/g;
const KNOWN = /^(row\.\w+|ctx\.(workspaceId|projectId)|param\.\w+)(\|number)?$/;

describe('admin screen declarations', () => {
  it('use only keys of the English locale', () => {
    const tabs = [adminDeletedItems, projectDeletedItems].flatMap((p) => [p.title, ...p.tabs.map((t) => t.label)]);
    const missing = [...all.flatMap(textKeys), ...tabs].filter((k) => !hasKey(k));
    expect(missing).toEqual([]);
  });

  it('have entity and form schemas that compile', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    for (const s of all) {
      // The same entity serves several screens: compile it without its $id so ajv does not see a duplicate.
      const { $id: _id, ...entity } = s.entity as Record<string, unknown>;
      expect(() => ajv.compile(entity)).not.toThrow();
      if (s.form) expect(() => ajv.compile(s.form!.schema)).not.toThrow();
    }
  });

  it('fill only placeholders the screen component knows', () => {
    const bad: string[] = [];
    for (const s of all) {
      for (const c of callsOf(s)) {
        const body = c.body === undefined || c.body === 'selection' ? {} : 'form' in c.body ? (c.body.fields ?? {}) : c.body;
        for (const value of [...Object.values(c.params ?? {}), ...Object.values(c.query ?? {}), ...Object.values(body)]) {
          for (const m of String(value).matchAll(PLACEHOLDER)) if (!KNOWN.test(m[1]!)) bad.push(`${s.id}: ${m[0]}`);
        }
      }
      for (const a of actionsOf(s))
        if (a.run.kind === 'navigate') for (const m of a.run.to.matchAll(PLACEHOLDER)) if (!KNOWN.test(m[1]!)) bad.push(`${s.id}: ${m[0]}`);
    }
    expect(bad).toEqual([]);
  });

  it('open only declared screens in dialogs, and name real roles', () => {
    for (const s of all) {
      for (const a of actionsOf(s)) {
        if (a.run.kind === 'dialog') expect(Object.keys(screens)).toContain(a.run.screen);
        for (const r of a.roles ?? []) expect(roleNames).toContain(r);
      }
      expect(new Set(s.rowActions.map((a) => a.id)).size).toBe(s.rowActions.length);
    }
  });

  it('give recycle-bin actions exactly the roles the server allows for the entity type', () => {
    for (const s of all) {
      for (const a of actionsOf(s)) {
        if (a.run.kind !== 'call') continue;
        const entityType = a.run.call.query?.entityType;
        if (typeof entityType !== 'number' || !a.roles) continue;
        expect([...a.roles].sort(), `${s.id}.${a.id}`).toEqual([...recycleBinRoles[entityType as keyof typeof recycleBinRoles]].sort());
      }
    }
  });
});
