import type { jobOpenings } from '@planillas/db'

type Row = typeof jobOpenings.$inferSelect

const labels: [keyof Row, string][] = [
  ['code', 'Código'],
  ['positionId', 'Rol (id)'],
  ['areaId', 'Área (id)'],
  ['minExperienceYears', 'Años de experiencia'],
  ['requestedById', 'Solicitado por (id)'],
]

/** What changed in a vacancy, in Spanish; the details are named but not quoted (they are long). */
export function describeJobOpeningChanges(before: Row, after: Row): string {
  const changes = labels
    .filter(([key]) => String(before[key]) !== String(after[key]))
    .map(([key, label]) => `${label} '${before[key]}' → '${after[key]}'`)
  if (before.details !== after.details) changes.push('Detalle de la vacante modificado')
  return changes.join('; ')
}
