import {
  auditLogs,
  paymentBatches,
  paymentBatchIssues,
  paymentOrders,
  payrollLinePayments,
  payrollLines,
  rowsOf,
} from '@planillas/db'
import { LINE_REVIEW, LINE_STATE, PAYMENT_ORDER_STATUS, todayInLima } from '@planillas/domain'
import type { FileStorage } from '@planillas/storage'
import { paymentOrderFixturesPerFile } from '@planillas/testing/api/payment-orders'
import { insertFixturePayroll } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ORDER_LINE_MESSAGES } from './order-lines'
import { generatePaymentOrder } from './payroll-order'

let seq = 0

const EMPLOYEES = 6
const { t, bodyFor } = paymentOrderFixturesPerFile(EMPLOYEES)

async function seedPayroll(lines = EMPLOYEES) {
  seq += 1
  return insertFixturePayroll(
    t.handle.db,
    `PL-PARTE-${seq}`,
    Array.from({ length: lines }, (_, i) => ({ employee: i, amount: `${1000 + i}.50` })),
  )
}

const generate = (body: object) =>
  t.call('rrhh', { method: 'POST', url: '/api/v1/payment-orders', payload: body })
const nextFile = async (payrollId: number) =>
  (await t.call('rrhh', { method: 'GET', url: `/api/v1/payment-orders/next-file?payrollId=${payrollId}` }))
    .body.payload
const lineStates = async (payrollId: number) =>
  (
    await t.call('lector', { method: 'POST', url: `/api/v1/payroll/${payrollId}/lines`, payload: {} })
  ).body.payload.content.map((l: { state: number }) => l.state)

/** The documents of a BCP file's detail records, in file order. */
async function fileDocuments(orderId: number): Promise<string[]> {
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/v1/payment-orders/${orderId}/file`,
    headers: await t.as('rrhh'),
  })
  expect(file.statusCode).toBe(200)
  // A BCP detail: '2', account type, account (20), document type (1), document (12).
  return file.body
    .split('\r\n')
    .filter((line) => line.startsWith('2'))
    .map((line) => line.slice(23, 35).trim())
}

/** Lines in more than one open order: never any. */
async function linesInTwoOpenOrders() {
  return rowsOf(
    await t.handle.db.execute(sql`
      select payroll_line_id from payment_order_lines where released_at is null
      group by payroll_line_id having count(*) > 1`),
  )
}

/**
 * The bank's result as 'Cargar abonos' records it: a processed batch of the payroll that paid
 * `paid` (payments and the lines' mirror) and observed `rejected` with the bank's status.
 */
async function bankResult(payrollId: number, paid: number[], rejected: number[]) {
  const db = t.handle.db
  const [batch] = await db
    .insert(paymentBatches)
    .values({
      payrollId,
      payrollNumber: 'X',
      paymentDate: todayInLima(),
      status: 4,
      progress: 100,
      fileKey: 'abonos.xlsx',
      fileName: 'abonos.xlsx',
      fileSize: 1,
      finishedAt: new Date(),
    })
    .returning()
  const lines = await db
    .select()
    .from(payrollLines)
    .where(inArray(payrollLines.id, [...paid, ...rejected]))
  for (const line of lines.filter((l) => paid.includes(l.id))) {
    await db.insert(payrollLinePayments).values({
      payrollLineId: line.id,
      payrollId,
      batchId: batch.id,
      rowNumber: line.rowNumber,
      paymentDate: todayInLima(),
      operationNumber: `OP-${line.id}`,
      amountPaid: line.amount,
    })
    await db
      .update(payrollLines)
      .set({ paid: true, paidDate: todayInLima(), operationNumber: `OP-${line.id}` })
      .where(eq(payrollLines.id, line.id))
  }
  for (const line of lines.filter((l) => rejected.includes(l.id)))
    await db.insert(paymentBatchIssues).values({
      batchId: batch.id,
      kind: 1,
      rowNumber: line.rowNumber,
      reason: 'El banco no abonó la fila: estado RECHAZADO',
      payrollLineId: line.id,
    })
}

describe('a payment file for part of a payroll', () => {
  it('leaves 2 OBSERVADO lines out once the clerk confirms that list, and sends them in a later file once reviewed', async () => {
    const payroll = await seedPayroll()
    const [, second, , , fifth] = payroll.lineIds
    await t.handle.db
      .update(payrollLines)
      .set({ reviewFlags: LINE_REVIEW.NO_CONTRACT })
      .where(inArray(payrollLines.id, [second, fifth]))

    const unconfirmed = await generate(bodyFor(payroll.id))
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.messages).toEqual([ORDER_LINE_MESSAGES.observedUnconfirmed(2)])

    const next = await nextFile(payroll.id)
    expect(next.observed.count).toBe(2)
    expect(next.observed.lines.map((l: { id: number }) => l.id)).toEqual([second, fifth])
    expect(next.observed.lines[0].reason).toMatch(/contrato/i)
    expect(next.free).toEqual({ count: 4, total: 1000.5 + 1002.5 + 1003.5 + 1005.5 })

    // A confirmation given for another list covers nothing.
    const stale = await generate(bodyFor(payroll.id, { confirmObserved: '0'.repeat(64) }))
    expect(stale.status).toBe(409)
    expect(stale.body.messages).toEqual([ORDER_LINE_MESSAGES.observedChanged])

    const part = await generate(bodyFor(payroll.id, { confirmObserved: next.observed.digest }))
    expect(part.status).toBe(200)
    expect(part.body.payload.lineCount).toBe(4)
    expect(await fileDocuments(part.body.payload.id)).toEqual([0, 2, 3, 5].map(fixtureDni))
    expect(await lineStates(payroll.id)).toEqual([
      LINE_STATE.SENT,
      LINE_STATE.OBSERVED,
      LINE_STATE.SENT,
      LINE_STATE.SENT,
      LINE_STATE.OBSERVED,
      LINE_STATE.SENT,
    ])
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entity, 'payment_orders'), eq(auditLogs.entityId, String(part.body.payload.id))),
      )
    expect(audit.description).toContain('sin 2 líneas OBSERVADAS, que el usuario confirmó dejar fuera')

    // The same request again (a second try): every line it could carry is already sent.
    const again = await generate(bodyFor(payroll.id, { confirmObserved: next.observed.digest }))
    expect(again.status).toBe(409)
    expect(again.body.messages[0]).toMatch(/^Las líneas de esta planilla ya se enviaron al banco en la orden/)

    // Reviewed, they go in a later file of exactly those two, with no confirmation left to give.
    for (const lineId of [second, fifth]) {
      const confirmed = await t.call('rrhh', {
        method: 'POST',
        url: `/api/v1/payroll/${payroll.id}/lines/${lineId}/confirm`,
      })
      expect(confirmed.status).toBe(200)
    }
    const rest = await generate(bodyFor(payroll.id))
    expect(rest.status).toBe(200)
    expect(rest.body.payload.lineCount).toBe(2)
    expect(await fileDocuments(rest.body.payload.id)).toEqual([1, 4].map(fixtureDni))
    expect(await lineStates(payroll.id)).toEqual(Array(EMPLOYEES).fill(LINE_STATE.SENT))
    expect((await nextFile(payroll.id)).sent.count).toBe(EMPLOYEES)
    expect(await linesInTwoOpenOrders()).toEqual([])
  })

  it('sends again exactly the 3 lines the bank rejected, once confirmed; never twice', async () => {
    const payroll = await seedPayroll()
    const first = await generate(bodyFor(payroll.id))
    expect(first.status).toBe(200)
    const [l0, l1, l2, l3, l4, l5] = payroll.lineIds
    await bankResult(payroll.id, [l0, l2, l4], [l1, l3, l5])

    const next = await nextFile(payroll.id)
    expect(next.resend.count).toBe(3)
    expect(next.resend.lines.map((l: { id: number }) => l.id)).toEqual([l1, l3, l5])
    expect(next.resend.lines[0]).toMatchObject({
      reason: 'El banco no abonó la fila: estado RECHAZADO',
      orderId: first.body.payload.id,
    })
    expect(next.free.count).toBe(0)

    const unconfirmed = await generate(bodyFor(payroll.id))
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.messages).toEqual([ORDER_LINE_MESSAGES.resendUnconfirmed(3)])

    // A double click: both requests carry the same confirmation; one order, one 409.
    const clicks = await Promise.all(
      [1, 2].map(() => generate(bodyFor(payroll.id, { confirmResend: next.resend.digest }))),
    )
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409])
    const resent = clicks.find((c) => c.status === 200)?.body.payload
    expect(resent.lineCount).toBe(3)
    expect(await fileDocuments(resent.id)).toEqual([1, 3, 5].map(fixtureDni))
    expect(await linesInTwoOpenOrders()).toEqual([])
    // The first order stays GENERADO with its paid lines; the rejected ones are the new order's.
    const orders = await t.handle.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.payrollId, payroll.id))
    expect(orders.map((o) => o.status)).toEqual([
      PAYMENT_ORDER_STATUS.GENERATED,
      PAYMENT_ORDER_STATUS.GENERATED,
    ])
    expect(await lineStates(payroll.id)).toEqual([
      LINE_STATE.PAID,
      LINE_STATE.SENT,
      LINE_STATE.PAID,
      LINE_STATE.SENT,
      LINE_STATE.PAID,
      LINE_STATE.SENT,
    ])

    // A second try with the same confirmation: those lines are in an open order with no result yet.
    const again = await generate(bodyFor(payroll.id, { confirmResend: next.resend.digest }))
    expect(again.status).toBe(409)
    expect(again.body.messages).toEqual([ORDER_LINE_MESSAGES.resendChanged])
  })

  it('21 clerks at once: the 20 losers get their 409 while the winner file is still being written', async () => {
    const payroll = await seedPayroll()
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const claimed: number[] = []
    const request = { ...bodyFor(payroll.id), format: 'BCP' as const }
    const calls = Array.from({ length: 21 }, () =>
      generatePaymentOrder(t.handle.db, t.storage, request, 'rrhh@demo.pe', {
        hooks: {
          claimed: async (id) => {
            claimed.push(id)
            await gate
          },
        },
      }),
    )
    let settled = 0
    for (const call of calls) void call.then(() => (settled += 1))
    // Every loser answers although the winner's file is held before its first line is read.
    while (settled < 20) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(claimed).toHaveLength(1)
    const [building] = await t.handle.db.select().from(paymentOrders).where(eq(paymentOrders.id, claimed[0]))
    expect(building.status).toBe(PAYMENT_ORDER_STATUS.BUILDING)
    expect(building.fileKey).toBeNull()
    open()
    const results = await Promise.all(calls)
    const refused = results.filter((r) => r && !r.ok)
    expect(refused).toHaveLength(20)
    for (const r of refused) expect(r).toMatchObject({ conflict: true })
    expect(results.filter((r) => r?.ok)).toEqual([
      expect.objectContaining({ id: claimed[0], lineCount: EMPLOYEES }),
    ])
    const [written] = await t.handle.db.select().from(paymentOrders).where(eq(paymentOrders.id, claimed[0]))
    expect(written.status).toBe(PAYMENT_ORDER_STATUS.GENERATED)
    expect(await linesInTwoOpenOrders()).toEqual([])
  })

  it('a file that cannot be written fails its order, audited, and gives its lines back', async () => {
    const payroll = await seedPayroll()
    const first = await generate(bodyFor(payroll.id))
    const [l0, l1, l2, l3, l4, l5] = payroll.lineIds
    await bankResult(payroll.id, [l0, l1, l2], [l3, l4, l5])
    const { resend } = await nextFile(payroll.id)
    const full: FileStorage = Object.assign(Object.create(t.storage), {
      put: async () => {
        throw new Error('No queda espacio en el disco')
      },
    })
    const request = { ...bodyFor(payroll.id), format: 'BCP' as const, confirmResend: resend.digest }
    await expect(generatePaymentOrder(t.handle.db, full, request, 'rrhh@demo.pe')).rejects.toThrow(/espacio/)
    const orders = await t.handle.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.payrollId, payroll.id))
      .orderBy(paymentOrders.id)
    expect(orders.map((o) => o.status)).toEqual([PAYMENT_ORDER_STATUS.GENERATED, PAYMENT_ORDER_STATUS.FAILED])
    expect(orders[1].failureReason).toBe(
      'No se pudo escribir el archivo de pago: no se guardó nada; vuelva a generarlo',
    )
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_orders'), eq(auditLogs.entityId, String(orders[1].id))))
    expect(audit.description).toContain('queda FALLIDO y sus líneas quedan libres')
    // The rejected lines are the first order's again, to send again with the same confirmation.
    expect((await nextFile(payroll.id)).resend).toMatchObject({ count: 3, digest: resend.digest })
    expect(await lineStates(payroll.id)).toEqual([
      ...Array(3).fill(LINE_STATE.PAID),
      ...Array(3).fill(LINE_STATE.SENT),
    ])
    const retry = await generate(bodyFor(payroll.id, { confirmResend: resend.digest }))
    expect(retry.status).toBe(200)
    expect(retry.body.payload.lineCount).toBe(3)
    expect(first.status).toBe(200)
    expect(await linesInTwoOpenOrders()).toEqual([])
  })
})
