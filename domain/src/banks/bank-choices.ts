import type { Option } from '../common/enums'

/** The order a person reads names in: Spanish, ignoring case and accents ('Banco de…' before 'BBVA'). */
const reading = new Intl.Collator('es', { sensitivity: 'base', numeric: true })

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * A bank as a choice reads: its name, and its short name in brackets when the name does not already
 * say it ('Banco de Crédito del Perú (BCP)', 'Interbank', 'BBVA Perú'), so a clerk who knows the
 * bank by its short name finds it too.
 */
export function bankLabel(bank: { name: string; shortName?: string | null }): string {
  const short = bank.shortName?.trim()
  if (!short || folded(bank.name).includes(folded(short))) return bank.name
  return `${bank.name} (${short})`
}

/** Banks as a form's choices (value: the bank's code), sorted as a person reads them. */
export function bankChoices(
  banks: readonly { id: string; name: string; shortName?: string | null }[],
): Option[] {
  return banks
    .map((b) => ({ value: b.id, label: bankLabel(b) }))
    .sort((a, b) => reading.compare(a.label, b.label))
}
