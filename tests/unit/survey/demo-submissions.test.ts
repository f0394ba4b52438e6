// The demo submissions answer the demo survey as a respondent could: every choice is one of the
// survey's (a district of the chosen region), so Survey Data and the dashboard show real labels.
import { describe, expect, it } from 'vitest';
import { DEMO_SUBMISSIONS, demoAnswers } from '../../../fixtures/demo/submissions';
import { demoSurvey } from '../../../fixtures/demo/surveys';
import { LANGUAGES, validate } from './helpers';

describe('demo submissions', () => {
  it('pass the survey’s own validation, choices and choice filters included', () => {
    const survey = demoSurvey(LANGUAGES);
    for (let i = 0; i < DEMO_SUBMISSIONS; i++) {
      expect(validate(survey, demoAnswers(i)).issues, `household ${i}`).toEqual([]);
    }
  });
});
