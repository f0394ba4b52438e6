// The survey banner's deadline (spec 001 section 9): 'MMMM Do, YYYY', or 'Invalid date' when missing.
import { describe, expect, it } from 'vitest';
import { formatDeadline, isPast } from '../../../src/pages/fill/deadline';

describe('the deadline', () => {
  it("reads 'MMMM Do, YYYY'", () => {
    expect(formatDeadline('2027-01-01T10:00:00Z', 'Invalid date')).toBe('January 1st, 2027');
    expect(formatDeadline('2026-11-22T10:00:00Z', 'Invalid date')).toBe('November 22nd, 2026');
    expect(formatDeadline('2026-03-13T10:00:00Z', 'Invalid date')).toBe('March 13th, 2026');
  });
  it("is 'Invalid date' when missing or unreadable", () => {
    expect(formatDeadline(null, 'Invalid date')).toBe('Invalid date');
    expect(formatDeadline('soon', 'Invalid date')).toBe('Invalid date');
  });
  it('is past once its time has come', () => {
    expect(isPast('2026-01-01T00:00:00Z', Date.parse('2026-01-02T00:00:00Z'))).toBe(true);
    expect(isPast('2026-01-03T00:00:00Z', Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
    expect(isPast(null)).toBe(false);
  });
});
