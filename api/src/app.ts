import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { Database } from '@planillas/db'
import { type DatabaseWatch, watchDatabase } from '@planillas/db/outage'
import type { JobQueue } from '@planillas/domain'
import { createStorage, type FileStorage, watchStorage } from '@planillas/storage'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createJsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { createTokenSigner, type TokenSigner } from './auth/tokens'
import type { ApiConfig } from './config'
import { ExportSlots } from './lib/export-slots'
import { serializerCompiler } from './lib/serializer'
import { listGuardPlugin } from './lists/guard'
import { abonoRoutes } from './modules/abonos/routes'
import { applicantRoutes } from './modules/applicants/routes'
import { auditLogRoutes } from './modules/audit-logs/routes'
import { authRoutes } from './modules/auth/routes'
import { bankRoutes } from './modules/banks/routes'
import { boletaRoutes, employeeBoletaRoutes, payrollBoletaRoutes } from './modules/boletas/routes'
import { areaRoutes } from './modules/catalog/areas'
import {
  expenseLineRoutes,
  projectTypeRoutes,
  rejectReasonRoutes,
} from './modules/catalog/payment-catalogues'
import { positionRoutes } from './modules/catalog/positions'
import { catalogVersionRoutes } from './modules/catalog/version'
import { companyRoutes } from './modules/companies/routes'
import { constanciaBatchRoutes } from './modules/constancia-batches/routes'
import { contractRoutes } from './modules/contracts/routes'
import { dashboardRoutes } from './modules/dashboard/routes'
import { detractionRoutes, retentionRoutes } from './modules/detractions/routes'
import { employeeRoutes } from './modules/employees/routes'
import { exchangeRateRoutes } from './modules/exchange-rates/routes'
import { healthRoutes } from './modules/health/routes'
import { jobOpeningRoutes } from './modules/job-openings/routes'
import { padronLoadRoutes } from './modules/padron-loads/routes'
import { paymentOrderRoutes } from './modules/payment-orders/routes'
import { payrollRoutes } from './modules/payroll/routes'
import { payrollBatchRoutes } from './modules/payroll-batch/routes'
import { referenceRoutes } from './modules/reference/routes'
import { retentionReceiptRoutes } from './modules/retention-receipts/routes'
import { sireRoutes } from './modules/sire/routes'
import { supplierRunRoutes } from './modules/supplier-runs/routes'
import { supplierRoutes } from './modules/suppliers/routes'
import { voucherBatchRoutes } from './modules/voucher-batches/routes'
import { retentionRateRoutes, spotRateRoutes } from './modules/vouchers/rates'
import { voucherRoutes } from './modules/vouchers/routes'
import { authPlugin } from './plugins/auth'
import { answerClientError, answerFrameworkError } from './plugins/client-errors'
import { errorHandlerPlugin } from './plugins/error-handler'
import { rejectNulPlugin } from './plugins/reject-nul'
import { securityPlugin } from './plugins/security'

// What buildApp decorates the instance with (below), typed for every route and plugin.
declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    config: ApiConfig
    tokens: TokenSigner
    /** Where uploads are kept (`.data/files` by default). */
    storage: FileStorage
    /** The job queue; null when this API runs alone without Redis (a worker's sweep enqueues later). */
    jobs: JobQueue | null
    /** The spreadsheet exports streaming now, bounded per user and in total. */
    exportSlots: ExportSlots
    /** Database outages: one log line when one starts and one when it ends (@planillas/db/outage). */
    databaseWatch: DatabaseWatch
  }
}

export type AppOptions = {
  db: Database
  config: ApiConfig
  logger?: FastifyServerOptions['logger']
  /** Background jobs (payroll imports); without one, uploads wait PENDIENTE for a worker's sweep. */
  jobs?: JobQueue | null
  /** Uploaded files; default the store of `STORAGE` (the local directory of `FILES_DIR`, or S3). */
  storage?: FileStorage
}

/**
 * Node enforces the request timeout only when the headers timeout is not longer, and checks it on
 * an interval (30 s by default): a tenth of the timeout keeps the cut-off near it.
 */
function requestTimeoutOptions(requestTimeoutMs: number) {
  return {
    headersTimeout: Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, requestTimeoutMs / 10)),
  }
}

/**
 * The paths of the modules that answer at two: the subject's word first (canonical), then the
 * former path, which keeps answering for the web tier's contract and the download addresses
 * earlier answers carry (docs/decisions/one-word-per-object.md).
 */
export const API_PATHS = {
  vouchers: ['/vouchers', '/payments'],
  abonos: ['/abonos', '/payment-batches'],
} as const

/** Builds the API: plugins first, then one route module per resource under /api/v1. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // A request (headers and body) that takes longer is cut off with 408: slow bodies hold no socket.
    requestTimeout: options.config.requestTimeoutMs,
    http: requestTimeoutOptions(options.config.requestTimeoutMs),
    // Arrays in query strings come without indices: areaIds=1&areaIds=2.
    routerOptions: { maxParamLength: 200 },
    // Requests refused before any route (too slow, headers too large, a parameter too long): Spanish.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', options.db)
  app.decorate('config', options.config)
  app.decorate('tokens', createTokenSigner(options.config.jwtSecret, options.config.accessTokenTtlSeconds))
  // Storage outages are logged once when they start and once when they end, not per request.
  const storage = watchStorage(
    options.storage ?? createStorage({ ...options.config.storageEnv, FILES_DIR: options.config.filesDir }),
    { warn: (message, details) => app.log.warn(details ?? {}, message) },
  )
  app.decorate('storage', storage)
  app.decorate('jobs', options.jobs ?? null)
  app.decorate('exportSlots', new ExportSlots(options.config.exportLimits))
  app.decorate(
    'databaseWatch',
    watchDatabase(options.db, { warn: (message, details) => app.log.warn(details ?? {}, message) }),
  )
  app.addHook('onClose', async () => {
    app.databaseWatch.close()
    storage.close()
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Planillas API',
        version: '1.0.0',
        description: 'API del back-office de personal y planillas',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({
      zodToJsonConfig: {
        override: (ctx) => {
          if ((ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'date') {
            ctx.jsonSchema.type = 'string'
            ctx.jsonSchema.format = 'date-time'
          }
        },
      },
    }),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } })
  await app.register(errorHandlerPlugin)
  await app.register(securityPlugin)
  await app.register(authPlugin)
  await app.register(rejectNulPlugin)
  await app.register(listGuardPlugin)

  await app.register(healthRoutes)

  await app.register(
    async (v1) => {
      await v1.register(authRoutes, { prefix: '/auth' })
      await v1.register(catalogVersionRoutes, { prefix: '/catalog-version' })
      await v1.register(areaRoutes, { prefix: '/areas' })
      await v1.register(positionRoutes, { prefix: '/positions' })
      await v1.register(companyRoutes, { prefix: '/companies' })
      await v1.register(auditLogRoutes, { prefix: '/audit-logs' })
      await v1.register(employeeRoutes, { prefix: '/employees' })
      await v1.register(payrollBatchRoutes, { prefix: '/payroll-batch' })
      await v1.register(payrollRoutes, { prefix: '/payroll' })
      await v1.register(payrollBoletaRoutes, { prefix: '/payroll' })
      await v1.register(employeeBoletaRoutes, { prefix: '/employees' })
      await v1.register(boletaRoutes, { prefix: '/boletas' })
      await v1.register(contractRoutes, { prefix: '/contracts' })
      await v1.register(jobOpeningRoutes, { prefix: '/job-openings' })
      await v1.register(applicantRoutes, { prefix: '/applicants' })
      for (const prefix of API_PATHS.abonos) await v1.register(abonoRoutes, { prefix })
      await v1.register(voucherBatchRoutes, { prefix: '/voucher-batches' })
      await v1.register(constanciaBatchRoutes, { prefix: '/constancia-batches' })
      await v1.register(padronLoadRoutes, { prefix: '/padron-loads' })
      await v1.register(paymentOrderRoutes, { prefix: '/payment-orders' })
      await v1.register(supplierRunRoutes, { prefix: '/supplier-runs' })
      await v1.register(dashboardRoutes, { prefix: '/dashboard' })
      await v1.register(bankRoutes, { prefix: '/banks' })
      await v1.register(supplierRoutes, { prefix: '/suppliers' })
      for (const prefix of API_PATHS.vouchers) await v1.register(voucherRoutes, { prefix })
      await v1.register(detractionRoutes, { prefix: '/detractions' })
      await v1.register(retentionRoutes, { prefix: '/retentions' })
      await v1.register(retentionReceiptRoutes, { prefix: '/retention-receipts' })
      await v1.register(sireRoutes, { prefix: '/sire' })
      await v1.register(spotRateRoutes, { prefix: '/spot-rates' })
      await v1.register(retentionRateRoutes, { prefix: '/retention-rates' })
      await v1.register(exchangeRateRoutes, { prefix: '/exchange-rates' })
      await v1.register(expenseLineRoutes, { prefix: '/expense-lines' })
      await v1.register(projectTypeRoutes, { prefix: '/project-types' })
      await v1.register(rejectReasonRoutes, { prefix: '/reject-reasons' })
      await v1.register(referenceRoutes)
    },
    { prefix: '/api/v1' },
  )
  return app
}
