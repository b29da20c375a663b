import { payrollLines, payrolls, recordAudit, type Transaction } from '@planillas/db'
import {
  BLOCKING_REVIEW_FLAGS,
  enumLabel,
  identifierType,
  LINE_REVIEW_MESSAGES,
  reviewReasons,
} from '@planillas/domain'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, found } from '../../lib/errors'

/**
 * POST /payroll/:id/lines/:lineId/confirm: a clerk confirms a line flagged for bank data
 * that differ from the employee's verified data or for an employee SIN CONTRATO, so it may be paid.
 * The line is locked, so two clerks confirming at once record one confirmation.
 */
export async function lineReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/:id/lines/:lineId/confirm', {
    config: { permission: 'planillas_edicion' },
    schema: {
      tags: ['payroll'],
      description: 'Confirma una línea observada (datos bancarios distintos o colaborador SIN CONTRATO).',
      ...routeSchema('POST /payroll/:id/lines/:lineId/confirm'),
    },
    handler: async (req) => {
      const { id, lineId } = req.params
      await app.db.transaction((tx) => confirmLines(tx, req.user.email, id, [lineId]))
      return ok({ id: lineId }, ['Línea confirmada: ya puede abonarse'])
    },
  })

  app.post('/:id/lines/confirm', {
    config: { permission: 'planillas_edicion' },
    schema: {
      tags: ['payroll'],
      description:
        'Confirma varias líneas observadas de una vez (ids, hasta 100): todas o ninguna, con una entrada ' +
        'de auditoría por línea; cada problema se nombra por su fila.',
      ...routeSchema('POST /payroll/:id/lines/confirm'),
    },
    handler: async (req) => {
      const lineIds = [...new Set(req.body.ids)]
      await app.db.transaction((tx) => confirmLines(tx, req.user.email, req.params.id, lineIds))
      return ok({ ids: lineIds }, [
        lineIds.length === 1
          ? 'Línea confirmada: ya puede abonarse'
          : `${lineIds.length} líneas confirmadas: ya pueden abonarse`,
      ])
    },
  })
}

/**
 * Confirms lines of one payroll under their row locks: every line must be observed (a blocking
 * flag), not yet confirmed and not paid, or nothing is confirmed and each problem is named by its
 * row. An audit entry per line, in the same transaction.
 */
async function confirmLines(tx: Transaction, actor: string, payrollId: number, lineIds: number[]) {
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
