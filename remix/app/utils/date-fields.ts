import { isoFromDayMonthYear } from '@planillas/domain'

/** The name of the hidden inputs that tell which posted fields are dates typed as DD/MM/YYYY. */
export const DATE_FIELDS_KEY = '__dates'

/**
 * The posted form with its date fields (those a `DateField` marked) read from DD/MM/YYYY into ISO
 * dates, the form the shared schemas and the API take. Used wherever a form with dates is parsed,
 * in the browser and on the server alike.
 */
export function withIsoDates(formData: FormData): FormData {
  const dates = new Set(formData.getAll(DATE_FIELDS_KEY).map(String))
  if (!dates.size) return formData
  const read = new FormData()
  for (const [name, value] of formData.entries()) {
    if (name === DATE_FIELDS_KEY) continue
    read.append(name, typeof value === 'string' && dates.has(name) ? isoFromDayMonthYear(value) : value)
  }
  return read
}
