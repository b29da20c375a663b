import type { applicants } from '@planillas/db'

type Row = typeof applicants.$inferSelect

const labels: [keyof Row, string][] = [
  ['identifierType', 'Tipo de documento'],
  ['identifier', 'Número de documento'],
  ['name', 'Nombres'],
  ['surname', 'Apellidos'],
  ['email', 'Correo electrónico'],
  ['mobile', 'Celular'],
  ['jobOpeningId', 'Vacante (id)'],
  ['hireDate', 'Fecha de ingreso'],
  ['leaveDate', 'Fecha de cese'],
  ['pendingVacationDays', 'Vacaciones pendientes'],
  ['cvName', 'CV'],
]

/** What changed in an applicant, in Spanish; empty when nothing did. */
export function describeApplicantChanges(before: Row, after: Row): string {
  return labels
    .filter(
      ([key]) =>
        String(before[key] ?? '') !== String(after[key] ?? '') ||
        (key === 'cvName' && before.cvKey !== after.cvKey),
    )
    .map(([key, label]) => `${label} '${before[key] ?? ''}' → '${after[key] ?? ''}'`)
    .join('; ')
}
