import { afpRates, payrollLineConcepts, payrollLines, payrolls } from '@planillas/db'
import {
  AFP_RATE_MESSAGES,
  BATCH_STATUS,
  CONCEPT_MESSAGES,
  PAYROLL_TEMPLATE_HEADERS,
} from '@planillas/domain'
import {
  CONCEPTS_HEADER,
  fixtureDni,
  payrollWorkbook,
  streamedPayrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { perFile } from '@planillas/testing/per-file'
import { createImportHarness } from '@planillas/testing/worker/import-harness'
import { and, asc, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

const h = perFile(() => createImportHarness(20_000), 120_000)

/** The June 2026 worked row (net S/ 2,266.78), for employee `n`. */
const juneRow = (n: number, amount = 2266.78) => [
  ...validRow(n, amount),
  2500,
  113,
  261.3,
  40.5,
  44.42,
  235.17,
  30,
  192.5,
  1.5,
  'AFP',
  '123456ABCDE7',
]

async function linesOf(batchId: number) {
  const [payroll] = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, batchId))
  return h.handle.db
    .select()
    .from(payrollLines)
    .where(eq(payrollLines.payrollId, payroll.id))
    .orderBy(asc(payrollLines.rowNumber))
}

describe('payroll import with concepts', () => {
  it('stores each line’s concepts exactly, with the description and kind of table 22, and its days, minutes and pension data', async () => {
    const batch = await h.importFile(await payrollWorkbook([juneRow(1)], { header: CONCEPTS_HEADER }))
    expect(batch.errors).toEqual([])
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
    const [line] = await linesOf(batch.id)
    expect(line).toMatchObject({
      amount: '2266.78',
      daysWorked: 30,
      ordinaryMinutes: 192 * 60 + 30,
      overtimeMinutes: 90,
      pensionSystem: 'AFP',
      cuspp: '123456ABCDE7',
    })
    const concepts = await h.handle.db
      .select()
      .from(payrollLineConcepts)
      .where(eq(payrollLineConcepts.payrollLineId, line.id))
      .orderBy(asc(payrollLineConcepts.id))
    expect(concepts.map((c) => [c.code, c.kind, c.amountCents, c.payrollId])).toEqual([
      ['0121', 1, 250000, line.payrollId],
      ['0201', 1, 11300, line.payrollId],
      ['0608', 2, 26130, line.payrollId],
      ['0601', 2, 4050, line.payrollId],
      ['0606', 2, 4442, line.payrollId],
      ['0804', 3, 23517, line.payrollId],
    ])
    expect(concepts[0].description).toBe('Remuneración o jornal básico')
    expect(concepts[1].description).toBe('Asignación familiar')
  })

  it('refuses a row whose net differs from its amount, naming both figures, and writes nothing', async () => {
    const before = await h.counts()
    const batch = await h.importFile(
      await payrollWorkbook([juneRow(2), juneRow(3, 2266.8)], { header: CONCEPTS_HEADER }),
    )
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors).toEqual([
      { rowNumber: 3, column: 'Monto (S/)', value: '2266.8', message: CONCEPT_MESSAGES.net(226678, 226680) },
    ])
    expect(await h.counts()).toEqual(before)
  })

  it('refuses an unknown code as a header error naming the column', async () => {
    const header = [...PAYROLL_TEMPLATE_HEADERS, '0121', '9999 Bono raro']
    const batch = await h.importFile(await payrollWorkbook([[...validRow(4, 1000), 1000, 0]], { header }))
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors).toEqual([
      {
        rowNumber: 1,
        column: null,
        value: null,
        message: CONCEPT_MESSAGES.conceptUnknown('I', '9999 Bono raro', '9999'),
      },
    ])
  })

  it('streams 20,000 rows with six concepts each: 120,000 concepts in the same transaction', async () => {
    const file = await streamedPayrollWorkbook(20_000, (i) => juneRow(i), CONCEPTS_HEADER)
    const batch = await h.importFile(file)
    expect(batch.errors).toEqual([])
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
    const [payroll] = await h.handle.db.select().from(payrolls).where(eq(payrolls.batchId, batch.id))
    const [{ n }] = await h.handle.db
      .select({ n: count() })
      .from(payrollLineConcepts)
      .where(eq(payrollLineConcepts.payrollId, payroll.id))
    expect(n).toBe(120_000)
    expect(payroll.totalAmount).toBe('45335600.00')
    const last = await h.handle.db
      .select({ identifier: payrollLines.identifier, cents: payrollLineConcepts.amountCents })
      .from(payrollLineConcepts)
      .innerJoin(payrollLines, eq(payrollLines.id, payrollLineConcepts.payrollLineId))
      .where(eq(payrollLineConcepts.payrollId, payroll.id))
      .orderBy(asc(payrollLineConcepts.id))
      .limit(1)
    expect(last).toEqual([{ identifier: fixtureDni(0), cents: 250000 }])
  }, 180_000)
})

describe('payroll import with AFP rates', () => {
  const AFP_HEADER = [...CONCEPTS_HEADER, 'AFP', 'Tipo de comisión AFP']
  /** The June row naming its AFP and commission type, with a commission (0601) of `commission`. */
  const afpRow = (n: number, commission = 40.5, afp = 'INTEGRA', type = 'FLUJO') => {
    const row = juneRow(n, Math.round((2266.78 + 40.5 - commission) * 100) / 100)
    row[PAYROLL_TEMPLATE_HEADERS.length + 3] = commission
    return [...row, afp, type]
  }

  beforeAll(async () => {
    // What an administrator adds: the worked example's rates (one guide, June 2026) for one AFP.
    await h.handle.db
      .update(afpRates)
      .set({ commissionBp: 155, premiumBp: 170, source: 'usuario' })
      .where(
        and(
          eq(afpRates.afp, 'INTEGRA'),
          eq(afpRates.commissionType, 'FLUJO'),
          eq(afpRates.validFrom, '2026-06-01'),
        ),
      )
  })

  it('passes the June 2026 vector (0608 261.30, 0601 40.50, 0606 44.42 on 2,613.00)', async () => {
    const batch = await h.importFile(await payrollWorkbook([afpRow(10)], { header: AFP_HEADER }), {
      period: '202606',
    })
    expect(batch.errors).toEqual([])
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
  })

  it('refuses a wrong commission naming the concept, the expected and the found amounts, and writes nothing', async () => {
    const before = await h.counts()
    const batch = await h.importFile(
      await payrollWorkbook([afpRow(11), afpRow(12, 41.8)], { header: AFP_HEADER }),
      { period: '202606' },
    )
    expect(batch.status).toBe(BATCH_STATUS.FAILED)
    expect(batch.errors).toEqual([
      {
        rowNumber: 3,
        column: '0601',
        value: '41.80',
        message: AFP_RATE_MESSAGES.amount('0601', 'comisión', 'INTEGRA', 4050, 4180, '1.55'),
      },
    ])
    expect(await h.counts()).toEqual(before)
  })

  it('checks nothing but the 10 % for an AFP whose commission and prima the table does not have', async () => {
    const batch = await h.importFile(
      await payrollWorkbook([afpRow(13, 41.8, 'PRIMA')], { header: AFP_HEADER }),
      {
        period: '202606',
      },
    )
    expect(batch.errors).toEqual([])
    expect(batch.status).toBe(BATCH_STATUS.PROCESSED)
  })

  it('refuses a 0608 that is not 10 % with the shipped rows alone (any AFP, from June 2026)', async () => {
    const row = afpRow(16, 40.5, 'HABITAT', 'MIXTA')
    row[PAYROLL_TEMPLATE_HEADERS.length + 2] = 250
    row[PAYROLL_TEMPLATE_HEADERS.length - 1] = 2278.08
    const batch = await h.importFile(await payrollWorkbook([row], { header: AFP_HEADER }), {
      period: '202611',
    })
    expect(batch.errors).toEqual([
      {
        rowNumber: 2,
        column: '0608',
        value: '250.00',
        message: AFP_RATE_MESSAGES.amount('0608', 'aporte obligatorio', 'HABITAT', 26130, 25000, '10.00'),
      },
    ])
  })

  it('checks nothing in a period without rates, and refuses an AFP on a row that is not AFP', async () => {
    const before = await h.counts()
    const ok = await h.importFile(await payrollWorkbook([afpRow(14, 41.8)], { header: AFP_HEADER }), {
      period: '202605',
    })
    expect(ok.errors).toEqual([])
    const onp = [...juneRow(15).slice(0, -2), 'ONP', null, 'INTEGRA', 'FLUJO']
    const refused = await h.importFile(await payrollWorkbook([onp], { header: AFP_HEADER }), {
      period: '202606',
    })
    expect(refused.errors).toEqual([
      { rowNumber: 2, column: 'AFP', value: 'INTEGRA', message: CONCEPT_MESSAGES.afpNotAfp },
    ])
    expect((await h.counts()).payrolls).toBe(before.payrolls + 1)
  })
})
