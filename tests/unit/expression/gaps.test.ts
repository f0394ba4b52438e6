// Known gaps, written as failing expectations so that closing one turns its test green and the
// it.fails red, prompting its move into the real suites.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/expression/index';

describe('not supported yet', () => {
  it.fails('pulldata() needs CSV attachments, which forms cannot carry yet', () => {
    expect(evaluate("pulldata('fruits', 'name', 'key', 'a')", { fields: {} })).toBe('Apple');
  });
});
