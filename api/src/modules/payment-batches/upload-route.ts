import multipart from '@fastify/multipart'
import { paymentBatches, paymentBatchReceipts, recordAudit } from '@planillas/db'
import { countOf, formatDate, MESSAGES, PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CreatedSchema, ok, UploadRefusedSchema } from '../../lib/envelope'
import '../payroll-batch/context'
import { receiveUpload } from './receive'
import { checkUpload } from './upload'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** `POST /payment-batches`: the 'Cargar abonos' form (multipart). */
export async function paymentUploadRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  if (!app.hasPlugin('@fastify/multipart')) await app.register(multipart, { throwFileSizeLimit: false })

  app.post('/', {
    config: { permission: 'planillas_abonos' },
    schema: {
      tags: ['payment-batches'],
      description:
        'Formulario multipart: payrollNumber (código de la planilla, máx. 50), payrollDesc (máx. 100), ' +
        'paymentDate (DD/MM/AAAA o AAAA-MM-DD, no posterior a hoy), file (un .xlsx de hasta 20 MB con el encabezado de la ' +
        'plantilla de abonos) y records (cero o más PDF de hasta 10 MB y ' +
        '50 hojas cada uno, 100 MB y 5,000 hojas en total; los cifrados se aceptan si abren sin contraseña). Devuelve todos los problemas en ' +
        'messages sin guardar nada; si no hay, guarda los archivos, registra la carga PENDIENTE y encola su ' +
        'procesamiento.',
      consumes: ['multipart/form-data'],
      response: { 200: CreatedSchema, 400: UploadRefusedSchema },
    },
    handler: async (req, reply) => {
      const received = await receiveUpload(req, app.storage)
      const stored: string[] = received.receipts.map((r) => r.key)
      const discard = () => Promise.all(stored.map((key) => app.storage.delete(key)))
      let batchId: number
      try {
        const check = await checkUpload(app.db, received)
        if (!check.ok) {
          await discard()
          const { messages } = check
          return reply.code(400).send({ status: 'ERROR', payload: { messages }, messages })
        }
        const { fields, payroll, excel, receipts } = check
        const fileKey = await app.storage.put(excel.content, { name: excel.name, contentType: XLSX })
        stored.push(fileKey)
        batchId = await app.db.transaction(async (tx) => {
          const [batch] = await tx
            .insert(paymentBatches)
            .values({
              payrollId: payroll.id,
              payrollNumber: payroll.code,
              payrollDesc: fields.payrollDesc,
              paymentDate: fields.paymentDate,
              fileKey,
              fileName: excel.name,
              fileSize: excel.content.length,
              receiptCount: receipts.length,
              createdBy: req.user.email,
            })
            .returning({ id: paymentBatches.id })
          if (receipts.length) {
            await tx.insert(paymentBatchReceipts).values(
              receipts.map((r, position) => ({
                batchId: batch.id,
                position,
                fileKey: r.key,
                fileName: r.name,
                matchKey: r.matchKey,
                fileSize: r.size,
                pages: r.pages,
                createdBy: req.user.email,
              })),
            )
          }
          await recordAudit(tx, {
            action: 'CREATE',
            entity: 'payment_batches',
            entityId: batch.id,
            actor: req.user.email,
            description: `Cargó los abonos del ${formatDate(fields.paymentDate)} de la planilla ${payroll.code}: archivo '${excel.name}' y ${countOf(receipts.length, 'constancia')} (carga de abonos #${batch.id})`,
          })
          return batch.id
        })
      } catch (error) {
        await discard()
        throw error
      }
      let queued = false
      try {
        if (app.jobs) {
          await app.jobs.enqueue('payment-import', { batchId })
          queued = true
        } else req.log.warn({ batchId }, 'Sin cola de trabajos: la carga de abonos queda PENDIENTE')
      } catch (error) {
        // The batch is recorded PENDIENTE: a worker's sweep enqueues it when the queue is back.
        req.log.error({ batchId, err: error }, 'No se pudo encolar la carga de abonos')
      }
      // Not queued: say so, the clerk should not expect it to run now.
      return ok({ id: batchId }, [queued ? PAYMENT_UPLOAD_MESSAGES.accepted : MESSAGES.uploadQueued])
    },
  })
}
