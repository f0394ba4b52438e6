// The fill page's addresses (spec 001 section 2).
import { describe, expect, it } from 'vitest';
import { parseFillRoute } from '../../../src/pages/fill/route';

const S = '9a142cd8-88e1-4576-8767-38062b6a75ca';
const L = 'f14c0f15-a52c-4949-87d6-bf536a556ec1';
const T = '0b6c1b7e-5a0e-4f43-9d3c-2b5d0a6f9e11';

describe('parseFillRoute', () => {
  it.each([
    [`/public-survey/${S}`, '', { surveyId: S, linkUuid: null, language: null, taskId: null, receiverId: null }],
    [`/public-survey/${L}/${S}`, '', { surveyId: S, linkUuid: L, language: null, taskId: null, receiverId: null }],
    [`/public-survey/multiple-link/${S}`, '', { surveyId: S, linkUuid: 'multiple-link', language: null, taskId: null, receiverId: null }],
    [`/public-survey/ar/${S}`, `?taskId=${T}`, { surveyId: S, linkUuid: null, language: 'ar', taskId: T, receiverId: null }],
    [
      `/public-survey/${L}/${S}`,
      `?receiverId=${T}&taskId=nonsense`,
      { surveyId: S, linkUuid: L, language: null, taskId: null, receiverId: T },
    ],
  ])('%s%s', (path, search, expected) => {
    expect(parseFillRoute(path, search)).toEqual(expected);
  });

  it.each([['/public-survey/'], ['/public-survey/not-a-survey'], [`/public-survey/a/b/${S}`], [`/public-survey/<x>/${S}`]])(
    'refuses %s',
    (path) => {
      expect(parseFillRoute(path, '')).toBeNull();
    },
  );
});
