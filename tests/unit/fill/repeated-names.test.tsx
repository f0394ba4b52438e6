// @vitest-environment jsdom
// Filling a survey that holds the same name in two groups, and a question required under a condition:
// each answer goes to its own question, and the asterisk shows only while the condition holds.
import { afterEach, describe, expect, it } from 'vitest';
import { q, section } from '../../../engine/survey/index';
import { mountSurvey, question, settle, type, type MountedForm } from '../widgets/support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('the same name in two groups', () => {
  it('fills each question on its own, and a submit names the one left empty', async () => {
    m = mountSurvey([
      section('household', q.text('name').label('Head').required()).label('Household'),
      section('member', q.text('name').label('Member').required()).label('Member'),
    ]);
    type(question(m.container, 'member~name').querySelector('textarea'), 'Sara');
    await settle();
    expect(m.runtime.data()).toEqual({ 'member~name': 'Sara' });
    const result = m.runtime.validate()!;
    expect(result.issues.map((i) => i.path)).toEqual(['household~name']);
    type(question(m.container, 'household~name').querySelector('textarea'), 'Ali');
    await settle();
    expect(m.runtime.validate()!.data).toEqual({ 'household~name': 'Ali', 'member~name': 'Sara' });
  });
});

describe('a required condition', () => {
  it('shows the asterisk only while the condition holds', async () => {
    m = mountSurvey([
      q.select_one('health').label('Health').choices('alive', 'dead'),
      q.text('cause').label('Cause of death').required("${health} = 'dead'"),
    ]);
    const starred = () => question(m!.container, 'cause').querySelector('.fs-label')!.textContent!.endsWith('*');
    expect(starred()).toBe(false);
    m.runtime.set('health', 'dead');
    await settle();
    expect(starred()).toBe(true);
    expect(m.runtime.validate()!.issues.map((i) => [i.path, i.message])).toEqual([['cause', 'This field is required']]);
    m.runtime.set('health', 'alive');
    await settle();
    expect(starred()).toBe(false);
    expect(m.runtime.validate()!.valid).toBe(true);
  });
});
