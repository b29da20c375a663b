/**
 * What the last DNI look-up wrote into the names, so that a different DNI never keeps them (issue
 * 20): the names belong to the DNI they were found for. The form carries it in hidden fields, so
 * the server applies the same rule without JavaScript.
 */
export type LookupFill = { dni: string; name: string; surname: string }

export const LOOKUP_FILL_FIELDS = {
  dni: 'lookupFilledDni',
  name: 'lookupFilledName',
  surname: 'lookupFilledSurname',
} as const

/** True when the names are still the ones found for another DNI than the one now typed. */
export function isStaleFill(
  fill: LookupFill | null | undefined,
  current: { identifier: string; name: string; surname: string },
): fill is LookupFill {
  return Boolean(
    fill &&
      fill.dni !== current.identifier.trim() &&
      fill.name === current.name &&
      fill.surname === current.surname,
  )
}
