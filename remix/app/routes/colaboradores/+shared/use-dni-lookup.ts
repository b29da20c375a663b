import type { DniLookup } from '@planillas/domain'
import { EMPLOYEE_MESSAGES, IDENTIFIER_TYPE } from '@planillas/domain'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import type { LookupNote } from './employee-form.server'

/**
 * With JavaScript: look the DNI up as soon as its 8th digit is typed. Names found by our
 * records or the provider are handed to `onFound`; a DNI that belongs to another employee, or one
 * nobody knows, comes back as a note for the field.
 */
export function useDniLookup(options: {
  type: string | undefined
  dni: string | undefined
  /** The employee being edited (its own DNI is not a duplicate, and is not looked up on load). */
  employeeId: number | null
  initialDni: string | null
  onFound: (found: { name: string | null; surname: string | null }, dni: string) => void
}): LookupNote | null {
  const fetcher = useFetcher<DniLookup | { error: string }>()
  const dni = options.dni?.trim() ?? ''
  const complete =
    options.type === String(IDENTIFIER_TYPE.DNI) && /^\d{8}$/.test(dni) && dni !== options.initialDni
      ? dni
      : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: one look-up per complete DNI
  useEffect(() => {
    if (complete) fetcher.load(`/colaboradores/dni/${complete}`)
  }, [complete])
  const answer = complete ? fetcher.data : undefined
  const foreign =
    answer && !('error' in answer) && answer.alreadyExists && answer.employeeId !== options.employeeId
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per answer
  useEffect(() => {
    if (answer && !('error' in answer) && answer.source && !foreign && complete)
      options.onFound(answer, complete)
  }, [answer])
  if (!answer) return null
  if ('error' in answer) return { tone: 'error', message: answer.error }
  if (foreign)
    return { tone: 'error', message: EMPLOYEE_MESSAGES.duplicate, employeeId: answer.employeeId ?? undefined }
  if (!answer.source) return { tone: 'info', message: 'No se encontraron datos para el DNI ingresado' }
  return { tone: 'info', message: `Nombres y apellidos completados con los datos del DNI ${complete}` }
}
