import { payrollLines, payrolls, recordAudit, type Transaction } from '@planillas/db'
import {
  BLOCKING_REVIEW_FLAGS,
  enumLabel,
  identifierType,
  LINE_REVIEW_MESSAGES,
  reviewReasons,
} from '@planillas/domain'
import { and, eq, inArray } from 'drizzle-orm'
import { badRequest, found } from '../../lib/errors'

/**
 * Confirms lines of one payroll under their row locks: every line must be observed (a blocking
 * flag), not yet confirmed and not paid, or nothing is confirmed and each problem is named by its
 * row. An audit entry per line, in the same transaction.
 */
export async function confirmLines(tx: Transaction, actor: string, payrollId: number, lineIds: number[]) {
  const lines = await tx
    .select({
      id: payrollLines.id,
      rowNumber: payrollLines.rowNumber,
      identifierType: payrollLines.identifierType,
      identifier: payrollLines.identifier,
      fullName: payrollLines.fullName,
      reviewFlags: payrollLines.reviewFlags,
      reviewConfirmedAt: payrollLines.reviewConfirmedAt,
      paid: payrollLines.paid,
      code: payrolls.code,
    })
    .from(payrollLines)
    .innerJoin(payrolls, eq(payrolls.id, payrollLines.payrollId))
    .where(and(inArray(payrollLines.id, lineIds), eq(payrollLines.payrollId, payrollId)))
    .orderBy(payrollLines.rowNumber)
    .for('update', { of: payrollLines })
  if (lines.length !== lineIds.length) found(undefined)
  const problem = (line: (typeof lines)[number]) =>
    (line.reviewFlags & BLOCKING_REVIEW_FLAGS) === 0
      ? LINE_REVIEW_MESSAGES.nothingToConfirm
      : line.reviewConfirmedAt
        ? LINE_REVIEW_MESSAGES.alreadyConfirmed
        : line.paid
          ? LINE_REVIEW_MESSAGES.alreadyPaid
          : null
  const problems = lines.flatMap((line) => {
    const message = problem(line)
    if (!message) return []
    return [lines.length === 1 ? message : `Fila ${line.rowNumber}: ${message}`]
  })
  if (problems.length) throw badRequest(problems)
  await tx
    .update(payrollLines)
    .set({ reviewConfirmedBy: actor, reviewConfirmedAt: new Date() })
    .where(inArray(payrollLines.id, lineIds))
  for (const line of lines)
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payroll_lines',
      entityId: line.id,
      actor,
      description: `Confirmó la línea de la fila ${line.rowNumber} de la planilla ${line.code} (${enumLabel(identifierType, line.identifierType)} ${line.identifier}, ${line.fullName}): ${reviewReasons(line.reviewFlags & BLOCKING_REVIEW_FLAGS).join('; ')}`,
    })
}
