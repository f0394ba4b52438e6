// What spreadsheet authors type in the required, read-only and expression columns, read as pyxform
// reads it (aliases.py BINDING_CONVERSIONS), then evaluated.
import { describe, expect, it } from 'vitest';
import { evaluate, xlsformBinding, xlsformFlag } from '../../../engine/expression/index';

describe('required and read-only columns', () => {
  it.each(['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'true()', 'TRUE()', ' yes '])('%j is required', (cell) => {
    expect(xlsformFlag(cell)).toBe(true);
    expect(evaluate(xlsformBinding(cell), { fields: {} })).toBe(true);
  });
  it.each(['no', 'No', 'NO', 'false', 'False', 'FALSE', 'false()', 'FALSE()', '', null])('%j is not', (cell) => {
    expect(xlsformFlag(cell)).toBe(false);
  });
  it('leaves an expression to decide per answer', () => {
    expect(xlsformFlag("${consent} = 'yes'")).toBeUndefined();
    expect(xlsformBinding("${consent} = 'yes'")).toBe("${consent} = 'yes'");
    expect(xlsformBinding('Yes please')).toBe('Yes please');
  });
});
