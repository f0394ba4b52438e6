// What XLSForm columns hold before they are expressions. pyxform rewrites the words spreadsheet authors
// type in the required, read-only, relevant, constraint and calculation columns (aliases.py,
// BINDING_CONVERSIONS) before ODK ever sees them; reading a survey sheet must do the same, with the
// same meaning. A cell typed =TRUE() reaches pyxform as the boolean TRUE, so 'TRUE()' and 'FALSE()'
// mean that too (docs/decisions/0030-odk-expression-semantics.md).

/** The columns pyxform converts (constants.py, CONVERTIBLE_BIND_ATTRIBUTES). */
export const XLSFORM_BINDING_COLUMNS = ['required', 'readonly', 'relevant', 'constraint', 'calculation'] as const;
export type XlsformBindingColumn = (typeof XLSFORM_BINDING_COLUMNS)[number];

const YES: ReadonlySet<string> = new Set(['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'true()', 'TRUE()']);
const NO: ReadonlySet<string> = new Set(['no', 'No', 'NO', 'false', 'False', 'FALSE', 'false()', 'FALSE()']);

/** The expression a cell of one of these columns stands for: 'yes' is true(), anything else is itself. */
export function xlsformBinding(cell: string): string {
  const text = cell.trim();
  if (YES.has(text)) return 'true()';
  if (NO.has(text)) return 'false()';
  return text;
}

/**
 * A required or read-only cell as a flag: true or false for pyxform's words, undefined for an
 * expression (which decides per answer). A blank cell is false.
 */
export function xlsformFlag(cell: string | null | undefined): boolean | undefined {
  const text = (cell ?? '').trim();
  if (text === '') return false;
  const expression = xlsformBinding(text);
  return expression === 'true()' ? true : expression === 'false()' ? false : undefined;
}
