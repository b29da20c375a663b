import multipart from '@fastify/multipart'
import { countOf, MESSAGES } from '@planillas/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { badRequest, withUniqueMessages } from '../../lib/errors'
import { importExchangeRates, listExchangeRates, saveExchangeRate } from './service'

const tags = ['exchange-rates']
/** A year of business days is some 250 lines: 1 MB is years of them. */
const IMPORT_MAX_BYTES = 1024 * 1024
const UPLOAD_MESSAGES = {
  missing: 'Adjunte el archivo de tipos de cambio (.csv o .xlsx)',
  size: 'El archivo de tipos de cambio no puede superar 1 MB',
  incomplete: 'El archivo de tipos de cambio llegó incompleto: vuelva a cargarlo',
} as const

/** Who reads the table: as the other rate tables (docs/decisions/usd-vouchers.md). */
const readers = ['pagos_catalogos', 'pagos_aprobar', 'pagos_pagar', 'pagos_lista_lista'] as const

/**
 * The SBS venta exchange rate of each day (docs/decisions/usd-vouchers.md): read by whoever
 * approves or pays, entered, corrected (with a reason) and imported by an administrator.
 */
export async function exchangeRateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  await app.register(multipart, { throwFileSizeLimit: false })

  app.get('/', {
    config: { permission: [...readers] },
    schema: {
      tags,
      description:
        'Los tipos de cambio SBS (venta, dólares) por día, del más reciente al más antiguo: entre from y to ' +
        '(AAAA-MM-DD), o sin rango los últimos 400. sellRateMilli: soles por dólar en milésimas (3.752 = 3752).',
      ...routeSchema('GET /exchange-rates'),
    },
    handler: async (req) => ok(await listExchangeRates(app.db, req.query)),
  })

  app.post('/', {
    config: { permission: 'pagos_catalogos' },
    schema: {
      tags,
      description:
        'El tipo de cambio de un día: day (AAAA-MM-DD, hasta hoy), rate (p. ej. 3.752, hasta 3 decimales). ' +
        'Un día que ya tiene otro tipo de cambio se corrige solo con reason, que queda en la auditoría.',
      ...routeSchema('POST /exchange-rates'),
    },
    handler: async (req) => {
      const id = await withUniqueMessages(() => saveExchangeRate(app.db, req.user.email, req.body), {
        exchange_rates_currency_day_unique:
          'Otro usuario registró el tipo de cambio de ese día a la vez: vuelva a intentarlo',
      })
      return ok({ id }, [MESSAGES.saved])
    },
  })

  app.post('/import', {
    config: { permission: 'pagos_catalogos' },
    schema: {
      tags,
      description:
        'multipart/form-data: file, un .csv (separado por coma, punto y coma o tabulación) o un .xlsx (su ' +
        'primera hoja) con dos columnas, fecha (DD/MM/AAAA o AAAA-MM-DD) y tipo de cambio; una primera fila ' +
        'que no es fecha es el encabezado. Todo o nada: cada línea mal formada, un día repetido o un día que ' +
        'ya tiene otro tipo de cambio se informa por línea y no se guarda ninguna. Hasta 1 MB.',
      ...routeSchema('POST /exchange-rates/import'),
    },
    handler: async (req) => {
      if (!req.isMultipart()) throw badRequest(UPLOAD_MESSAGES.missing)
      const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }).catch(() => {
        throw badRequest(UPLOAD_MESSAGES.incomplete)
      })
      if (!part) throw badRequest(UPLOAD_MESSAGES.missing)
      const content = await part.toBuffer().catch(() => null)
      if (part.file.truncated) throw badRequest(UPLOAD_MESSAGES.size)
      if (!content) throw badRequest(UPLOAD_MESSAGES.incomplete)
      if (!part.filename && content.length === 0) throw badRequest(UPLOAD_MESSAGES.missing)
      const result = await withUniqueMessages(
        () => importExchangeRates(app.db, req.user.email, part.filename ?? '', content),
        {
          exchange_rates_currency_day_unique:
            'Otro usuario importó los mismos días a la vez: vuelva a cargar el archivo',
        },
      )
      return ok(result, [
        `Tipos de cambio registrados: ${countOf(result.created, 'día', 'días')}; ya registrados: ${countOf(result.unchanged, 'día', 'días')}`,
      ])
    },
  })
}
