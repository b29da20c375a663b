import { auditLogs, paymentBatches } from '@planillas/db'
import { FILE_MESSAGES, PAYMENT_BATCH_STATUS, PAYMENT_ISSUE_KIND, ROW_MESSAGES } from '@planillas/domain'
import { paymentsWorkbook, receiptPdf } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let h: PaymentHarness
let codes = 0
const AMOUNTS = ['1500.00', '2300.50', '980.25', '1200.00']

/** A payroll of four lines for employees `from`..`from+3`, with AMOUNTS. */
const fourLines = (from: number) =>
  h.payroll(
    `PL-AB-${++codes}`,
    AMOUNTS.map((amount, i) => ({ employee: from + i, amount })),
  )
/** A payments row for employee n: DNI, amount, operation, receipt. */
const row = (n: number, amount: number, operation: string, receipt: string | null = null) => [
  1,
  fixtureDni(n),
  amount,
  operation,
  receipt,
]

beforeAll(async () => {
  h = await createPaymentHarness(44)
})
afterAll(async () => {
  await h?.close()
})

/** The audit texts of one payment batch, oldest first. */
const batchAudit = async (batchId: number) =>
  (
    await h.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_batches'), eq(auditLogs.entityId, String(batchId))))
      .orderBy(asc(auditLogs.id))
  ).map((a) => a.description)

describe('payment import', () => {
  it('pays every line when every row matches, links receipts and recomputes the payroll', async () => {
    const payroll = await fourLines(0)
    const file = await paymentsWorkbook([
      row(0, 1500, 'OP-1001', 'constancia-a.pdf'),
      row(1, 2300.5, 'OP-1002', 'constancia-a'),
      row(2, 980.25, 'OP-1003', 'Constancia-B.PDF'),
      row(3, 1200, 'OP-1004'),
    ])
    const receipts = [
      { name: 'constancia-b.pdf', bytes: await receiptPdf('B', 1) },
      { name: 'constancia-a.pdf', bytes: await receiptPdf('A', 2) },
      { name: `${fixtureDni(3)}.pdf`, bytes: await receiptPdf('D', 1) },
    ]
    const id = await h.upload(payroll, file, receipts, '2026-11-20')
    expect(await h.run(id)).toMatchObject({ outcome: 'applied', status: 'PROCESADO', matched: 4 })

    const batch = await h.batch(id)
    expect(batch).toMatchObject({
      status: PAYMENT_BATCH_STATUS.PROCESSED,
      progress: 100,
      rowsRead: 4,
      matchedCount: 4,
      unmatchedCount: 0,
      mismatchedCount: 0,
      issueCount: 0,
    })
    expect(batch.issues).toEqual([])
    const [b, a, d] = batch.receipts
    expect(a).toMatchObject({ pages: 2, firstRow: 2, documents: [fixtureDni(0), fixtureDni(1)] })
    expect(a.operations).toEqual(['OP-1001', 'OP-1002'])
    expect(b).toMatchObject({ pages: 1, firstRow: 4, documents: [fixtureDni(2)] })
    expect(d).toMatchObject({ pages: 1, firstRow: 5, operations: ['OP-1004'] })

    const state = await h.payrollState(payroll.id)
    expect(state).toMatchObject({ paidCount: 4, totalPaid: '5980.75', progress: 100 })
    expect(state.lines.every((l) => l.paid && l.paidDate === '2026-11-20')).toBe(true)
    expect(state.lines.map((l) => l.operationNumber)).toEqual(['OP-1001', 'OP-1002', 'OP-1003', 'OP-1004'])
    expect(state.payments.map((p) => p.receiptId)).toEqual([a.id, a.id, b.id, d.id])
  })

  it('pays 3 of 4 lines when one amount differs: Abonados 3, their sum, Progreso 75, and says why', async () => {
    const payroll = await fourLines(4)
    const file = await paymentsWorkbook([
      row(4, 1500, '7001'),
      row(5, 2300, '7002'),
      row(6, 980.25, '7003'),
      row(7, 1200, '7004'),
    ])
    const id = await h.upload(payroll, file)
    expect(await h.run(id)).toMatchObject({ status: 'CON OBSERVACIONES', matched: 3, mismatched: 1 })

    const state = await h.payrollState(payroll.id)
    expect(state).toMatchObject({ paidCount: 3, totalPaid: '3680.25', progress: 75 })
    const pending = state.lines.find((l) => !l.paid)
    expect(pending?.identifier).toBe(fixtureDni(5))
    const batch = await h.batch(id)
    expect(batch).toMatchObject({ matchedCount: 3, mismatchedCount: 1, unmatchedCount: 0, issueCount: 1 })
    expect(batch.issues).toMatchObject([
      {
        kind: PAYMENT_ISSUE_KIND.OBSERVATION,
        rowNumber: 3,
        column: 'Monto abonado (S/)',
        value: '2300.00',
        reason: 'El monto abonado (S/ 2,300.00) no coincide con el de la planilla (S/ 2,300.50)',
        payrollLineId: pending?.id,
      },
    ])
  })

  it('observes a document that is not in the payroll and still pays the others', async () => {
    const payroll = await fourLines(8)
    const file = await paymentsWorkbook([row(8, 1500, '1'), row(30, 99, '2'), row(9, 2300.5, '3')])
    const id = await h.upload(payroll, file)
    await h.run(id)
    const batch = await h.batch(id)
    expect(batch).toMatchObject({
      status: PAYMENT_BATCH_STATUS.OBSERVED,
      matchedCount: 2,
      unmatchedCount: 1,
      mismatchedCount: 0,
    })
    expect(batch.issues).toMatchObject([
      {
        rowNumber: 3,
        column: 'Número de documento',
        value: fixtureDni(30),
        reason: `El documento no figura en la planilla ${payroll.code}`,
        payrollLineId: null,
      },
    ])
    expect(await h.payrollState(payroll.id)).toMatchObject({
      paidCount: 2,
      totalPaid: '3800.50',
      progress: 50,
    })
    // The audit speaks Spanish singular and plural: '1 observación', not '1 observaciones'.
    expect((await batchAudit(id)).join('\n')).toContain('2 de 3 filas abonadas, 1 observación')
  })

  it("audits one payment in the singular: 'Se registró 1 abono'", async () => {
    const payroll = await fourLines(40)
    const id = await h.upload(payroll, await paymentsWorkbook([row(40, 1500, '71')]))
    await h.run(id)
    const texts = await h.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payrolls'), eq(auditLogs.entityId, String(payroll.id))))
    expect(texts.map((t) => t.description).join('\n')).toMatch(/^Se registró 1 abono por S\/ 1,500\.00/m)
    expect((await batchAudit(id)).join('\n')).toContain('1 de 1 fila abonada, 0 observaciones')
  })

  it('leaves a line unpaid when the receipt its row names was not uploaded, and observes unused receipts', async () => {
    const payroll = await fourLines(12)
    const file = await paymentsWorkbook([row(12, 1500, '11', 'falta.pdf'), row(13, 2300.5, '12', 'ok.pdf')])
    const id = await h.upload(payroll, file, [
      { name: 'ok.pdf', bytes: await receiptPdf('ok') },
      { name: 'sobra.pdf', bytes: await receiptPdf('sobra') },
    ])
    await h.run(id)
    const batch = await h.batch(id)
    expect(batch).toMatchObject({
      status: PAYMENT_BATCH_STATUS.OBSERVED,
      matchedCount: 1,
      mismatchedCount: 1,
    })
    expect(batch.issues.map((i) => [i.rowNumber, i.column, i.value, i.reason])).toEqual([
      [
        2,
        'Constancia (archivo PDF)',
        'falta.pdf',
        "No se adjuntó la constancia 'falta.pdf' que nombra la fila",
      ],
      [
        null,
        'Constancias',
        'sobra.pdf',
        "La constancia 'sobra.pdf' no corresponde a ninguna fila del archivo",
      ],
    ])
    const state = await h.payrollState(payroll.id)
    expect(state.lines.filter((l) => l.paid).map((l) => l.identifier)).toEqual([fixtureDni(13)])
  })

  it('applies nothing when a receipt is not a PDF pdf-lib can open (CON ERRORES)', async () => {
    const payroll = await fourLines(16)
    const good = await receiptPdf('bueno')
    const corrupt = Buffer.from(good)
    corrupt.fill(0x20, 40, corrupt.length - 40)
    const file = await paymentsWorkbook([row(16, 1500, '21', 'bueno.pdf'), row(17, 2300.5, '22', 'malo.pdf')])
    const id = await h.upload(payroll, file, [
      { name: 'bueno.pdf', bytes: good },
      { name: 'malo.pdf', bytes: corrupt },
    ])
    expect(await h.run(id)).toEqual({ outcome: 'rejected', errors: 1 })
    const batch = await h.batch(id)
    expect(batch).toMatchObject({ status: PAYMENT_BATCH_STATUS.FAILED, matchedCount: 0, progress: 100 })
    expect(batch.issues).toMatchObject([
      {
        kind: PAYMENT_ISSUE_KIND.ERROR,
        value: 'malo.pdf',
        reason: "La constancia 'malo.pdf' está dañada o protegida y no se puede abrir como PDF",
      },
    ])
    expect(await h.payrollState(payroll.id)).toMatchObject({ paidCount: 0, totalPaid: '0.00', progress: 0 })
    expect((await batchAudit(id)).join('\n')).toContain('CON ERRORES: 1 error, ningún abono registrado')
  })

  it('never pays a line twice: the same batch run again, or forced to run again, changes nothing', async () => {
    const payroll = await fourLines(20)
    const file = await paymentsWorkbook(AMOUNTS.map((a, i) => row(20 + i, Number(a), `9${i}`)))
    const id = await h.upload(payroll, file)
    await h.run(id)
    expect(await h.run(id)).toEqual({ outcome: 'skipped' })
    // A retry that finds the batch still PROCESANDO (its first attempt died after committing).
    await h.db
      .update(paymentBatches)
      .set({ status: PAYMENT_BATCH_STATUS.PROCESSING })
      .where(eq(paymentBatches.id, id))
    expect(await h.run(id, { id: 'retry', attempt: 2, maxAttempts: 5 })).toMatchObject({ matched: 0 })
    const state = await h.payrollState(payroll.id)
    expect(state.payments).toHaveLength(4)
    expect(state).toMatchObject({ paidCount: 4, totalPaid: '5980.75', progress: 100 })
  })

  it('observes lines already paid by another batch: a second upload of the same proof pays nothing', async () => {
    const payroll = await fourLines(24)
    const rows = AMOUNTS.map((a, i) => row(24 + i, Number(a), `55${i}`))
    const first = await h.upload(payroll, await paymentsWorkbook(rows.slice(0, 2)))
    await h.run(first)
    const second = await h.upload(payroll, await paymentsWorkbook(rows))
    expect(await h.run(second)).toMatchObject({ status: 'CON OBSERVACIONES', matched: 2, mismatched: 2 })
    const batch = await h.batch(second)
    expect(batch.issues.map((i) => i.reason)).toEqual([
      `La línea ya fue abonada por la carga de abonos #${first} (operación 550)`,
      `La línea ya fue abonada por la carga de abonos #${first} (operación 551)`,
    ])
    const state = await h.payrollState(payroll.id)
    expect(state.payments.map((p) => p.batchId)).toEqual([first, first, second, second])
    expect(state).toMatchObject({ paidCount: 4, progress: 100 })
  })

  it('two batches of one payroll at once: each line is paid exactly once', async () => {
    const payroll = await fourLines(28)
    const file = await paymentsWorkbook(AMOUNTS.map((a, i) => row(28 + i, Number(a), `77${i}`)))
    const ids = [await h.upload(payroll, file), await h.upload(payroll, file)]
    const outcomes = await Promise.all(ids.map((id) => h.run(id)))
    expect(outcomes.map((o) => (o as { matched: number }).matched).sort()).toEqual([0, 4])
    const state = await h.payrollState(payroll.id)
    expect(state.payments).toHaveLength(4)
    expect(state).toMatchObject({ paidCount: 4, totalPaid: '5980.75' })
  })

  it('observes rows with bad values and a repeated document, and pays the rest', async () => {
    const payroll = await fourLines(32)
    const file = await paymentsWorkbook([
      row(32, 1500, '1'),
      [1, fixtureDni(33), '2300.50', '2', null],
      [1, fixtureDni(34), 980.25, '', null],
      row(32, 1500, '4'),
    ])
    const id = await h.upload(payroll, file)
    await h.run(id)
    const batch = await h.batch(id)
    expect(batch).toMatchObject({ matchedCount: 1, mismatchedCount: 3, unmatchedCount: 0 })
    expect(batch.issues.map((i) => [i.rowNumber, i.reason])).toEqual([
      [3, ROW_MESSAGES.amountText],
      [4, 'Número de operación es requerido'],
      [5, 'El documento se repite: ya figura en la fila 2'],
    ])
  })

  it('rejects a file whose header is not the template, and a file that is not a workbook', async () => {
    const payroll = await fourLines(36)
    const wrong = await h.upload(
      payroll,
      await paymentsWorkbook([row(36, 1500, '1')], { header: ['Documento', 'Monto'] }),
    )
    await h.run(wrong)
    const batch = await h.batch(wrong)
    expect(batch.status).toBe(PAYMENT_BATCH_STATUS.FAILED)
    expect(batch.issues[0].reason).toContain(
      "El encabezado de la columna A debe ser 'Tipo de documento' (se encontró 'Documento')",
    )
    const text = await h.upload(payroll, Buffer.from('esto no es un libro'))
    await h.run(text)
    expect((await h.batch(text)).issues.map((i) => i.reason)).toEqual([FILE_MESSAGES.notXlsx])
    expect(await h.payrollState(payroll.id)).toMatchObject({ paidCount: 0 })
  })
})
