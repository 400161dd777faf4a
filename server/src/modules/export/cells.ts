/**
 * Text that goes into a spreadsheet cell. Two hazards: a cell starting with = + - @ tab or CR is read as a
 * formula by spreadsheet programs (CSV/formula injection), and characters XML 1.0
 * cannot carry would make the workbook unreadable.
 */

/** Characters that make a spreadsheet program treat the cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Excel's limit on the characters of one cell. */
export const CELL_MAX_CHARS = 32_767;
export const FORMULA_ESCAPE = "'";

export function safeCell(value: string): string {
  const clean = value.replace(XML_INVALID, '').replace(LONE_SURROGATE, '');
  const escaped = FORMULA_START.test(clean) ? `${FORMULA_ESCAPE}${clean}` : clean;
  return escaped.length > CELL_MAX_CHARS ? escaped.slice(0, CELL_MAX_CHARS) : escaped;
}
