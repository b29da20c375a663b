/**
 * What a clerk sees in a cell against what the file stores: a number format can hide
 * the cents ('#,##0' shows 1,000 for 999.99), a percent or fraction format shows another number,
 * and characters with no glyph make a value look right and fail. The reader renders each number
 * with its format (`shown`); these rules compare.
 */

/**
 * Excel shows at most 15 significant digits: two numbers equal to 15 digits look the same to the
 * clerk, so 1849.999999999999 (binary noise of a sum) is the 1850 the cell shows.
 */
export const asShown = (value: number) => Number(value.toPrecision(15))

/** A number as the message quotes it: with its two decimals when it has no more. */
export function plainAmount(value: number): string {
  const text = String(value)
  return (text.split('.')[1]?.length ?? 0) <= 2 && !text.includes('e') ? value.toFixed(2) : text
}

/** A format that shows a fraction (`# ?/?`, `# ??/16`): never the amount in soles and cents. */
export const isFractionFormat = (format: string) =>
  /[0#?]\s*\/\s*[0-9?#]/.test(format.replace(/"[^"]*"/g, ''))

/**
 * Whether the shown text is the amount to the cent: one number in it (currency signs and words
 * aside, thousands separators removed) equal to `amount` in cents, no percent sign, no exponent.
 */
export function showsAmount(shown: string, amount: number): boolean {
  if (shown.includes('%') || /\d\s*[eE][+-]?\d/.test(shown)) return false
  const numbers = shown.replace(/(\d),(?=\d{3}(?!\d))/g, '$1').match(/\d+(?:\.\d+)?/g)
  if (numbers?.length !== 1) return false
  return Math.round(Number(numbers[0]) * 100) === Math.round(Math.abs(amount) * 100)
}

const INVISIBLE_NAMES: Record<number, string> = {
  173: 'guion suave',
  8203: 'espacio de ancho cero',
  8204: 'separador de ancho cero',
  8205: 'unión de ancho cero',
  8206: 'marca de izquierda a derecha',
  8207: 'marca de derecha a izquierda',
  8288: 'unión de palabras',
}

/**
 * The first character of `text` that shows nothing (format and control characters such as the
 * zero-width space pasted from a web page), as 'U+200B, espacio de ancho cero' with its 1-based
 * position; null when there is none. Spaces and the byte-order mark are left to the trimming.
 */
export function invisibleCharacter(text: string): { name: string; position: number } | null {
  const found = /(?!\s)[\p{Cf}\p{Cc}]/u.exec(text)
  if (!found) return null
  const code = found[0].codePointAt(0) as number
  const hex = code.toString(16).toUpperCase().padStart(4, '0')
  const name = INVISIBLE_NAMES[code]
  return {
    name: name ? `U+${hex}, ${name}` : `U+${hex}`,
    position: [...text.slice(0, found.index)].length + 1,
  }
}
