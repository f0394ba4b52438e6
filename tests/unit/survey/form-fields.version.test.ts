// submission.surveyVersion: the version a form was filled against travels with the submission; old
// clients send none.
import { expect, it } from 'vitest';
import { parseSubmission, toFormEntries, type SubmissionInput } from '../../../engine/survey/index';

const base: SubmissionInput = {
  id: '7b0c1a52-8a3e-4d5f-9a77-0f6b1c2d3e4f',
  surveyId: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
  userId: null,
  taskId: null,
  messageReceiverId: null,
  dataCollectionType: 0,
  startTime: null,
  isAnonymous: true,
  linkUuid: 'multiple-link',
  languageId: null,
  geolocation: null,
  answers: [],
  sectionRepeatGroups: [],
  questionIds: [],
};

it('sends and reads the survey version', () => {
  const entries = toFormEntries({ ...base, surveyVersion: 7 });
  expect(entries).toContainEqual(['submission.surveyVersion', '7']);
  const parsed = parseSubmission(entries);
  expect('submission' in parsed && parsed.submission.surveyVersion).toBe(7);
});

it('reads a submission without one as before, and names a bad one', () => {
  const parsed = parseSubmission(toFormEntries(base));
  expect('submission' in parsed && parsed.submission).toEqual(base);
  const bad = parseSubmission([...toFormEntries(base), ['submission.surveyVersion', '1.5']]);
  expect('errors' in bad && bad.errors).toEqual(["'submission.surveyVersion' must be a whole number"]);
});
