import { formatCount } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParamsSchema, ok, routeSchema } from '../../lib/envelope'
import { conflict, found, notFound, unprocessable } from '../../lib/errors'
import { sendStoredFile } from '../../uploads/batch-upload'
import { activeDebitAccounts } from '../companies/queries'
import { annulOrder, CLAIM_MESSAGES } from '../payment-orders/claims'
import { PAYMENT_FORMATS } from '../payment-orders/formats'
import { BN_CONTENT_TYPE } from './detractions'
import { listRuns, runCandidates, runDetail, runFile } from './queries'
import { generateSupplierRun } from './service'

const tags = ['supplier-runs']
const permission = 'pagos_generar_lista'

/**
 * 'Generar pagos': supplier payment runs over APROBADO vouchers, written by the
 * payment-order engine (docs/decisions/supplier-payment-runs.md): the CCI transfers Excel, one
 * line per supplier paid its net, and the Banco de la Nación detracciones file; listed, downloaded
 * again, annulled with a reason.
 */
export async function supplierRunRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get('/accounts', {
    config: { permission },
    schema: {
      tags,
      description: 'Cuentas de cargo activas de las empresas.',
      ...routeSchema('GET /supplier-runs/accounts'),
    },
    handler: async () => ok(await activeDebitAccounts(app.db)),
  })

  app.post('/candidates', {
    config: { permission },
    schema: {
      tags,
      description:
        'Comprobantes APROBADOS que una orden puede pagar (hasta 500, por fecha de vencimiento). Filtros: supplierIds, ' +
        'expenseLineIds, dueTo (vencen hasta). openRunId: la orden vigente que ya lo tiene. Montos en céntimos, como se aprobaron.',
      ...routeSchema('POST /supplier-runs/candidates'),
    },
    handler: async (req) => ok(await runCandidates(app.db, req.body ?? {})),
  })

  app.post('/', {
    config: { permission: 'pagos_generar' },
    schema: {
      tags,
      description:
        'Genera una orden de pago a proveedores con comprobantes APROBADOS (voucherIds) de la empresa de la cuenta de cargo. ' +
        'Revisa todo antes de escribir: con un problema no se guarda nada y se listan todos (422). Cada proveedor se paga una vez, ' +
        'el neto de sus comprobantes (total − detracción − retención, la retención recalculada sobre los comprobantes que se pagan ' +
        'juntos). Paga en la moneda de la cuenta de cargo: desde una cuenta en dólares solo comprobantes en dólares (Excel con ' +
        'Moneda USD y montos en dólares; la retención en soles al tipo de cambio SBS de la fecha de pago), desde una en soles solo ' +
        'comprobantes en soles. Un comprobante está en una sola orden vigente: si ya lo está, responde 409 salvo que confirmReplace sea true y ' +
        'replacesOrderId nombre esa orden (queda REEMPLAZADO). Con detracciones por depositar genera también el archivo del Banco ' +
        'de la Nación con el siguiente lote (AANNNN) de la empresa. Montos en céntimos.',
      ...routeSchema('POST /supplier-runs'),
    },
    handler: async (req) => {
      const result = await generateSupplierRun(app.db, app.storage, req.body, req.user.email)
      if (!result.ok) throw (result.conflict ? conflict : unprocessable)(result.problems)
      return runAnswer(result)
    },
  })

  app.get('/', {
    config: { permission },
    schema: {
      tags,
      description:
        'Las órdenes de pago a proveedores, de la más reciente a la más antigua. Montos en céntimos.',
      ...routeSchema('GET /supplier-runs'),
    },
    handler: async (req) => ok(await listRuns(app.db, req.query)),
  })

  app.get('/:id', {
    config: { permission },
    schema: {
      tags,
      description: 'Una orden con sus proveedores y, bajo cada uno, los comprobantes que paga.',
      ...routeSchema('GET /supplier-runs/:id'),
    },
    handler: async (req) => ok(found(await runDetail(app.db, req.params.id))),
  })

  app.post('/:id/annul', {
    config: { permission: 'pagos_generar' },
    schema: {
      tags,
      description:
        'Anula una orden vigente con un motivo: queda listada como ANULADO y sus comprobantes quedan libres para otra orden. ' +
        'Su lote de detracciones no se vuelve a usar.',
      ...routeSchema('POST /supplier-runs/:id/annul'),
    },
    handler: async (req) => {
      const done = await annulOrder(app.db, req.params.id, req.body.reason, req.user.email, 'VOUCHERS')
      if (done === null) throw notFound()
      if (!done) throw conflict(CLAIM_MESSAGES.annulNotOpen)
      return ok({ id: req.params.id }, [
        `Orden de pago N° ${req.params.id} anulada: sus comprobantes quedan libres`,
      ])
    },
  })

  app.get('/:id/files/:kind', {
    // Bank files carry accounts and amounts: who generates them downloads them, as a payroll's
    // payment file asks for planillas_pago (docs/decisions/bank-file-readers.md).
    config: { permission: 'pagos_generar' },
    schema: {
      tags,
      params: IdParamsSchema.extend({
        kind: z.enum(['transfers', 'detractions'], { error: 'Archivo inválido' }),
      }),
      description:
        "Un archivo de la orden tal como se generó: kind 'transfers' (Excel de transferencias por CCI) o " +
        "'detractions' (depósito masivo de detracciones del Banco de la Nación).",
    },
    handler: async (req, reply) => {
      const file = await runFile(app.db, req.params.id, req.params.kind)
      if (!file) throw notFound('La orden no tiene ese archivo')
      return sendStoredFile(
        reply,
        app.storage,
        {
          key: file.key,
          name: file.name,
          contentType:
            file.format === 'BN'
              ? BN_CONTENT_TYPE
              : PAYMENT_FORMATS[file.format as keyof typeof PAYMENT_FORMATS].contentType,
        },
        'El archivo ya no está en el almacenamiento',
      )
    },
  })
}

/** A generated run as the API answers it: its figures, the BN file's, and what it says to the clerk. */
function runAnswer(result: Extract<Awaited<ReturnType<typeof generateSupplierRun>>, { ok: true }>) {
  const {
    id,
    lineCount,
    voucherCount,
    totalCents,
    detractionFile,
    statusChanges,
    sharedAccounts,
    rucWarnings,
  } = result
  return ok(
    {
      id,
      statusChanges,
      sharedAccounts,
      rucWarnings,
      lineCount,
      voucherCount,
      totalCents,
      detractionFile: detractionFile && {
        lot: detractionFile.lot,
        lineCount: detractionFile.lineCount,
        totalCents: detractionFile.totalCents,
        fileName: detractionFile.fileName,
        fileSize: detractionFile.fileSize,
        sha256: detractionFile.sha256,
      },
    },
    [
      `Orden de pago N° ${id} generada: ${formatCount(lineCount)} ${lineCount === 1 ? 'proveedor' : 'proveedores'}, ${formatCount(voucherCount)} ${voucherCount === 1 ? 'comprobante' : 'comprobantes'}`,
      ...statusChanges.map((s) => `${s.supplierName}: ${s.changes.join('; ')}`),
      ...sharedAccounts,
      ...rucWarnings,
    ],
  )
}
