import { paymentVouchers, publicHolidays } from '@planillas/db'
import { addDays, voucherNumber } from '@planillas/domain'
import {
  getVoucher,
  paymentFixturesPerFile,
  postVoucher,
  registerVoucher,
  step,
  TODAY,
  voucherFields,
} from '@planillas/testing/api/payments'
import { auditEntries } from '@planillas/testing/audit'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'

/**
 * 'Periodo de registro': the month the voucher is recorded in the Registro de Compras. It defaults
 * to the issue month, changes until the voucher is approved, stays within 12 months of the issue
 * month, and the detracción's deadline runs from it (R.S. 183-2004/SUNAT arts. 11 and 16).
 */
const { t, fx } = paymentFixturesPerFile({ supplier: true })

/** 'AAAAMM' of a day, and that month moved by `n`: written out here, not taken from the code under test. */
const monthOf = (day: string, n = 0) => {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + n
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`
}
const THIS_MONTH = monthOf(TODAY)
/** The first day of last month: a voucher issued then. */
const LAST_MONTH_DAY = `${monthOf(TODAY, -1).slice(0, 4)}-${monthOf(TODAY, -1).slice(4)}-01`

const setPeriod = (id: number, recordingPeriod: unknown, who: 'rrhh' | 'tesoreria' = 'rrhh') =>
  t.call(who, {
    method: 'PUT',
    url: `/api/v1/payments/${id}/recording-period`,
    payload: { recordingPeriod },
  })
const storedPeriod = async (id: number) =>
  (
    await t.handle.db
      .select({ p: paymentVouchers.recordingPeriod })
      .from(paymentVouchers)
      .where(eq(paymentVouchers.id, id))
  )[0].p

/** The 5th business day of the month after `period`, counted here from the holidays table. */
async function fifthBusinessDayAfter(period: string) {
  const holidays = new Set((await t.handle.db.select().from(publicHolidays)).map((h) => h.date))
  const next = monthOf(`${period.slice(0, 4)}-${period.slice(4)}-01`, 1)
  let day = `${next.slice(0, 4)}-${next.slice(4)}-01`
  let count = 0
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) count++
    if (count === 5) return day
    day = addDays(day, 1)
  }
}

describe('the recording period of a new voucher', () => {
  it('defaults to the issue month; a later month within 12 is kept', async () => {
    const plain = await registerVoucher(t, voucherFields(fx.supplierId, fx, { issueDate: LAST_MONTH_DAY }))
    expect((await getVoucher(t, plain)).recordingPeriod).toBe(monthOf(LAST_MONTH_DAY))
    const later = await registerVoucher(
      t,
      voucherFields(fx.supplierId, fx, { issueDate: LAST_MONTH_DAY, recordingPeriod: THIS_MONTH }),
    )
    expect((await getVoucher(t, later)).recordingPeriod).toBe(THIS_MONTH)
    // The list's export carries it, as text.
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/xlsx',
      payload: { ids: [plain, later] },
      headers: await t.as('tesoreria'),
    })
    expect(xlsx.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as string[]).slice(1)
    const column = header.indexOf('Periodo de registro') + 1
    expect(column).toBeGreaterThan(0)
    expect([2, 3].map((row) => sheet.getRow(row).getCell(column).value).sort()).toEqual(
      [monthOf(LAST_MONTH_DAY), THIS_MONTH].sort(),
    )
  })

  it('refuses a period before the issue month, after 12 months, or not AAAAMM: nothing is stored', async () => {
    const fields = voucherFields(fx.supplierId, fx, { recordingPeriod: monthOf(TODAY, -1) })
    const before = await postVoucher(t, 'rrhh', fields)
    expect(before.status).toBe(400)
    expect(before.body.messages).toEqual([
      `Periodo de registro no puede ser anterior al mes de emisión (${THIS_MONTH})`,
    ])
    const late = await postVoucher(t, 'rrhh', { ...fields, recordingPeriod: monthOf(TODAY, 13) })
    expect(late.status).toBe(400)
    expect(late.body.messages).toEqual([
      `Periodo de registro no puede ser posterior a ${monthOf(TODAY, 12)}: como máximo 12 meses después del mes de emisión (${THIS_MONTH})`,
    ])
    const format = await postVoucher(t, 'rrhh', { ...fields, recordingPeriod: '11/2026' })
    expect(format.status).toBe(400)
    expect(format.body.messages).toEqual(['Periodo de registro debe tener el formato AAAAMM (p. ej. 202612)'])
    const stored = await t.handle.db
      .select()
      .from(paymentVouchers)
      .where(
        and(eq(paymentVouchers.supplierId, fx.supplierId), eq(paymentVouchers.number, Number(fields.number))),
      )
    expect(stored).toEqual([])
  })
})

describe('changing the recording period', () => {
  it('is allowed while REGISTRADO or AUTORIZADO (audited), refused with a 409 once APROBADO', async () => {
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx, { issueDate: LAST_MONTH_DAY }))
    const registered = await setPeriod(id, THIS_MONTH)
    expect(registered.status).toBe(200)
    expect(await storedPeriod(id)).toBe(THIS_MONTH)
    const [audit] = (await auditEntries(t.handle.db, 'payments', id)).filter((r) =>
      r.description.includes('periodo de registro'),
    )
    expect(audit).toMatchObject({
      actor: 'rrhh@planillas.pe',
      description: `Cambió el periodo de registro del comprobante F001-${String((await getVoucher(t, id)).number).padStart(8, '0')}: ${monthOf(LAST_MONTH_DAY)} → ${THIS_MONTH}`,
    })

    expect(
      (await step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-001' }))
        .status,
    ).toBe(200)
    const outside = await setPeriod(id, monthOf(LAST_MONTH_DAY, -1))
    expect(outside.status).toBe(400)
    expect(outside.body.messages).toEqual([
      `Periodo de registro no puede ser anterior al mes de emisión (${monthOf(LAST_MONTH_DAY)})`,
    ])
    expect(await storedPeriod(id)).toBe(THIS_MONTH)
    expect((await setPeriod(id, monthOf(LAST_MONTH_DAY))).status).toBe(200)
    expect(await storedPeriod(id)).toBe(monthOf(LAST_MONTH_DAY))

    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })).status).toBe(200)
    const closed = await setPeriod(id, THIS_MONTH)
    expect(closed.status).toBe(409)
    expect(closed.body.messages).toEqual([
      'No se puede cambiar el periodo de registro de un comprobante APROBADO: solo mientras está REGISTRADO o AUTORIZADO',
    ])
    expect(await storedPeriod(id)).toBe(monthOf(LAST_MONTH_DAY))
  })

  it('asks for an AAAAMM period', async () => {
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx))
    const blank = await setPeriod(id, '')
    expect(blank.status).toBe(400)
    expect(blank.body.messages).toEqual(['Periodo de registro es requerido'])
    const month13 = await setPeriod(id, '202613')
    expect(month13.status).toBe(400)
    expect(month13.body.messages).toEqual([
      'Periodo de registro debe tener el formato AAAAMM (p. ej. 202612)',
    ])
    expect(await storedPeriod(id)).toBe(THIS_MONTH)
  })
})

describe("the detracción's deadline runs from the recording period", () => {
  /** A factura of S/ 1,180.00 issued last month under SPOT 037 (S/ 142), recorded in `period`. */
  async function approved(period: string) {
    const id = await registerVoucher(
      t,
      voucherFields(fx.supplierId, fx, { issueDate: LAST_MONTH_DAY, recordingPeriod: period }),
    )
    await step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period: '202611-001' })
    expect((await step(t, 'tesoreria', id, 'approve', { paymentType: 1, spotCode: '037' })).status).toBe(200)
    return id
  }
  const listed = async (id: number) =>
    (
      await t.call('tesoreria', {
        method: 'POST',
        url: '/api/v1/detractions/list?page=0&size=100',
        payload: { supplierIds: [fx.supplierId] },
      })
    ).body.payload.content.find((r: { id: number }) => r.id === id)

  it('issued last month: recorded then or this month, the due day follows the recording month', async () => {
    const inIssueMonth = await approved(monthOf(LAST_MONTH_DAY))
    const thisMonth = await approved(THIS_MONTH)
    const dueIssue = await fifthBusinessDayAfter(monthOf(LAST_MONTH_DAY))
    const dueThis = await fifthBusinessDayAfter(THIS_MONTH)
    expect(dueThis > TODAY).toBe(true)
    const issueState = TODAY > dueIssue ? 'vencida' : 'pendiente'
    expect((await getVoucher(t, inIssueMonth)).detractionDue).toEqual({ dueOn: dueIssue, state: issueState })
    expect((await getVoucher(t, thisMonth)).detractionDue).toEqual({ dueOn: dueThis, state: 'pendiente' })
    expect(await listed(inIssueMonth)).toMatchObject({
      recordingPeriod: monthOf(LAST_MONTH_DAY),
      detractionCents: 14_200,
      dueOn: dueIssue,
      state: issueState,
    })
    expect(await listed(thisMonth)).toMatchObject({
      recordingPeriod: THIS_MONTH,
      dueOn: dueThis,
      state: 'pendiente',
    })
    const pending = (
      await t.call('tesoreria', {
        method: 'POST',
        url: '/api/v1/detractions/list?page=0&size=100',
        payload: { supplierIds: [fx.supplierId], states: ['pendiente'] },
      })
    ).body.payload.content.map((r: { id: number }) => r.id)
    expect(pending).toContain(thisMonth)
    expect(pending.includes(inIssueMonth)).toBe(issueState === 'pendiente')
  })

  it('paid yesterday and not deposited: due on the payment day, VENCIDA today', async () => {
    const id = await approved(THIS_MONTH)
    const paidOn = addDays(TODAY, -1) < LAST_MONTH_DAY ? LAST_MONTH_DAY : addDays(TODAY, -1)
    expect((await step(t, 'tesoreria', id, 'pay', { paidAmount: '1038.00', paidOn })).status).toBe(200)
    expect((await getVoucher(t, id)).detractionDue).toEqual({ dueOn: paidOn, state: 'vencida' })
    expect(await listed(id)).toMatchObject({ dueOn: paidOn, state: 'vencida' })
  })

  it('has no deadline before approval', async () => {
    const id = await registerVoucher(t, voucherFields(fx.supplierId, fx))
    const detail = await getVoucher(t, id)
    expect(detail.detractionDue).toBeNull()
    expect(detail.recordingPeriod).toBe(THIS_MONTH)
    expect(voucherNumber(detail.series, detail.number)).toBe(detail.fullNumber)
  })
})
