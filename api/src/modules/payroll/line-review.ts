import { payrollLines, payrolls, recordAudit } from '@planillas/db'
import {
  BLOCKING_REVIEW_FLAGS,
  enumLabel,
  identifierType,
  LINE_REVIEW_MESSAGES,
  reviewReasons,
} from '@planillas/domain'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, found } from '../../lib/errors'

/**
 * POST /payroll/:id/lines/:lineId/confirm (issue 11): a clerk confirms a line flagged for bank data
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
      await app.db.transaction(async (tx) => {
        const [line] = await tx
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
          .where(and(eq(payrollLines.id, lineId), eq(payrollLines.payrollId, id)))
          .for('update', { of: payrollLines })
        found(line)
        if ((line.reviewFlags & BLOCKING_REVIEW_FLAGS) === 0)
          throw badRequest(LINE_REVIEW_MESSAGES.nothingToConfirm)
        if (line.reviewConfirmedAt) throw badRequest(LINE_REVIEW_MESSAGES.alreadyConfirmed)
        if (line.paid) throw badRequest(LINE_REVIEW_MESSAGES.alreadyPaid)
        await tx
          .update(payrollLines)
          .set({ reviewConfirmedBy: req.user.email, reviewConfirmedAt: new Date() })
          .where(eq(payrollLines.id, line.id))
        await recordAudit(tx, {
          action: 'UPDATE',
          entity: 'payroll_lines',
          entityId: line.id,
          actor: req.user.email,
          description: `Confirmó la línea de la fila ${line.rowNumber} de la planilla ${line.code} (${enumLabel(identifierType, line.identifierType)} ${line.identifier}, ${line.fullName}): ${reviewReasons(line.reviewFlags & BLOCKING_REVIEW_FLAGS).join('; ')}`,
        })
      })
      return ok({ id: lineId }, ['Línea confirmada: ya puede abonarse'])
    },
  })
}
