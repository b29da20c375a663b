import {
  ACCOUNT_TYPE,
  bankHolderOf,
  buildCci,
  EMPLOYEE_STATUS,
  IDENTIFIER_TYPE,
  SEX,
} from '@planillas/domain'
import type { Database } from './executor'
import { loadReferenceData } from './reference'
import { areas, companies, employees, positions } from './schema/index'
import type { SeedStep } from './seed-step'

const SEED_ACTOR = 'seed@planillas.pe'

type Person = { name: string; surname: string; sex: number; born: string }

const PEOPLE: Person[] = [
  { name: 'María Elena', surname: 'Quispe Mamani', sex: SEX.FEMALE, born: '1988-03-14' },
  { name: 'José Luis', surname: 'Huamán Flores', sex: SEX.MALE, born: '1979-11-02' },
  { name: 'Rosa Angélica', surname: 'Condori Ccama', sex: SEX.FEMALE, born: '1992-07-21' },
  { name: 'Carlos Alberto', surname: 'Rojas Vásquez', sex: SEX.MALE, born: '1985-01-30' },
  { name: 'Juana', surname: 'Mendoza Chávez', sex: SEX.FEMALE, born: '1996-09-05' },
  { name: 'Luis Fernando', surname: 'Sánchez Torres', sex: SEX.MALE, born: '1990-04-17' },
  { name: 'Ana Lucía', surname: 'Ramírez Castillo', sex: SEX.FEMALE, born: '1983-12-08' },
  { name: 'Jorge Eduardo', surname: 'García Paredes', sex: SEX.MALE, born: '1975-06-25' },
  { name: 'Carmen Rosa', surname: 'Díaz Gutiérrez', sex: SEX.FEMALE, born: '1999-02-11' },
  { name: 'Miguel Ángel', surname: 'Cruz Espinoza', sex: SEX.MALE, born: '1987-08-19' },
  { name: 'Patricia', surname: 'López Salazar', sex: SEX.FEMALE, born: '1981-10-03' },
  { name: 'Víctor Hugo', surname: 'Ccori Huanca', sex: SEX.MALE, born: '1994-05-27' },
  { name: 'Milagros', surname: 'Fernández Ríos', sex: SEX.FEMALE, born: '1997-01-09' },
  { name: 'Julio César', surname: 'Vargas Aguilar', sex: SEX.MALE, born: '1972-03-22' },
  { name: 'Lucía', surname: 'Pérez Cárdenas', sex: SEX.FEMALE, born: '1989-09-30' },
  { name: 'Edwin', surname: 'Apaza Choque', sex: SEX.MALE, born: '1993-12-15' },
  { name: 'Gladys', surname: 'Tito Pari', sex: SEX.FEMALE, born: '1980-07-07' },
  { name: 'Renzo', surname: 'Castro Villanueva', sex: SEX.MALE, born: '1998-11-20' },
  { name: 'Yolanda', surname: 'Chambi Coaquira', sex: SEX.FEMALE, born: '1976-04-01' },
  { name: 'Fernando', surname: 'Zapata Rivera', sex: SEX.MALE, born: '1991-06-13' },
  { name: 'Diana Carolina', surname: 'Medina Soto', sex: SEX.FEMALE, born: '1995-08-28' },
  { name: 'Raúl', surname: 'Poma Quispe', sex: SEX.MALE, born: '1984-02-16' },
  { name: 'Sonia', surname: 'Ccahuana Layme', sex: SEX.FEMALE, born: '1986-10-24' },
  { name: 'Óscar', surname: 'Navarro Benites', sex: SEX.MALE, born: '1978-01-12' },
  { name: 'Karina', surname: 'Ñahui Cusi', sex: SEX.FEMALE, born: '2000-03-03' },
  { name: 'Wilfredo', surname: 'Inga Yupanqui', sex: SEX.MALE, born: '1982-09-09' },
  { name: 'Silvia', surname: 'Herrera Campos', sex: SEX.FEMALE, born: '1990-12-31' },
  { name: 'Daniel', surname: 'Morales Carrasco', sex: SEX.MALE, born: '1997-05-05' },
  { name: 'Elizabeth', surname: 'Vilca Mayta', sex: SEX.FEMALE, born: '1985-07-18' },
  { name: 'Alberto', surname: 'Salas Reátegui', sex: SEX.MALE, born: '1973-11-26' },
  { name: 'Giovanna', surname: 'Torres Linares', sex: SEX.FEMALE, born: '1992-02-14' },
  { name: 'Hugo', surname: 'Cáceres Olivera', sex: SEX.MALE, born: '1988-06-06' },
]

/** Foreign workers are common in Peruvian payrolls: a carné de extranjería or a passport. */
const FOREIGNERS: (Person & { nationality: string; type: number; document: string })[] = [
  {
    name: 'Andrés Eduardo',
    surname: 'Pérez Rodríguez',
    sex: SEX.MALE,
    born: '1991-04-09',
    nationality: 'VE',
    type: IDENTIFIER_TYPE.CE,
    document: '001524367',
  },
  {
    name: 'Daniela',
    surname: 'González Marcano',
    sex: SEX.FEMALE,
    born: '1994-10-15',
    nationality: 'VE',
    type: IDENTIFIER_TYPE.CE,
    document: '002318945',
  },
  {
    name: 'Santiago',
    surname: 'Restrepo Gómez',
    sex: SEX.MALE,
    born: '1987-08-02',
    nationality: 'CO',
    type: IDENTIFIER_TYPE.PASAPORTE,
    document: 'AV4821937',
  },
  {
    name: 'Valentina',
    surname: 'Silva Rojas',
    sex: SEX.FEMALE,
    born: '1993-01-23',
    nationality: 'CL',
    type: IDENTIFIER_TYPE.CE,
    document: '001987342',
  },
]

/** INEI codes: Lima districts first, then regional capitals (Miraflores of Arequipa included). */
const DISTRICTS = [
  '150122',
  '150131',
  '150140',
  '150130',
  '150101',
  '150113',
  '150132',
  '150115',
  '150120',
  '070101',
  '040101',
  '040110',
  '130101',
  '200101',
  '140101',
  '080101',
  '120101',
  '020101',
]

const ADDRESSES = [
  'Av. José Larco 1150, dpto. 402',
  'Calle Las Begonias 475',
  'Av. Caminos del Inca 2310',
  'Jr. Huallaga 318, int. 5',
  'Av. Javier Prado Este 4580',
  'Calle Los Pinos 127',
  'Av. Próceres de la Independencia 1870',
  'Jr. Junín 640',
  'Av. Brasil 2945',
  'Av. Sáenz Peña 512',
  'Calle Mercaderes 233',
  'Av. Ejército 1020',
  'Av. España 1587',
  'Av. Grau 945',
  'Calle Elías Aguirre 310',
  'Av. El Sol 820',
  'Jr. Puno 455',
  'Av. Luzuriaga 612',
]

/** Banks whose CCI vectors are proven (db/reference/banks.csv), with a branch each. */
const BANKS = [
  { code: '002', branch: '191' },
  { code: '011', branch: '081' },
  { code: '003', branch: '200' },
  { code: '009', branch: '170' },
  { code: '018', branch: '000' },
  { code: '038', branch: '101' },
  { code: '049', branch: '479' },
]

const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es']

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** A deterministic digit string from a seed number (no randomness: the demo is the same every time). */
const digits = (seed: number, length: number) => {
  let out = ''
  let x = seed * 7919 + 104729
  while (out.length < length) {
    x = (x * 48271) % 2147483647
    out += String(x % 10)
  }
  return out
}

function demoEmployee(
  p: Person,
  i: number,
  ids: { companies: number[]; areas: number[]; positions: number[] },
) {
  const foreign = FOREIGNERS.find((f) => f === p)
  const identifierType = foreign?.type ?? IDENTIFIER_TYPE.DNI
  const identifier = foreign?.document ?? `${4 + (i % 5)}${digits(i + 1, 7)}`
  const bank = BANKS[i % BANKS.length]
  const branch = bank.branch
  const account = digits(i + 101, 10)
  const [first] = p.name.split(' ')
  const [surname] = p.surname.split(' ')
  const verified = i % 3 === 0
  return {
    identifierType,
    identifier,
    name: p.name,
    surname: p.surname,
    birthDate: p.born,
    address: ADDRESSES[i % ADDRESSES.length],
    ubigeo: DISTRICTS[i % DISTRICTS.length],
    nationality: foreign?.nationality ?? 'PE',
    gender: p.sex,
    companyId: ids.companies[i % ids.companies.length] ?? null,
    areaId: ids.areas[i % ids.areas.length] ?? null,
    positionId: ids.positions[(i * 5) % ids.positions.length] ?? null,
    status: EMPLOYEE_STATUS.NO_CONTRACT,
    personalPhone: `9${digits(i + 201, 8)}`,
    personalEmail: `${fold(first)}.${fold(surname)}${i}@${EMAIL_DOMAINS[i % EMAIL_DOMAINS.length]}`,
    emergencyContact:
      i % 4 === 3
        ? null
        : `${i % 2 ? 'Madre' : 'Esposo(a)'}: ${PEOPLE[(i + 7) % PEOPLE.length].name.split(' ')[0]} ${surname}`,
    emergencyPhoneNumber: i % 4 === 3 ? null : `9${digits(i + 301, 8)}`,
    bankIdentifierType: identifierType,
    bankIdentifier: identifier,
    bankHolder: bankHolderOf(p.name, p.surname),
    bankId: bank.code,
    bankAccount: `${branch}${account}`,
    accountType: i % 4 === 1 ? ACCOUNT_TYPE.SAVINGS : ACCOUNT_TYPE.SALARY,
    bankInterAccount: buildCci(bank.code, branch, account),
    detractionAccount: null,
    bankAccountVerified: verified,
    bankAccountVerifiedBy: verified ? 'rrhh@planillas.pe' : null,
    bankAccountVerifiedAt: verified ? new Date(Date.UTC(2025, 0, 6 + i, 15, 30)) : null,
    createdBy: SEED_ACTOR,
  }
}

/** Demo employees (36), spread over the demo companies, areas and positions. */
export const employeeSeedStep: SeedStep = {
  counted: ['colaborador nuevo', 'colaboradores nuevos'],
  run: async (db: Database) => {
    await loadReferenceData(db)
    const ids = {
      companies: (await db.select({ id: companies.id }).from(companies).orderBy(companies.id)).map(
        (r) => r.id,
      ),
      areas: (await db.select({ id: areas.id }).from(areas).orderBy(areas.id)).map((r) => r.id),
      positions: (await db.select({ id: positions.id }).from(positions).orderBy(positions.id)).map(
        (r) => r.id,
      ),
    }
    const rows = [...PEOPLE, ...FOREIGNERS].map((p, i) => demoEmployee(p, i, ids))
    const inserted = await db
      .insert(employees)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: employees.id })
    return inserted.length
  },
}
