// The export's times (services/isoStamp.ts): the same text as Date.prototype.toISOString, which the
// export called before, for every time a submission can carry and at the calendar's edges.
import { describe, expect, it } from 'vitest';
import { isoStamp } from '../../../server/services/isoStamp';

const same = (ms: number) => {
  let want: string;
  try {
    want = new Date(ms).toISOString();
  } catch {
    expect(() => isoStamp(ms)).toThrow(RangeError);
    return;
  }
  expect(isoStamp(ms), String(ms)).toBe(want);
};

describe('export times', () => {
  it('are written as toISOString writes them, leap days, centuries and years outside 0000-9999 included', () => {
    const edges = [
      0,
      -1,
      1,
      999,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900, 2, 1),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2024, 11, 31, 23, 59, 59, 5),
    ];
    // 0000-01-01 and 9999-12-31's last millisecond, and one past each (six-digit signed years).
    edges.push(
      -62_167_219_200_000,
      -62_167_219_200_001,
      253_402_300_799_999,
      253_402_300_800_000,
      8.64e15,
      -8.64e15,
      8.64e15 + 1,
      NaN,
      0.5,
    );
    for (const ms of edges) same(ms);
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) same(Math.floor((next() * 2 - 1) * 1e14));
    for (let i = 0; i < 20_000; i++) same(Math.floor(1.5e12 + next() * 1e11));
  });
});
