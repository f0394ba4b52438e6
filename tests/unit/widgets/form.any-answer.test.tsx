// @vitest-environment jsdom
// "At least one answer" before a draft or a submit (spec 001 section 5) counts what the respondent sees:
// a default filled into a question its section hides is not an answer.
import { afterEach, describe, expect, it } from 'vitest';
import { hasAnyAnswer, q, section } from '../../../engine/survey/index';
import { click, mountSurvey, question, type MountedForm } from './support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const answered = () => hasAnyAnswer(m!.runtime.compiled.bindings, m!.runtime.shownData());

describe('at least one answer', () => {
  it('does not count a default in a hidden section, and counts it once the section shows', () => {
    m = mountSurvey([
      q.acknowledge('consent').label('I agree'),
      section('respondent', q.date('interview_date').default('today()').label('Date of the interview'))
        .label('Respondent')
        .relevant('${consent}'),
    ]);
    expect(m.runtime.data()).toHaveProperty('interview_date');
    expect(answered()).toBe(false);
    click(question(m.container, 'consent').querySelector('input'));
    expect(answered()).toBe(true);
  });

  it('keeps hidden answers in the form data itself, for drafts', () => {
    m = mountSurvey([q.integer('age').label('Age'), q.text('job').label('Job').relevant('${age} >= 18')], {
      data: { age: 12, job: 'Nurse' },
    });
    expect(m.runtime.shownData()).toEqual({ age: 12 });
    expect(m.runtime.data()).toEqual({ age: 12, job: 'Nurse' });
  });
});
