// The builder's edits on the item tree: add any type, delete (tracked), duplicate, move anywhere, with
// order numbers, section ids and xpaths recomputed.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  bindSurvey,
  locate,
  publishProblems,
  q,
  QUESTION_TYPE_CODES,
  savePayload,
  section,
  SHEET_TYPE_NAMES,
  SHEET_TYPES,
  survey,
  walkItems,
} from '../../../../engine/survey/index';
import { counterEnv, edit, idOf, outline, sample, start } from './helpers';

describe('add', () => {
  it.each(QUESTION_TYPE_CODES)('adds a working item of type %i with a fresh valid name', (type) => {
    const s = edit(start(), { op: 'add', questionType: type, parentId: null });
    const added = s.model.surveyItems[s.model.surveyItems.length - 1]!;
    expect(added.surveyItem.questionType).toBe(type);
    expect(added.itemLabel).toBe(type === 0 ? 'Section' : 'Question');
    expect(bindSurvey(s.model).diagnostics).toEqual([]);
    // A new list, grid or range question can be published as it is.
    if (type !== 0) expect(publishProblems(s.model)).toEqual([]);
  });

  it('names new items after their type, never twice', () => {
    const s = edit(start(), { op: 'add', questionType: 34, parentId: null }, { op: 'add', questionType: 34, parentId: null });
    expect(outline(s.model).slice(-2)).toEqual(['text#4', 'text_2#5']);
  });

  it('adds inside a section at an index, and renumbers', () => {
    const s0 = start();
    const s = edit(s0, { op: 'add', questionType: 35, parentId: idOf(s0.model, 'household'), index: 0 });
    expect(outline(s.model)).toContain('household/integer#1');
    expect(outline(s.model)).toContain('household/size#2');
    const added = locate(s.model.surveyItems, 'new-1')!;
    expect(added.parentId).toBe(idOf(s0.model, 'household'));
    expect(added.item.sectionId).toBe(idOf(s0.model, 'household'));
  });

  it('refuses a question as a parent', () => {
    const s0 = start();
    const r = applyEdit(s0, { op: 'add', questionType: 34, parentId: idOf(s0.model, 'name') }, counterEnv());
    expect(r.ok ? null : r.problem.code).toBe('invalidMove');
  });
});

describe('delete', () => {
  it("removes the item and lists it, with a section's contents, for the save", () => {
    const s0 = start();
    const s = edit(s0, { op: 'delete', id: idOf(s0.model, 'household') });
    expect(outline(s.model)).toEqual(['name#1', 'needs#2']);
    expect(s.deletedIds).toEqual(['household', 'size', 'members', 'member_name', 'age'].map((n) => idOf(s0.model, n)));
    expect(savePayload(s, 7)).toMatchObject({ deletedIds: s.deletedIds, version: 7 });
  });

  it('leaves the state it was given as it was', () => {
    const s0 = start();
    const before = JSON.stringify(s0);
    edit(s0, { op: 'delete', id: idOf(s0.model, 'name') });
    expect(JSON.stringify(s0)).toBe(before);
  });
});

describe('duplicate', () => {
  it('puts a copy right after with new ids and names, choices copied', () => {
    const s0 = start();
    const s = edit(s0, { op: 'duplicate', id: idOf(s0.model, 'needs') });
    const [orig, copy] = s.model.surveyItems.slice(-2).map((i) => i.surveyItem);
    expect(copy!.name).toBe('needs_copy');
    expect(copy!.id).not.toBe(orig!.id);
    expect(copy!.selectQuestionChoices.map((c) => c.name)).toEqual(['food', 'water']);
    expect(copy!.selectQuestionChoices.map((c) => c.id)).not.toEqual(orig!.selectQuestionChoices.map((c) => c.id));
    expect(copy!.constraint).toBe(orig!.constraint);
    expect(bindSurvey(s.model).diagnostics).toEqual([]);
  });

  it('points references inside a copied section at the copies, and leaves outside ones alone', () => {
    const m = survey(q.integer('size'), section('hh', q.integer('n'), q.text('why').relevant('${n} > ${size}')));
    const s = edit(start(m), { op: 'duplicate', id: idOf(m, 'hh') });
    expect(locate(s.model.surveyItems, 'new-3')!.item.surveyItem).toMatchObject({ name: 'why_copy', relevant: '${n_copy} > ${size}' });
    expect(locate(s.model.surveyItems, idOf(m, 'why'))!.item.surveyItem.relevant).toBe('${n} > ${size}');
  });

  it('copies a section with everything in it under new names', () => {
    const s0 = start();
    const s = edit(s0, { op: 'duplicate', id: idOf(s0.model, 'members') });
    expect(outline(s.model)).toContain('household/members_copy/member_name_copy#1');
    const ids = [...walkItems(s.model.surveyItems)].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('move', () => {
  it('reorders within a section', () => {
    const s0 = start();
    const s = edit(s0, { op: 'move', id: idOf(s0.model, 'needs'), parentId: null, index: 0 });
    expect(outline(s.model).filter((l) => !l.includes('/'))).toEqual(['needs#1', 'name#2', 'household#3']);
  });

  it('moves into a repeat group and out again, xpaths and section ids following', () => {
    const s0 = start();
    const members = idOf(s0.model, 'members');
    const s1 = edit(s0, { op: 'move', id: idOf(s0.model, 'name'), parentId: members, index: 1 });
    expect(outline(s1.model)).toEqual([
      'household#1',
      'household/size#1',
      'household/members#2',
      'household/members/member_name#1',
      'household/members/name#2',
      'household/members/age#3',
      'needs#2',
    ]);
    expect(bindSurvey(s1.model).byName.get('name')!.repeats).toEqual(['members']);
    const s2 = edit(s1, { op: 'move', id: idOf(s0.model, 'age'), parentId: null, index: 2 });
    expect(locate(s2.model.surveyItems, idOf(s0.model, 'age'))!.item).toMatchObject({ sectionId: null, xpath: 'age' });
    expect(bindSurvey(s2.model).byName.get('age')!.repeats).toEqual([]);
  });

  it('refuses to put a section inside itself', () => {
    const s0 = start();
    const r = applyEdit(s0, { op: 'move', id: idOf(s0.model, 'household'), parentId: idOf(s0.model, 'members'), index: 0 }, counterEnv());
    expect(r.ok ? null : r.problem.code).toBe('invalidMove');
  });

  it('shares untouched items with the previous state', () => {
    const s0 = start();
    const s = edit(s0, { op: 'move', id: idOf(s0.model, 'needs'), parentId: null, index: 1 });
    expect(s.model.surveyItems.find((i) => i.surveyItem.name === 'household')!.innerItems).toBe(s0.model.surveyItems[1]!.innerItems);
  });
});

it('keeps a model that sample() builds valid', () => {
  expect(bindSurvey(sample()).diagnostics).toEqual([]);
});

describe('add an XLSForm variant', () => {
  it.each(SHEET_TYPE_NAMES)('adds a %s question named and labelled after it, ready to publish', (sheetType) => {
    const questionType = SHEET_TYPES[sheetType].base;
    const s = edit(start(), { op: 'add', questionType, sheetType, parentId: null });
    const added = s.model.surveyItems[s.model.surveyItems.length - 1]!.surveyItem;
    expect([added.questionType, added.sheetType, added.name, added.questionLabels[0]?.text]).toEqual([
      questionType,
      sheetType,
      sheetType,
      SHEET_TYPES[sheetType].title,
    ]);
    expect(publishProblems(s.model)).toEqual([]);
  });

  it('refuses a variant of another type', () => {
    const r = applyEdit(start(), { op: 'add', questionType: 35, sheetType: 'geotrace', parentId: null }, counterEnv());
    expect(r.ok ? null : r.problem.code).toBe('invalidValue');
  });
});
