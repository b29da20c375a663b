import { SUSPENSION_MESSAGES } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import {
  addSuspensionCertificate,
  listSuspensionCertificates,
  removeSuspensionCertificate,
} from './suspension'

const tags = ['suppliers']

/** A supplier's constancias de suspensión de retenciones de cuarta categoría: listed, added, removed. */
export async function suspensionCertificateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/:id/suspension-certificates', {
    config: { permission: ['proveedores_lista', 'proveedores_edicion'] },
    schema: {
      tags,
      description:
        'Constancias de suspensión de retenciones de cuarta categoría del proveedor (persona natural, R.U.C. 10…): ' +
        'cada una suspende la retención desde el día siguiente a su otorgamiento hasta el 31 de diciembre de ese año.',
      ...routeSchema('GET /suppliers/:id/suspension-certificates'),
    },
    handler: async (req) => ok(await listSuspensionCertificates(app.db, req.params.id)),
  })

  app.post('/:id/suspension-certificates', {
    config: { permission: 'proveedores_edicion' },
    schema: {
      tags,
      description: 'number: número de la constancia. grantedOn: fecha de otorgamiento (AAAA-MM-DD).',
      ...routeSchema('POST /suppliers/:id/suspension-certificates'),
    },
    handler: async (req) => {
      const id = await addSuspensionCertificate(app.db, req.user.email, req.params.id, req.body)
      return ok({ id }, [SUSPENSION_MESSAGES.added])
    },
  })

  app.delete('/:id/suspension-certificates/:certificateId', {
    config: { permission: 'proveedores_edicion' },
    schema: { tags, ...routeSchema('DELETE /suppliers/:id/suspension-certificates/:certificateId') },
    handler: async (req) => {
      const id = await removeSuspensionCertificate(
        app.db,
        req.user.email,
        req.params.id,
        req.params.certificateId,
      )
      return ok({ id }, [SUSPENSION_MESSAGES.removed])
    },
  })
}
