// The type table is the one list of question types: 21 codes of spec 001, unique widget names.
import { describe, expect, it } from 'vitest';
import {
  QUESTION_TYPES,
  QUESTION_TYPE_CODES,
  byWidgetName,
  countsAsAnswer,
  isQuestionType,
  questionTypeByKey,
} from '../../../engine/survey/index';

describe('the question type table', () => {
  it('has the 21 codes of spec 001 section 3', () => {
    expect(QUESTION_TYPE_CODES).toEqual([0, 32, 33, 34, 35, 36, 37, 38, 40, 100, 104, 105, 106, 110, 112, 113, 275, 276, 277, 278, 279]);
  });

  it('gives every type a unique widget name that leads back to it', () => {
    const keys = QUESTION_TYPE_CODES.map((c) => QUESTION_TYPES[c].key);
    expect(new Set(keys).size).toBe(21);
    for (const code of QUESTION_TYPE_CODES) expect(questionTypeByKey(QUESTION_TYPES[code].key)).toBe(code);
  });

  it('turns a registry keyed by code into one keyed by ui:widget name', () => {
    const registry = Object.fromEntries(QUESTION_TYPE_CODES.map((c) => [c, `widget-${c}`])) as Record<
      (typeof QUESTION_TYPE_CODES)[number],
      string
    >;
    const named = byWidgetName(registry);
    expect(named.select_one).toBe('widget-32');
    expect(named.hidden).toBe('widget-279');
    expect(Object.keys(named)).toHaveLength(21);
  });

  it.each([
    [32, 'You must select one'],
    [33, 'You must select at least one'],
    [278, 'All rankings must be selected'],
    [34, 'This field is required'],
    [100, 'This field is required'],
  ] as const)('type %i says %s when a required answer is missing', (code, message) => {
    expect(QUESTION_TYPES[code].requiredMessage).toBe(message);
  });

  it('counts only answers a respondent gives for the submit and draft rules', () => {
    expect(QUESTION_TYPE_CODES.filter((c) => !countsAsAnswer(c))).toEqual([0, 40, 113, 279]);
  });

  it('knows a code from anything else', () => {
    expect(isQuestionType(32)).toBe(true);
    expect(isQuestionType(39)).toBe(false);
    expect(isQuestionType('32')).toBe(false);
  });
});
