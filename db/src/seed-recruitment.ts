import { asc, eq } from 'drizzle-orm'
import type { Database } from './executor'
import { applicants, areas, employees, jobOpenings, positions } from './schema/index'
import type { SeedStep } from './seed-step'

const SEED_ACTOR = 'seed@planillas.pe'

const VACANCIES = [
  {
    code: 'VAC-2026-001',
    position: 'Analista de Planillas',
    area: 'Recursos Humanos',
    years: 2,
    details:
      '<p>Buscamos un <strong>analista de planillas</strong> con manejo de PLAME y T-Registro.</p><ul><li>Excel avanzado</li><li>Disponibilidad inmediata</li></ul>',
  },
  {
    code: 'VAC-2026-002',
    position: 'Desarrollador de Software',
    area: 'Sistemas',
    years: 3,
    details:
      '<p>Desarrollador <em>full stack</em> (TypeScript, PostgreSQL).</p><p style="text-align:center">Trabajo híbrido en Lima</p>',
  },
  {
    code: 'VAC-2026-003',
    position: 'Almacenero',
    area: 'Almacén',
    years: 0,
    details: '<p>Control de ingresos y salidas de almacén; se valora licencia de montacargas.</p>',
  },
]

const APPLICANTS = [
  {
    vacancy: 0,
    dni: '47111222',
    name: 'Carla',
    surname: 'Ramos Díaz',
    email: 'carla.ramos@correo.pe',
    mobile: '987111222',
    hireDate: '2023-02-01',
    leaveDate: '2025-10-31',
    pendingVacationDays: 8,
  },
  {
    vacancy: 0,
    dni: '47333444',
    name: 'Pedro',
    surname: 'Salazar Núñez',
    email: 'pedro.salazar@correo.pe',
    mobile: '987333444',
    hireDate: null,
    leaveDate: null,
    pendingVacationDays: null,
  },
  {
    vacancy: 1,
    dni: '48555666',
    name: 'Lucía',
    surname: 'Campos Villanueva',
    email: 'lucia.campos@correo.pe',
    mobile: '986555666',
    hireDate: '2021-06-15',
    leaveDate: '2026-08-30',
    pendingVacationDays: 0,
  },
  {
    vacancy: 2,
    dni: '49777888',
    name: 'Jorge',
    surname: 'Tapia Cárdenas',
    email: 'jorge.tapia@correo.pe',
    mobile: '985777888',
    hireDate: '2024-01-08',
    leaveDate: null,
    pendingVacationDays: 15,
  },
]

/** Demo vacancies and applicants (no CVs: the seed writes no files). Needs areas, positions and employees. */
export const recruitmentSeedStep: SeedStep = {
  counted: ['vacante o postulante nuevo', 'vacantes y postulantes nuevos'],
  run: async (db: Database) => {
    const [requester] = await db.select().from(employees).orderBy(asc(employees.id)).limit(1)
    if (!requester) return 0
    let inserted = 0
    const ids: number[] = []
    for (const v of VACANCIES) {
      const [position] = await db.select().from(positions).where(eq(positions.description, v.position))
      const [area] = await db.select().from(areas).where(eq(areas.description, v.area))
      if (!position || !area) continue
      const [row] = await db
        .insert(jobOpenings)
        .values({
          code: v.code,
          positionId: position.id,
          areaId: area.id,
          companyId: requester.companyId,
          minExperienceYears: v.years,
          requestedById: requester.id,
          details: v.details,
          createdBy: SEED_ACTOR,
        })
        .onConflictDoNothing()
        .returning({ id: jobOpenings.id })
      if (row) inserted++
      const [existing] = await db
        .select({ id: jobOpenings.id })
        .from(jobOpenings)
        .where(eq(jobOpenings.code, v.code))
      ids.push(existing.id)
    }
    for (const a of APPLICANTS) {
      if (ids[a.vacancy] === undefined) continue
      const rows = await db
        .insert(applicants)
        .values({
          jobOpeningId: ids[a.vacancy],
          identifierType: 1,
          identifier: a.dni,
          name: a.name,
          surname: a.surname,
          email: a.email,
          mobile: a.mobile,
          hireDate: a.hireDate,
          leaveDate: a.leaveDate,
          pendingVacationDays: a.pendingVacationDays,
          createdBy: SEED_ACTOR,
        })
        .onConflictDoNothing()
        .returning({ id: applicants.id })
      inserted += rows.length
    }
    return inserted
  },
}
