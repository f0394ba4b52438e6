// Undo and redo over every kind of edit.
import { describe, expect, it } from 'vitest';
import { apply, canRedo, canUndo, createHistory, redo, saved, undo, HISTORY_LIMIT, type EditOp } from '../../../../engine/survey/index';
import { counterEnv, idOf, outline, sample } from './helpers';

describe('history', () => {
  const m = sample();
  const ops: EditOp[] = [
    { op: 'add', questionType: 32, parentId: null },
    { op: 'move', id: idOf(m, 'needs'), parentId: idOf(m, 'household'), index: 0 },
    { op: 'duplicate', id: idOf(m, 'name') },
    { op: 'set', id: idOf(m, 'size'), property: 'required', value: true },
    { op: 'delete', id: idOf(m, 'members') },
  ];

  it('undoes every edit back to the start and redoes them all', () => {
    const env = counterEnv();
    let h = createHistory(m);
    const states = [h.present];
    for (const op of ops) {
      const r = apply(h, op, env);
      if (!r.ok) throw new Error(r.problem.message);
      h = r.history;
      states.push(h.present);
    }
    expect(h.present.deletedIds).toHaveLength(3);
    for (let i = states.length - 2; i >= 0; i--) {
      h = undo(h);
      expect(h.present).toBe(states[i]);
    }
    expect(canUndo(h)).toBe(false);
    expect(h.present.deletedIds).toEqual([]);
    for (let i = 1; i < states.length; i++) {
      h = redo(h);
      expect(h.present).toBe(states[i]);
    }
    expect(canRedo(h)).toBe(false);
  });

  it('drops the redo branch on a new edit, and keeps history when an edit is refused', () => {
    let h = createHistory(m);
    h = (apply(h, ops[0]!, counterEnv()) as { history: typeof h }).history;
    h = undo(h);
    const r = apply(h, { op: 'delete', id: 'nope' });
    expect(r.ok).toBe(false);
    expect(r.history).toBe(h);
    expect(canRedo(h)).toBe(true);
    h = (apply(h, { op: 'setSurvey', patch: { name: 'x' } }) as { history: typeof h }).history;
    expect(canRedo(h)).toBe(false);
    expect(outline(h.present.model)).toEqual(outline(m));
  });

  it('keeps at most HISTORY_LIMIT steps and starts over after a save', () => {
    let h = createHistory(m);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      h = (apply(h, { op: 'setSurvey', patch: { name: `n${i}` } }) as { history: typeof h }).history;
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(saved(h)).toMatchObject({ past: [], future: [], present: { deletedIds: [] } });
  });
});
