import multipart from '@fastify/multipart'
import {
  CancelSchema,
  CPE_MESSAGES,
  centsAsSoles,
  declaredTermsOf,
  enumLabel,
  VOUCHER_MESSAGES as M,
  MESSAGES,
  NO_SPOT_CODE,
  paymentType,
  VoucherFilterSchema,
  VoucherSchema,
  voucherStatus,
  voucherType,
  withSelection,
} from '@planillas/domain'
import { FileNotFoundError } from '@planillas/storage'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, found, notFound } from '../../lib/errors'
import { voucherSupplierWarnings } from '../../lib/ruc-standing'
import { contentDisposition, exportFileName, exportRows, sendWorkbook } from '../../lib/xlsx'
import { listPage } from '../../lists/guard'
import { readVoucherXml } from './cpe'
import { readVoucherForm } from './form'
import { proposeApproval } from './proposal'
import * as q from './queries'
import { registerVoucher, type VoucherContext } from './register'
import {
  approveVoucher,
  attachVoucherFiles,
  authorizeVoucher,
  cancelVoucher,
  payVoucher,
  rejectVoucher,
  setRecordingPeriod,
} from './transitions'

const tags = ['vouchers']
const LIST_DESCRIPTION =
  'Comprobantes por pagar. Filtros: search (serie-número, R.U.C. o razón social del proveedor), statuses ' +
  '(1 REGISTRADO, 2 AUTORIZADO, 3 APROBADO, 4 PAGADO, 5 RECHAZADO, 6 ANULADO), supplierIds, companyIds, ' +
  'expenseLineIds, types (01, 02, 03, 07, 08), dueDate {from, to}, overdue (vencidos). Orden: id, issueDate, ' +
  'dueDate (por defecto), totalCents, status, supplierName, createdAt. Montos en céntimos.'
const CREATE_DESCRIPTION =
  'multipart/form-data: companyId, supplierId, type (01 factura, 02 recibo por honorarios, 03 boleta, 07 nota ' +
  'de crédito, 08 nota de débito), series (4 caracteres), number (1–8 dígitos), issueDate, dueDate (AAAA-MM-DD), ' +
  "currency ('PEN' o 'USD'), base, igv, total (en esa moneda, con punto decimal, sin comas: '1180.00'), description, " +
  'expenseLineId, creditsVoucherId (solo la nota de crédito: el comprobante que modifica; si está RECHAZADO, su ' +
  'número queda libre), recordingPeriod (opcional, AAAAMM: periodo del Registro de Compras; por defecto el mes de ' +
  'emisión, hasta 12 meses después), pdf (requerido, .pdf hasta 10 MB), xml (opcional).'
const STEP = (text: string) => ({ description: text })

/** Parses a form's fields with a schema: every problem of the fields and the files at once. */
function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>, problems: string[]) {
  const parsed = schema.safeParse(fields)
  const messages = [...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)), ...problems]
  if (messages.length || !parsed.success) throw badRequest(messages)
  return parsed.data as z.output<S>
}

/** What a voucher's transition needs: the database, the storage and who acts. */
const context = (app: FastifyInstance, actor: string): VoucherContext => ({
  db: app.db,
  storage: app.storage,
  actor,
})

/**
 * 'Comprobantes' (docs/decisions/supplier-vouchers.md): the list and a voucher with its files, its
 * registration, its five steps and the export, each group a plugin of its own.
 */
export async function voucherRoutes(fastify: FastifyInstance) {
  // Files over 10 MB are cut and flagged (`truncated`), answered as the form's 400, not thrown.
  await fastify.register(multipart, { throwFileSizeLimit: false })
  await fastify.register(voucherReadRoutes)
  await fastify.register(voucherFormRoutes)
  await fastify.register(voucherStepRoutes)
}

/** The list, one voucher and its stored files, and the export of the list. */
async function voucherReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/list', {
    config: { permission: 'pagos_lista_lista' },
    schema: { tags, description: LIST_DESCRIPTION, ...routeSchema('POST /payments/list') },
    handler: async (req) => ok(await q.listVouchers(app.db, req.body ?? {}, listPage(req))),
  })

  app.get('/:id', {
    config: { permission: 'pagos_lista_lista' },
    schema: { tags, ...routeSchema('GET /payments/:id') },
    handler: async (req) => ok(found(await q.voucherDetail(app.db, req.params.id))),
  })

  app.get('/:id/files/:kind', {
    config: { permission: 'pagos_lista_lista' },
    schema: {
      tags,
      description: "Descarga un archivo del comprobante: kind 'pdf', 'xml' o 'sustento' (de la anulación).",
    },
    handler: async (req, reply) => {
      const { id, kind } = req.params as { id: string; kind: string }
      const file = /^\d{1,9}$/.test(id) ? await q.voucherFile(app.db, Number(id), kind) : undefined
      if (!file) throw notFound('El comprobante no tiene ese archivo')
      try {
        const body = await app.storage.get(file.storageKey)
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', contentDisposition(file.name))
          .send(body)
      } catch (error) {
        if (error instanceof FileNotFoundError) throw notFound('El archivo ya no está disponible')
        throw error
      }
    },
  })

  app.post('/xlsx', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags,
      description: `${LIST_DESCRIPTION} Montos en soles.`,
      body: withSelection(VoucherFilterSchema).nullish(),
    },
    handler: async (req, reply) =>
      sendWorkbook(reply, {
        fileName: exportFileName('comprobantes'),
        sheetName: 'Comprobantes',
        rows: exportRows(q.voucherExportBatch(app.db, req.body ?? {}), req.body?.ids),
        columns: [
          { header: 'Empresa', width: 30, value: (r) => r.companyName },
          { header: 'R.U.C. proveedor', width: 14, value: (r) => r.supplierRuc },
          { header: 'Proveedor', width: 34, value: (r) => r.supplierName },
          {
            header: 'Tipo',
            width: 22,
            value: (r) => voucherType[r.type as keyof typeof voucherType] ?? r.type,
          },
          { header: 'Número', width: 16, value: (r) => r.fullNumber },
          { header: 'Emisión', width: 12, date: 'date', value: (r) => r.issueDate },
          { header: 'Vencimiento', width: 12, date: 'date', value: (r) => r.dueDate },
          { header: 'Periodo de registro', width: 12, value: (r) => r.recordingPeriod },
          { header: 'Moneda', width: 8, value: (r) => r.currency },
          { header: 'Base imponible', width: 14, money: true, value: (r) => centsAsSoles(r.baseCents) },
          { header: 'IGV', width: 12, money: true, value: (r) => centsAsSoles(r.igvCents) },
          { header: 'Total', width: 14, money: true, value: (r) => centsAsSoles(r.totalCents) },
          { header: 'Código SPOT', width: 10, value: (r) => r.spotCode },
          { header: 'Detracción', width: 12, money: true, value: (r) => centsAsSoles(r.detractionCents) },
          { header: 'Retención', width: 12, money: true, value: (r) => centsAsSoles(r.retentionCents) },
          { header: 'Neto a pagar', width: 14, money: true, value: (r) => centsAsSoles(r.netCents) },
          {
            header: 'Pagado',
            width: 14,
            money: true,
            value: (r) => (r.paidCents === null ? null : centsAsSoles(r.paidCents)),
          },
          { header: 'Fecha de pago', width: 12, date: 'date', value: (r) => r.paidOn },
          {
            header: 'Tipo de pago',
            width: 10,
            value: (r) => (r.paymentType ? enumLabel(paymentType, r.paymentType) : null),
          },
          { header: 'Línea de gasto', width: 24, value: (r) => r.expenseLine },
          { header: 'Descripción', width: 40, value: (r) => r.description },
          { header: 'Estado', width: 12, value: (r) => enumLabel(voucherStatus, r.status) },
          { header: 'Vencido', width: 8, value: (r) => (r.overdue ? 'SÍ' : 'NO') },
          { header: 'Registrado por', width: 26, value: (r) => r.createdBy },
          { header: 'Fecha de registro', width: 20, date: 'dateTime', value: (r) => r.createdAt },
        ],
      }),
  })
}

/** Registering a voucher (multipart, with its PDF) and attaching the files it lacks. */
async function voucherFormRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/', {
    config: { permission: 'pagos_registrar' },
    schema: { tags, description: CREATE_DESCRIPTION, ...routeSchema('POST /payments') },
    handler: async (req) => {
      const form = await readVoucherForm(req, { pdf: 'pdf', xml: 'xml' })
      const problems = [...form.problems]
      if (!form.files.pdf) problems.unshift(M.pdfRequired)
      const input = parseForm(VoucherSchema, form.fields, problems)
      // An attached XML must be the voucher typed: its issuer, receiver, numbers and totals.
      const reading = form.files.xml ? await readVoucherXml(app.db, form.files.xml, form.fields) : undefined
      const id = await registerVoucher(
        context(app, req.user.email),
        input,
        { pdf: form.files.pdf as NonNullable<typeof form.files.pdf>, xml: form.files.xml },
        reading ? declaredTermsOf(reading.cpe) : null,
      )
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.post('/xml', {
    config: { permission: 'pagos_registrar' },
    schema: {
      tags,
      description:
        "'Leer XML': multipart/form-data con xml (el comprobante electrónico UBL 2.1: factura 01, boleta 03, " +
        'nota de crédito 07 o de débito 08, hasta 10 MB) y, opcionales, los campos ya escritos del formulario ' +
        '(companyId, supplierId, type, series, number, issueDate, dueDate, base, igv, total). Lee el XML sin DTD ni ' +
        'entidades, lo valida contra los esquemas UBL 2.1 y responde los valores del formulario; rechaza, nombrando ' +
        'el elemento, un emisor que no es el proveedor, un receptor que no es la empresa, montos que no cuadran o ' +
        'un campo escrito que el XML contradice. No guarda nada.',
      ...routeSchema('POST /payments/xml'),
    },
    handler: async (req) => {
      const form = await readVoucherForm(req, { xml: 'xml' })
      if (form.problems.length) throw badRequest(form.problems)
      if (!form.files.xml) throw badRequest([CPE_MESSAGES.required])
      return ok(await readVoucherXml(app.db, form.files.xml, form.fields))
    },
  })

  app.post('/:id/files', {
    config: { permission: 'pagos_registrar' },
    schema: {
      tags,
      description:
        'multipart/form-data: pdf (requerido, .pdf hasta 10 MB) y xml (opcional) de un comprobante que no los ' +
        'tiene: los registrados por una carga de comprobantes quedan con el PDF pendiente y no se autorizan sin él.',
      ...routeSchema('POST /payments/:id/files'),
    },
    handler: async (req) => {
      const form = await readVoucherForm(req, { pdf: 'pdf', xml: 'xml' })
      const problems = [...form.problems]
      if (!form.files.pdf) problems.unshift(M.pdfRequired)
      if (problems.length) throw badRequest(problems)
      await attachVoucherFiles(context(app, req.user.email), req.params.id, {
        pdf: form.files.pdf as NonNullable<typeof form.files.pdf>,
        xml: form.files.xml,
      })
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })
}

/** The approval proposal and the five steps: authorize, approve, pay, reject, cancel. */
async function voucherStepRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/:id/approval-proposal', {
    config: { permission: 'pagos_aprobar' },
    schema: {
      tags,
      description:
        'Lo que propone el diálogo de aprobación para un código SPOT (spotCode; sin él, el código que declara el XML ' +
        "del comprobante, si lo trae; 'ninguno': sin detracción): tasa y mínimo de la tabla vigente a la fecha de " +
        'emisión, detracción redondeada a soles (027: sobre el mayor entre el total y referenceValueCents, el valor ' +
        'referencial), si la regla de retención aplica, lo que declaró el XML (declared) y en qué difiere de la ' +
        'tabla (declaredWarnings).',
      ...routeSchema('GET /payments/:id/approval-proposal'),
    },
    handler: async (req) => {
      const voucher = found(await q.voucherRecord(app.db, req.params.id))
      const code = req.query.spotCode === NO_SPOT_CODE ? null : req.query.spotCode
      return ok(await proposeApproval(app.db, voucher, code, undefined, req.query.referenceValueCents))
    },
  })

  app.post('/:id/authorize', {
    config: { permission: 'pagos_autorizar' },
    schema: {
      tags,
      ...STEP('REGISTRADO → AUTORIZADO: projectTypeId (catálogo) y period (AAAAMM-NNN, máx. 11).'),
      ...routeSchema('POST /payments/:id/authorize'),
    },
    handler: async (req) => {
      await authorizeVoucher(context(app, req.user.email), req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.put('/:id/recording-period', {
    config: { permission: 'pagos_registrar' },
    schema: {
      tags,
      description:
        'Periodo de registro (recordingPeriod, AAAAMM) del comprobante en el Registro de Compras: desde el mes de ' +
        'emisión hasta 12 meses después (400). Solo mientras está REGISTRADO o AUTORIZADO; aprobado o después: 409. ' +
        'El plazo de la detracción corre desde este periodo.',
      ...routeSchema('PUT /payments/:id/recording-period'),
    },
    handler: async (req) => {
      await setRecordingPeriod(context(app, req.user.email), req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.saved])
    },
  })

  app.post('/:id/approve', {
    config: { permission: 'pagos_aprobar' },
    schema: {
      tags,
      ...STEP(
        'AUTORIZADO → APROBADO: paymentType (1 CRÉDITO, 2 CONTADO), spotCode (catálogo 54, opcional), ' +
          'detractionRate (porcentaje 1–100; por defecto el de la tabla; distinto: rateReason), retention ' +
          '(por defecto lo que propone la regla; en contra: retentionReason). Quien registró el comprobante no ' +
          'puede aprobarlo (403). Otro cambio de estado a la vez: 409.',
      ),
      ...routeSchema('POST /payments/:id/approve'),
    },
    handler: async (req) => {
      await approveVoucher(context(app, req.user.email), req.params.id, req.body)
      // A supplier whose RUC is not ACTIVO or not HABIDO in the last padrón: approved, and said so.
      const warnings = await voucherSupplierWarnings(app.db, req.params.id)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated, ...warnings])
    },
  })

  app.post('/:id/pay', {
    config: { permission: 'pagos_pagar' },
    schema: {
      tags,
      ...STEP(
        "APROBADO → PAGADO: paidAmount (soles sin comas, '1038.00') y paidOn (no posterior a hoy, Lima).",
      ),
      ...routeSchema('POST /payments/:id/pay'),
    },
    handler: async (req) => {
      await payVoucher(context(app, req.user.email), req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/:id/reject', {
    config: { permission: 'pagos_rechazar' },
    schema: {
      tags,
      ...STEP(
        'REGISTRADO o AUTORIZADO → RECHAZADO: rejectReasonId (catálogo) y note (opcional). El número del ' +
          'comprobante sigue ocupado hasta que se registre una nota de crédito que lo referencie.',
      ),
      ...routeSchema('POST /payments/:id/reject'),
    },
    handler: async (req) => {
      await rejectVoucher(context(app, req.user.email), req.params.id, req.body)
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })

  app.post('/:id/cancel', {
    config: { permission: 'pagos_anular' },
    schema: {
      tags,
      ...STEP(
        'AUTORIZADO o APROBADO → ANULADO, multipart/form-data: requestDate (no posterior a hoy), reason ' +
          '(máx. 255), requestedBy (correo del solicitante) y file (sustento .pdf, requerido).',
      ),
      ...routeSchema('POST /payments/:id/cancel'),
    },
    handler: async (req) => {
      const form = await readVoucherForm(req, { file: 'pdf' })
      const problems = [...form.problems]
      if (!form.files.file) problems.push(M.evidenceRequired)
      const input = parseForm(CancelSchema, form.fields, problems)
      await cancelVoucher(
        context(app, req.user.email),
        req.params.id,
        input,
        form.files.file as NonNullable<typeof form.files.file>,
      )
      return ok({ id: req.params.id }, [MESSAGES.statusUpdated])
    },
  })
}
