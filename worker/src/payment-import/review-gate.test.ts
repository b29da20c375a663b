import { payrollLines } from '@planillas/db'
import { LINE_REVIEW, LINE_REVIEW_MESSAGES } from '@planillas/domain'
import { paymentsWorkbook } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { createPaymentHarness, type PaymentHarness } from '@planillas/testing/worker/payment-harness'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let h: PaymentHarness
beforeAll(async () => {
  h = await createPaymentHarness(10)
})
afterAll(async () => {
  await h?.close()
})

const flag = (payrollId: number, n: number, flags: number, confirmed = false) =>
  h.db
    .update(payrollLines)
    .set({
      reviewFlags: flags,
      ...(confirmed ? { reviewConfirmedBy: 'rrhh@planillas.pe', reviewConfirmedAt: new Date() } : {}),
    })
    .where(and(eq(payrollLines.payrollId, payrollId), eq(payrollLines.identifier, fixtureDni(n))))

describe('payments and line review', () => {
  it('never pays a flagged line no one confirmed; pays confirmed and warning-only lines', async () => {
    const payroll = await h.payroll(
      'PL-REVIEW-1',
      [0, 1, 2, 3].map((employee) => ({ employee, amount: '100.00' })),
    )
    await flag(payroll.id, 0, LINE_REVIEW.BANK_DATA_DIFFER)
    await flag(payroll.id, 1, LINE_REVIEW.NO_CONTRACT, true)
    await flag(payroll.id, 2, LINE_REVIEW.DUPLICATE_IN_PERIOD)
    const file = await paymentsWorkbook([0, 1, 2, 3].map((n) => [1, fixtureDni(n), 100, `OP-${n}`, null]))
    const id = await h.upload(payroll, file)
    await h.run(id)

    const state = await h.payrollState(payroll.id)
    expect(state.lines.map((l) => l.paid)).toEqual([false, true, true, true])
    expect(state).toMatchObject({ paidCount: 3, progress: 75 })
    const batch = await h.batch(id)
    expect(batch.issues.map((i) => [i.rowNumber, i.value, i.reason])).toEqual([
      [2, fixtureDni(0), LINE_REVIEW_MESSAGES.awaitingReview],
    ])
  })
})
