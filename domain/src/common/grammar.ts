import { formatCount } from './format'

/**
 * Spanish singular and plural for messages and audit texts: '1 observación', '2 observaciones',
 * never '1 observaciones' or 'constancia(s)'. Only what our texts need; pass the plural when the
 * rules below do not give it (accents that move, compound phrases).
 */
export function pluralOf(singular: string): string {
  if (/[aeiouáéó]$/.test(singular)) return `${singular}s`
  if (/z$/.test(singular)) return `${singular.slice(0, -1)}ces`
  // observación → observaciones: the stressed last syllable loses its written accent.
  const unaccented = singular.replace(
    /([áéíóú])([ns])$/,
    (_, v: string, c: string) => `${'aeiou'['áéíóú'.indexOf(v)]}${c}`,
  )
  return `${unaccented}es`
}

/** The singular or plural form for a count. */
export const plural = (count: number, singular: string, pluralForm: string = pluralOf(singular)) =>
  count === 1 ? singular : pluralForm

/** A count with its noun, grouped as we show numbers: '1 abono', '1,250 abonos'. */
export const countOf = (count: number, singular: string, pluralForm?: string) =>
  `${formatCount(count)} ${plural(count, singular, pluralForm)}`

/**
 * 'de' joined to a noun with its article: 'de el área' is 'del área' (the contraction is
 * compulsory), 'de la empresa' stays.
 */
export const ofNoun = (nounWithArticle: string) =>
  /^el /i.test(nounWithArticle) ? `del ${nounWithArticle.slice(3)}` : `de ${nounWithArticle}`
