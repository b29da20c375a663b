import { countOf, DEMO_ROLES, rucCheckDigit } from '@planillas/domain'
import { sql } from 'drizzle-orm'
import type { Database } from './executor'
import { areas, companies, positions, users } from './schema/index'
import { companyAccountSeedStep } from './seed-company-accounts'
import { contractSeedStep } from './seed-contracts'
import { employeeSeedStep } from './seed-employees'
import { paymentSeedStep } from './seed-payments'
import { recruitmentSeedStep } from './seed-recruitment'
import type { SeedFiles, SeedStep } from './seed-step'

const SEED_ACTOR = 'seed@planillas.pe'

/** A valid RUC from a 10-digit stem (the check digit is computed, never typed). */
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`

export const DEMO_USERS = [
  { email: 'admin@planillas.pe', name: 'Ana Administradora', roles: DEMO_ROLES.admin, password: 'admin' },
  { email: 'rrhh@planillas.pe', name: 'Rosa Recursos Humanos', roles: DEMO_ROLES.rrhh, password: 'rrhh' },
  { email: 'auditor@planillas.pe', name: 'Aurelio Auditor', roles: DEMO_ROLES.auditor, password: 'auditor' },
  { email: 'lector@planillas.pe', name: 'Luis Lector', roles: DEMO_ROLES.lector, password: 'lector' },
  {
    email: 'tesoreria@planillas.pe',
    name: 'Teresa Tesorera',
    roles: DEMO_ROLES.tesoreria,
    password: 'tesoreria',
  },
] as const

const DEMO_COMPANIES = [
  {
    ruc: ruc('2060123456'),
    name: 'Agroindustrial del Norte S.A.C.',
    address: 'Av. Mansiche 1450, Trujillo, La Libertad',
    legalRepresentative: 'Carmen Quispe Huamán',
  },
  {
    ruc: ruc('2051234567'),
    name: 'Servicios Logísticos Andinos S.A.',
    address: 'Jr. Ucayali 320, Cercado de Lima, Lima',
    legalRepresentative: 'Jorge Mendoza Ríos',
  },
  {
    ruc: ruc('2048765432'),
    name: 'Constructora Pacífico Sur S.R.L.',
    address: 'Calle Mercaderes 212, Arequipa',
    legalRepresentative: null,
  },
  {
    ruc: ruc('2045566778'),
    name: 'Textiles San Martín E.I.R.L.',
    address: 'Av. Argentina 2040, Callao',
    legalRepresentative: 'Lucía Paredes Flores',
  },
  {
    ruc: ruc('2059988776'),
    name: 'Minera Cordillera Blanca S.A.A.',
    address: 'Av. Luzuriaga 755, Huaraz, Áncash',
    legalRepresentative: 'Raúl Chávez Torres',
  },
  {
    ruc: ruc('1045678912'),
    name: 'María Elena Torres Vega',
    address: 'Av. Grau 180, Piura',
    legalRepresentative: null,
  },
]

const DEMO_AREAS = [
  'Administración',
  'Contabilidad',
  'Recursos Humanos',
  'Operaciones',
  'Logística',
  'Ventas',
  'Sistemas',
  'Producción',
  'Seguridad y Salud en el Trabajo',
  'Legal',
  'Almacén',
  'Mantenimiento',
]

const DEMO_POSITIONS = [
  'Gerente General',
  'Jefe de Recursos Humanos',
  'Analista de Planillas',
  'Asistente Contable',
  'Operario de Producción',
  'Supervisor de Operaciones',
  'Chofer',
  'Almacenero',
  'Vendedor',
  'Desarrollador de Software',
  'Técnico de Mantenimiento',
  'Abogado Laboral',
]

/** Seed steps; later modules append their own (employees, contracts, payroll). */
export const seedSteps: SeedStep[] = [
  {
    counted: ['usuario nuevo', 'usuarios nuevos'],
    run: async (db) => {
      // The demo users' roles and names are put back on every run; only those added are counted
      // (a row PostgreSQL inserted, not updated, has no xmax).
      let added = 0
      for (const u of DEMO_USERS) {
        const [row] = await db
          .insert(users)
          .values({ email: u.email, name: u.name, roles: [...u.roles], createdBy: SEED_ACTOR })
          .onConflictDoUpdate({ target: users.email, set: { roles: [...u.roles], name: u.name } })
          .returning({ inserted: sql<boolean>`(xmax = 0)` })
        if (row?.inserted) added++
      }
      return added
    },
  },
  {
    counted: ['empresa nueva', 'empresas nuevas'],
    run: async (db) => {
      const rows = await db
        .insert(companies)
        .values(DEMO_COMPANIES.map((c) => ({ ...c, createdBy: SEED_ACTOR })))
        .onConflictDoNothing()
        .returning({ id: companies.id })
      return rows.length
    },
  },
  {
    counted: ['área nueva', 'áreas nuevas'],
    run: async (db) => insertDescriptions(db, areas, DEMO_AREAS),
  },
  {
    counted: ['cargo nuevo', 'cargos nuevos'],
    run: async (db) => insertDescriptions(db, positions, DEMO_POSITIONS),
  },
  employeeSeedStep,
  contractSeedStep,
  recruitmentSeedStep,
  companyAccountSeedStep,
  paymentSeedStep,
]

async function insertDescriptions(
  db: Database,
  table: typeof areas | typeof positions,
  descriptions: string[],
) {
  const rows = await db
    .insert(table)
    .values(descriptions.map((description) => ({ description, createdBy: SEED_ACTOR })))
    .onConflictDoNothing()
    .returning({ id: table.id })
  return rows.length
}

/**
 * Loads the demo data; safe to run again (existing rows are kept). Answers what it added, naming only
 * the steps that added rows, or undefined when nothing was missing (a restart then prints nothing).
 */
export async function seedDemo(db: Database, files?: SeedFiles): Promise<string | undefined> {
  const lines: string[] = []
  for (const step of seedSteps) {
    const added = await step.run(db, files)
    if (added > 0) lines.push(countOf(added, ...step.counted))
  }
  await db.execute(sql`analyze`)
  return lines.length ? `Datos de demostración cargados: ${lines.join(', ')}.` : undefined
}
