import multipart from '@fastify/multipart'
import {
  centsAsSoles,
  formatCount,
  SIRE_LIMITS,
  SireFormSchema,
  type SireLine,
  sireOutcome,
  voucherType,
} from '@planillas/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest } from '../../lib/errors'
import { exportFileName, sendWorkbook } from '../../lib/xlsx'
import { reconcileProposal, SIRE_LISTED } from './service'

const tags = ['sire']

const FORM_MESSAGES = {
  missing: 'Adjunte el archivo CSV de la propuesta del Registro de Compras de SIRE',
  type: 'El archivo debe ser la propuesta del Registro de Compras de SIRE en CSV (.csv o .txt)',
  size: `El archivo de la propuesta no puede superar ${SIRE_LIMITS.maxFileBytes / 1024 / 1024} MB`,
  incomplete: 'El archivo de la propuesta llegó incompleto: vuelva a cargarlo',
} as const

/**
 * The form: companyId and period as fields, the proposal as `file`, in any order; every problem
 * of the fields and the file at once (400), nothing read before they are right.
 */
async function readForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(FORM_MESSAGES.missing)
  const fields: Record<string, string> = {}
  let file: { name: string; content: Buffer; truncated: boolean } | null = null
  try {
    for await (const part of req.parts({
      limits: { fileSize: SIRE_LIMITS.maxFileBytes, files: 1, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '')
        continue
      }
      const content = await part.toBuffer()
      // A form sent without choosing a file still sends its part, nameless and empty.
      if (part.fieldname !== 'file' || (!part.filename && content.length === 0)) continue
      file = { name: part.filename ?? '', content, truncated: part.file.truncated }
    }
  } catch {
    // A body cut short (a dropped connection) fails the read: not a file too large.
    throw badRequest(FORM_MESSAGES.incomplete)
  }
  const problems: string[] = []
  const parsed = SireFormSchema.safeParse(fields)
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message))
  if (!file) problems.push(FORM_MESSAGES.missing)
  else if (file.truncated) problems.push(FORM_MESSAGES.size)
  else if (!/\.(csv|txt)$/i.test(file.name) || file.content.includes(0)) problems.push(FORM_MESSAGES.type)
  if (problems.length || !parsed.success || !file) throw badRequest(problems)
  return { ...parsed.data, bytes: file.content }
}

/** A side's money in the Excel: soles as a number (its currency in its own column). */
const money = (cents: number | undefined) => (cents === undefined ? null : centsAsSoles(cents))

/**
 * SIRE: the purchase proposal SUNAT makes of a company's Registro de Compras, reconciled with the
 * vouchers registered (docs/decisions/sire-proposal.md). Stateless: nothing is stored. Who may
 * download the vouchers' and the retentions' registers may run it (pagos_descarga_excel).
 */
export async function sireRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, { throwFileSizeLimit: false })

  app.post('/reconciliations', {
    config: { permission: 'pagos_descarga_excel' },
    schema: {
      tags,
      description:
        'multipart/form-data: companyId, period (AAAAMM) y file, la propuesta del Registro de Compras (RCE) que ' +
        "descarga de SIRE en CSV, leída por los nombres de su encabezado ('Fecha de emisión', 'Tipo CP/Doc.', " +
        "'Serie del CDP', 'Nro CP o Doc. Nro Inicial (Rango)', 'Nro Doc Identidad', 'IGV / IPM DG', 'IGV / IPM " +
        "DGNG', 'IGV / IPM DNG', 'Total CP', 'Moneda'; 'CAR SUNAT' si está), hasta 30 MB y 100,000 líneas. Cada " +
        'fila y cada comprobante de la empresa emitido en el periodo (salvo recibos por honorarios y anulados o ' +
        'rechazados) queda en: Coincide, En SUNAT no registrado, Registrado no en SUNAT o Difiere (total, IGV, ' +
        'fecha de emisión o moneda, con ambos valores), emparejados por R.U.C., tipo, serie y número. Responde ' +
        'los conteos y las primeras 500 líneas; con ?format=xlsx, un Excel con todas. No guarda nada.',
      ...routeSchema('POST /sire/reconciliations'),
    },
    handler: async (req, reply) => {
      const form = await readForm(req)
      const { result, lines } = await reconcileProposal(app.db, form)
      if (req.query.format === 'xlsx')
        return sendWorkbook<SireLine>(reply, {
          fileName: exportFileName(`sire-${form.period}`),
          sheetName: 'Conciliación SIRE',
          rows: (async function* () {
            yield lines
          })(),
          columns: [
            { header: 'Resultado', width: 24, value: (l) => sireOutcome[l.outcome] },
            { header: 'Motivo', width: 60, value: (l) => l.reason },
            { header: 'Fila de la propuesta', width: 10, value: (l) => l.rowNumber },
            { header: 'CAR SUNAT', width: 30, value: (l) => l.car },
            { header: 'R.U.C. proveedor', width: 14, value: (l) => l.supplierId },
            { header: 'Proveedor', width: 34, value: (l) => l.supplierName },
            { header: 'Código tipo', width: 8, value: (l) => l.type },
            {
              header: 'Tipo',
              width: 20,
              value: (l) => voucherType[l.type as keyof typeof voucherType] ?? l.type,
            },
            { header: 'Serie y número', width: 16, value: (l) => l.voucher },
            { header: 'Emisión SUNAT', width: 12, date: 'date', value: (l) => l.sunat?.issueDate },
            { header: 'Emisión registrada', width: 12, date: 'date', value: (l) => l.registered?.issueDate },
            { header: 'Moneda SUNAT', width: 8, value: (l) => l.sunat?.currency },
            { header: 'Moneda registrada', width: 8, value: (l) => l.registered?.currency },
            { header: 'Total SUNAT', width: 14, money: true, value: (l) => money(l.sunat?.totalCents) },
            {
              header: 'Total registrado',
              width: 14,
              money: true,
              value: (l) => money(l.registered?.totalCents),
            },
            { header: 'IGV SUNAT', width: 12, money: true, value: (l) => money(l.sunat?.igvCents) },
            { header: 'IGV registrado', width: 12, money: true, value: (l) => money(l.registered?.igvCents) },
          ],
        })
      const { counts } = result
      return ok({ ...result, lines: lines.slice(0, SIRE_LISTED) }, [
        `Coinciden: ${formatCount(counts.coincide)}; difieren: ${formatCount(counts.difiere)}; en SUNAT, no registrados: ${formatCount(counts.sunat)}; registrados, no en SUNAT: ${formatCount(counts.registrado)}`,
      ])
    },
  })
}
