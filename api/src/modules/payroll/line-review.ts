import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { confirmLines } from './line-confirmation'

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
