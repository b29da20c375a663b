import { LOOKUP_FILL_FIELDS as F, isStaleFill, type LookupFill } from './lookup-fill'

const field = (formData: FormData, name: string) => String(formData.get(name) ?? '')

/** The fill the page posted back (hidden fields), if any. */
export function postedFill(formData: FormData): LookupFill | null {
  const dni = field(formData, F.dni)
  if (!dni) return null
  return { dni, name: field(formData, F.name), surname: field(formData, F.surname) }
}

/**
 * Blanks names that an earlier look-up filled for another DNI (the page without JavaScript posts
 * them back unchanged), and forgets that fill. Returns the fill still in force.
 */
export function dropStaleFill(formData: FormData): LookupFill | null {
  const fill = postedFill(formData)
  const current = {
    identifier: field(formData, 'identifier'),
    name: field(formData, 'name'),
    surname: field(formData, 'surname'),
  }
  if (!isStaleFill(fill, current)) return fill
  formData.set('name', '')
  formData.set('surname', '')
  for (const name of Object.values(F)) formData.delete(name)
  return null
}
