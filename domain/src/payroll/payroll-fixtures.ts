import { buildCci } from '../common/identifiers'
import type { SheetCell } from '../sheets/sheet-cell'
import type { AfpRateRow } from './afp-rates'
import { PAYROLL_TEMPLATE_HEADERS } from './payroll-file'

/**
 * The payroll tests' fixtures, shared by domain's tests and, through `@planillas/domain/payroll-fixtures`,
 * by testing/ and the API's: domain/ imports nothing of testing/, so they live here. No production
 * module imports them.
 */

/**
 * The CCI of the worked example's BCP account (BCP builds its CCIs from the account:
 * docs/cci-account-rules.md).
 */
export const JUNE_CCI = buildCci('002', '191', '012345678013')

/** Columns B–F of the worked example's payroll row: Rosa Quispe's DNI, name, BCP account and its CCI. */
export const juneWorkerCells = (): SheetCell[] =>
  ['45678912', 'ROSA QUISPE', '002', '19112345678013', JUNE_CCI].map((text) => ({ kind: 'text', text }))

/** The AFP rates in force in June 2026 in the worked example (one payroll guide; its AFP is not named). */
export const JUNE_AFP_RATE: AfpRateRow = {
  afp: 'INTEGRA',
  commissionType: 'FLUJO',
  validFrom: '2026-06-01',
  validTo: null,
  contributionBp: 1000,
  commissionBp: 155,
  premiumBp: 170,
  premiumCapCents: null,
}

/** The template's columns, then concepts of PLAME's table 22 and the optional columns. */
export const CONCEPTS_HEADER = [
  ...PAYROLL_TEMPLATE_HEADERS,
  '0121 Remuneración básica',
  '0201',
  '0608',
  '0601',
  '0606',
  '0804 EsSalud',
  'Días laborados',
  'Horas ordinarias',
  'Horas de sobretiempo',
  'Régimen pensionario',
  'CUSPP',
]

/**
 * The AFPnet row, columns A–Q, of the worked example's June 2026 line (Rosa Elena Quispe Huamán, of an
 * AFP, document `dni`), written from AFPnet's layout: L is her remuneración asegurable, S/ 2,613.00.
 */
export const afpnetJuneRow = (dni: string) => [
  1,
  '123456ABCDE7',
  0,
  dni,
  'QUISPE',
  'HUAMÁN',
  'ROSA ELENA',
  'S',
  'N',
  'N',
  '',
  2613,
  0,
  0,
  0,
  'N',
  '',
]
