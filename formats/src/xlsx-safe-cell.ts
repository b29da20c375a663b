/** The first characters that `safeCell` must look at more closely: = @ tab CR + - */
const MAY_START_FORMULA = new Set([0x3d, 0x40, 0x09, 0x0d, 0x2b, 0x2d])
/** Always read as a formula (or a cell break) when typed: '=', '@', tab, CR. */
const FORMULA_START = /^[=@\t\r]/
/**
 * Text after a sign that no spreadsheet can make a formula of: digits, spaces and separators (a
 * negative number, a phone number, the '---' of an empty value). With a letter or any other
 * character ('-2+A1', "+cmd|' /C calc'!A0", '-SUM(…)') it could be, so it is neutralised.
 */
const INERT_AFTER_SIGN = /^[+-][\d\s.,:/()+-]*$/

/**
 * A cell value safe to open in a spreadsheet (OWASP formula injection): text a spreadsheet would
 * evaluate gets a leading apostrophe; everything else is left as the screens show it, since an
 * apostrophe shows in a text cell and '---' or '-5' cannot run anything.
 */
export function safeCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  if (!MAY_START_FORMULA.has(value.charCodeAt(0))) return value
  const evaluated = FORMULA_START.test(value) || (/^[+-]/.test(value) && !INERT_AFTER_SIGN.test(value))
  return evaluated ? `'${value}` : value
}
