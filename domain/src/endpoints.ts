import type { z } from 'zod'
import { PaymentBatchFilterSchema } from './abonos/abonos'
import {
  LineStatusQuerySchema,
  LineStatusSchema,
  PaymentBatchRowSchema,
  PaymentIssueSchema,
  PayrollCheckQuerySchema,
  PayrollCheckSchema,
} from './abonos/abonos-api'
import { AuditRowSchema } from './audit/audit-logs-api'
import { AuditFilterSchema } from './audit/audit-schema'
import {
  AuthTokensSchema,
  LoggedOutSchema,
  ProfileSchema,
  RefreshSchema,
  SignInSchema,
  TokenCheckSchema,
} from './auth/auth-api'
import { BankFilterSchema, BankParamsSchema, BankSchema, BankUpdateSchema } from './banks/bank-schema'
import { BankCodePayloadSchema, BankRowSchema } from './banks/banks-api'
import { CompanyAccountSchema } from './banks/company-account'
import {
  AckParamsSchema,
  AckSchema,
  BoletaLineStatusSchema,
  BoletaLinesQuerySchema,
  BoletaRunBodySchema,
  BoletaRunSchema,
  EmployeeBoletaSchema,
  OverdueBoletasSchema,
  PayrollBoletasSchema,
  PayrollLineBoletaParamsSchema,
} from './boletas/boleta-api'
import { PageQuerySchema } from './common/list'
import {
  BulkIdsPayloadSchema,
  BulkIdsSchema,
  IdParamsSchema,
  IdPayloadSchema,
  pageOf,
  StatusQuerySchema,
  type Wire,
} from './common/wire'
import { AreaSchema, DescriptionFilterSchema } from './companies/area-schema'
import {
  CompanyAccountRowSchema,
  CompanyOptionSchema,
  CompanyRowSchema,
  RucLookupSchema,
  RucParamsSchema,
} from './companies/companies-api'
import { CompanyFilterSchema, CompanySchema, CompanyUpdateSchema } from './companies/company-schema'
import { PositionSchema } from './companies/position-schema'
import {
  ContractFilterSchema,
  ContractPreviewSchema,
  ContractSchema,
  ContractStatusBodySchema,
} from './contracts/contract-schema'
import {
  ContractDetailSchema,
  ContractOptionSchema,
  ContractPreviewResultSchema,
  ContractRowSchema,
  ContractStatusChangeQuerySchema,
  RenewalPrefillSchema,
} from './contracts/contracts-api'
import { DashboardSchema } from './dashboard/dashboard-api'
import { EmployeeFilterSchema, EmployeeSchema } from './employees/employee-schema'
import {
  DniLookupSchema,
  DniParamsSchema,
  EmployeeHistorySchema,
  EmployeeOptionSchema,
  EmployeeOptionsQuerySchema,
  EmployeeRowSchema,
  EmployeeViewSchema,
} from './employees/employees-api'
import {
  NextPaymentFileSchema,
  PaymentAccountOptionSchema,
  PaymentFormatSchema,
  PaymentOrderAnnulSchema,
  PaymentOrderBodySchema,
  PaymentOrderCreatedSchema,
  PaymentOrderQuerySchema,
  PaymentOrderRowSchema,
} from './payment-orders/payment-orders-api'
import { PayrollBatchFilterSchema, PayrollFilterSchema, PayrollLineFilterSchema } from './payroll/payroll'
import {
  BatchErrorSchema,
  BatchRowSchema,
  PayrollLineDetailSchema,
  PayrollLineParamsSchema,
  PayrollLineTotalsSchema,
  PayrollOptionSchema,
  PayrollRowSchema,
  PayrollTotalsSchema,
} from './payroll/payroll-api'
import { ApplicantOptionSchema, ApplicantRowSchema, HiredSchema } from './recruitment/applicants-api'
import { HireSchema } from './recruitment/hire-schema'
import {
  JobOpeningDetailSchema,
  JobOpeningOptionSchema,
  JobOpeningRowSchema,
} from './recruitment/job-openings-api'
import {
  ApplicantFilterSchema,
  JobOpeningFilterSchema,
  JobOpeningSchema,
} from './recruitment/recruitment-schema'
import { CatalogOptionSchema, CatalogRowSchema, CatalogVersionSchema } from './reference/catalog-api'
import {
  BankOptionSchema,
  CountrySchema,
  DistrictParamsSchema,
  DistrictQuerySchema,
  DistrictSchema,
} from './reference/reference-api'
import {
  SupplierRunBodySchema,
  SupplierRunCandidateFilterSchema,
  SupplierRunCandidatesSchema,
  SupplierRunCreatedSchema,
  SupplierRunDetailSchema,
  SupplierRunRowSchema,
} from './supplier-runs/supplier-runs-api'
import { PadronLoadFilterSchema, PadronLoadRowSchema } from './suppliers/padrones-api'
import { SupplierFilterSchema, SupplierSchema, SupplierUpdateSchema } from './suppliers/supplier-schema'
import { SupplierDetailSchema, SupplierOptionSchema, SupplierRowSchema } from './suppliers/suppliers-api'
import {
  SuspensionCertificateParamsSchema,
  SuspensionCertificateRowSchema,
  SuspensionCertificateSchema,
} from './suppliers/suspension-certificates'
import { CpeReadingSchema } from './vouchers/cpe'
import {
  ConstanciaBatchFilterSchema,
  ConstanciaBatchRowSchema,
  ConstanciaProblemSchema,
  DetractionDepositSchema,
  DetractionFilterSchema,
  DetractionRowSchema,
  DetractionTotalsSchema,
} from './vouchers/detractions-api'
import { ExchangeRateSchema } from './vouchers/exchange-rate'
import {
  ExchangeRateImportSchema,
  ExchangeRateQuerySchema,
  ExchangeRateRowSchema,
} from './vouchers/exchange-rates-api'
import { FourthCategoryMonthSchema, FourthCategoryQuerySchema } from './vouchers/fourth-category-api'
import {
  CreAnnulSchema,
  CreListQuerySchema,
  CreRowSchema,
  CreSendSchema,
  ReversalCreateSchema,
  ReversalListQuerySchema,
  ReversalListSchema,
} from './vouchers/retention-receipts-api'
import { SireQuerySchema, SireReconciliationSchema } from './vouchers/sire-reconcile'
import { VoucherBatchFilterSchema, VoucherBatchRowSchema } from './vouchers/voucher-batches-api'
import {
  ApproveSchema,
  AuthorizeSchema,
  PaySchema,
  RecordingPeriodSchema,
  RejectSchema,
  RetentionRateSchema,
  SpotRateSchema,
  VoucherFilterSchema,
} from './vouchers/voucher-schema'
import {
  ApprovalProposalQuerySchema,
  ApprovalProposalSchema,
  RetentionRateRowSchema,
  SpotRateQuerySchema,
  SpotRateRowSchema,
  VoucherDetailSchema,
  VoucherRowSchema,
  VoucherTotalsSchema,
} from './vouchers/vouchers-api'

/**
 * The API as the web tier calls it: each endpoint ('METHOD /path', the path under /api/v1) with
 * the schemas of its request (params, querystring, body) and of its answer's payload. The API's
 * routes take their schemas from here (`routeSchema` in api/src/lib/envelope.ts), the web's client
 * (`call` in remix/app/api.server.ts) types each call by it, so a field the API does not answer
 * fails typecheck in the web tier.
 */
type EndpointSchemas = {
  params?: z.ZodType
  /** The body is a multipart form the route reads itself (files); the web sends FormData. */
  form?: true
  querystring?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
}

const catalogList = {
  querystring: PageQuerySchema,
  body: DescriptionFilterSchema.nullish(),
  response: pageOf(CatalogRowSchema),
}
const statusChange = { params: IdParamsSchema, querystring: StatusQuerySchema, response: IdPayloadSchema }
/** Several records' status in one call: one transaction, an audit entry per record changed. */
const bulkStatusChange = {
  querystring: StatusQuerySchema,
  body: BulkIdsSchema,
  response: BulkIdsPayloadSchema,
}

export const ENDPOINTS = {
  'POST /auth': { body: SignInSchema, response: AuthTokensSchema },
  'POST /auth/refresh-token': { body: RefreshSchema, response: AuthTokensSchema },
  'POST /auth/logout': { body: RefreshSchema, response: LoggedOutSchema },
  'GET /auth/me': { response: ProfileSchema },
  'GET /auth/token': { response: TokenCheckSchema },
  'GET /dashboard': { response: DashboardSchema },
  'POST /audit-logs/list': {
    querystring: PageQuerySchema,
    body: AuditFilterSchema.nullish(),
    response: pageOf(AuditRowSchema),
  },

  'GET /ubigeos/districts': { querystring: DistrictQuerySchema, response: DistrictSchema.array() },
  'GET /ubigeos/districts/:code': { params: DistrictParamsSchema, response: DistrictSchema },
  'GET /countries': { response: CountrySchema.array() },
  'GET /banks': { response: BankOptionSchema.array() },
  'POST /banks/list': {
    querystring: PageQuerySchema,
    body: BankFilterSchema.nullish(),
    response: pageOf(BankRowSchema),
  },
  'GET /banks/:code': { params: BankParamsSchema, response: BankRowSchema },
  'POST /banks': { body: BankSchema, response: BankCodePayloadSchema },
  'PUT /banks/:code': { params: BankParamsSchema, body: BankUpdateSchema, response: BankCodePayloadSchema },
  'PUT /banks/:code/status': {
    params: BankParamsSchema,
    querystring: StatusQuerySchema,
    response: BankCodePayloadSchema,
  },

  'GET /catalog-version': { response: CatalogVersionSchema },

  'POST /areas/list': catalogList,
  'GET /areas': { response: CatalogOptionSchema.array() },
  'GET /areas/:id': { params: IdParamsSchema, response: CatalogRowSchema },
  'POST /areas': { body: AreaSchema, response: IdPayloadSchema },
  'PUT /areas/:id': { params: IdParamsSchema, body: AreaSchema, response: IdPayloadSchema },
  'PUT /areas/:id/status': statusChange,
  'PUT /areas/status': bulkStatusChange,
  'POST /positions/list': catalogList,
  'GET /positions': { response: CatalogOptionSchema.array() },
  'GET /positions/:id': { params: IdParamsSchema, response: CatalogRowSchema },
  'POST /positions': { body: PositionSchema, response: IdPayloadSchema },
  'PUT /positions/:id': { params: IdParamsSchema, body: PositionSchema, response: IdPayloadSchema },
  'PUT /positions/:id/status': statusChange,
  'PUT /positions/status': bulkStatusChange,

  'POST /companies/list': {
    querystring: PageQuerySchema,
    body: CompanyFilterSchema.nullish(),
    response: pageOf(CompanyRowSchema),
  },
  'GET /companies': { response: CompanyOptionSchema.array() },
  'GET /companies/ruc/:ruc': { params: RucParamsSchema, response: RucLookupSchema },
  'GET /companies/:id': { params: IdParamsSchema, response: CompanyRowSchema },
  'POST /companies': { body: CompanySchema, response: IdPayloadSchema },
  'PUT /companies/:id': { params: IdParamsSchema, body: CompanyUpdateSchema, response: IdPayloadSchema },
  'PUT /companies/:id/status': statusChange,
  'PUT /companies/status': bulkStatusChange,
  'GET /companies/:id/accounts': { params: IdParamsSchema, response: CompanyAccountRowSchema.array() },
  'POST /companies/:id/accounts': {
    params: IdParamsSchema,
    body: CompanyAccountSchema,
    response: IdPayloadSchema,
  },

  'POST /suppliers/list': {
    querystring: PageQuerySchema,
    body: SupplierFilterSchema.nullish(),
    response: pageOf(SupplierRowSchema),
  },
  'GET /suppliers': { response: SupplierOptionSchema.array() },
  'GET /suppliers/ruc/:ruc': { params: RucParamsSchema, response: RucLookupSchema },
  'GET /suppliers/:id': { params: IdParamsSchema, response: SupplierDetailSchema },
  'POST /suppliers': { body: SupplierSchema, response: IdPayloadSchema },
  'PUT /suppliers/:id': { params: IdParamsSchema, body: SupplierUpdateSchema, response: IdPayloadSchema },
  'PUT /suppliers/:id/status': statusChange,
  'POST /suppliers/:id/shared-account/confirm': { params: IdParamsSchema, response: IdPayloadSchema },
  'GET /retentions/fourth-category': {
    querystring: FourthCategoryQuerySchema,
    response: FourthCategoryMonthSchema,
  },
  'GET /suppliers/:id/suspension-certificates': {
    params: IdParamsSchema,
    response: SuspensionCertificateRowSchema.array(),
  },
  'POST /suppliers/:id/suspension-certificates': {
    params: IdParamsSchema,
    body: SuspensionCertificateSchema,
    response: IdPayloadSchema,
  },
  'DELETE /suppliers/:id/suspension-certificates/:certificateId': {
    params: SuspensionCertificateParamsSchema,
    response: IdPayloadSchema,
  },

  'POST /payments/list': {
    querystring: PageQuerySchema,
    body: VoucherFilterSchema.nullish(),
    response: pageOf(VoucherRowSchema).extend({ totals: VoucherTotalsSchema }),
  },
  'GET /payments/:id': { params: IdParamsSchema, response: VoucherDetailSchema },
  'POST /payments': { form: true, response: IdPayloadSchema },
  'POST /payments/xml': { form: true, response: CpeReadingSchema },
  'POST /payments/:id/files': { params: IdParamsSchema, form: true, response: IdPayloadSchema },
  'GET /payments/:id/approval-proposal': {
    params: IdParamsSchema,
    querystring: ApprovalProposalQuerySchema,
    response: ApprovalProposalSchema,
  },
  'POST /payments/:id/authorize': {
    params: IdParamsSchema,
    body: AuthorizeSchema,
    response: IdPayloadSchema,
  },
  'PUT /payments/:id/recording-period': {
    params: IdParamsSchema,
    body: RecordingPeriodSchema,
    response: IdPayloadSchema,
  },
  'POST /payments/:id/approve': { params: IdParamsSchema, body: ApproveSchema, response: IdPayloadSchema },
  'POST /payments/:id/pay': { params: IdParamsSchema, body: PaySchema, response: IdPayloadSchema },
  'POST /payments/:id/reject': { params: IdParamsSchema, body: RejectSchema, response: IdPayloadSchema },
  'POST /payments/:id/cancel': { params: IdParamsSchema, form: true, response: IdPayloadSchema },

  'POST /detractions/list': {
    querystring: PageQuerySchema,
    body: DetractionFilterSchema.nullish(),
    response: pageOf(DetractionRowSchema).extend({ totals: DetractionTotalsSchema }),
  },
  'POST /detractions/:id/deposit': {
    params: IdParamsSchema,
    body: DetractionDepositSchema,
    response: IdPayloadSchema,
  },
  'POST /sire/reconciliations': {
    querystring: SireQuerySchema,
    form: true,
    response: SireReconciliationSchema,
  },

  'GET /retention-receipts': { querystring: CreListQuerySchema, response: CreRowSchema.array() },
  'POST /retention-receipts/:id/send': {
    params: IdParamsSchema,
    body: CreSendSchema,
    response: IdPayloadSchema,
  },
  'POST /retention-receipts/:id/annul': {
    params: IdParamsSchema,
    body: CreAnnulSchema,
    response: IdPayloadSchema,
  },
  'GET /retention-receipts/reversals': { querystring: ReversalListQuerySchema, response: ReversalListSchema },
  'POST /retention-receipts/reversals': { body: ReversalCreateSchema, response: IdPayloadSchema },
  'POST /retention-receipts/reversals/:id/send': {
    params: IdParamsSchema,
    body: CreSendSchema,
    response: IdPayloadSchema,
  },

  'GET /spot-rates': { querystring: SpotRateQuerySchema, response: SpotRateRowSchema.array() },
  'POST /spot-rates': { body: SpotRateSchema, response: IdPayloadSchema },
  'GET /retention-rates': { response: RetentionRateRowSchema.array() },
  'POST /retention-rates': { body: RetentionRateSchema, response: IdPayloadSchema },
  'GET /exchange-rates': { querystring: ExchangeRateQuerySchema, response: ExchangeRateRowSchema.array() },
  'POST /exchange-rates': { body: ExchangeRateSchema, response: IdPayloadSchema },
  'POST /exchange-rates/import': { form: true, response: ExchangeRateImportSchema },

  'POST /expense-lines/list': catalogList,
  'GET /expense-lines': { response: CatalogOptionSchema.array() },
  'GET /expense-lines/:id': { params: IdParamsSchema, response: CatalogRowSchema },
  'POST /expense-lines': { body: AreaSchema, response: IdPayloadSchema },
  'PUT /expense-lines/:id': { params: IdParamsSchema, body: AreaSchema, response: IdPayloadSchema },
  'PUT /expense-lines/:id/status': statusChange,
  'PUT /expense-lines/status': bulkStatusChange,
  'POST /project-types/list': catalogList,
  'GET /project-types': { response: CatalogOptionSchema.array() },
  'GET /project-types/:id': { params: IdParamsSchema, response: CatalogRowSchema },
  'POST /project-types': { body: AreaSchema, response: IdPayloadSchema },
  'PUT /project-types/:id': { params: IdParamsSchema, body: AreaSchema, response: IdPayloadSchema },
  'PUT /project-types/:id/status': statusChange,
  'PUT /project-types/status': bulkStatusChange,
  'POST /reject-reasons/list': catalogList,
  'GET /reject-reasons': { response: CatalogOptionSchema.array() },
  'GET /reject-reasons/:id': { params: IdParamsSchema, response: CatalogRowSchema },
  'POST /reject-reasons': { body: AreaSchema, response: IdPayloadSchema },
  'PUT /reject-reasons/:id': { params: IdParamsSchema, body: AreaSchema, response: IdPayloadSchema },
  'PUT /reject-reasons/:id/status': statusChange,
  'PUT /reject-reasons/status': bulkStatusChange,

  'POST /employees/list': {
    querystring: PageQuerySchema,
    body: EmployeeFilterSchema.nullish(),
    response: pageOf(EmployeeRowSchema),
  },
  'GET /employees': { querystring: EmployeeOptionsQuerySchema, response: EmployeeOptionSchema.array() },
  'GET /employees/dni/:dni': { params: DniParamsSchema, response: DniLookupSchema },
  'GET /employees/:id': { params: IdParamsSchema, response: EmployeeViewSchema },
  'GET /employees/:id/history': { params: IdParamsSchema, response: EmployeeHistorySchema },
  'POST /employees': { body: EmployeeSchema, response: IdPayloadSchema },
  'PUT /employees/:id': { params: IdParamsSchema, body: EmployeeSchema, response: IdPayloadSchema },
  'PUT /employees/:id/status': statusChange,

  'POST /job-openings/list': {
    querystring: PageQuerySchema,
    body: JobOpeningFilterSchema.nullish(),
    response: pageOf(JobOpeningRowSchema),
  },
  'GET /job-openings': { response: JobOpeningOptionSchema.array() },
  'GET /job-openings/:id': { params: IdParamsSchema, response: JobOpeningDetailSchema },
  'GET /job-openings/:id/applicants': { params: IdParamsSchema, response: ApplicantRowSchema.array() },
  'POST /job-openings': { body: JobOpeningSchema, response: IdPayloadSchema },
  'PUT /job-openings/:id': { params: IdParamsSchema, body: JobOpeningSchema, response: IdPayloadSchema },
  'PUT /job-openings/:id/status': statusChange,

  'POST /applicants/list': {
    querystring: PageQuerySchema,
    body: ApplicantFilterSchema.nullish(),
    response: pageOf(ApplicantRowSchema),
  },
  'GET /applicants': { response: ApplicantOptionSchema.array() },
  'GET /applicants/:id': { params: IdParamsSchema, response: ApplicantRowSchema },
  'POST /applicants': { form: true, response: IdPayloadSchema },
  'PUT /applicants/:id': { params: IdParamsSchema, form: true, response: IdPayloadSchema },
  'PUT /applicants/:id/status': statusChange,
  'POST /applicants/:id/hire': { params: IdParamsSchema, body: HireSchema, response: HiredSchema },

  'POST /payroll/list': {
    querystring: PageQuerySchema,
    body: PayrollFilterSchema.nullish(),
    response: pageOf(PayrollRowSchema).extend({ totals: PayrollTotalsSchema }),
  },
  'GET /payroll': { response: PayrollOptionSchema.array() },
  'GET /payroll/:id': { params: IdParamsSchema, response: PayrollRowSchema },
  'POST /payroll/:id/lines': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    body: PayrollLineFilterSchema.nullish(),
    response: pageOf(PayrollLineDetailSchema).extend({ totals: PayrollLineTotalsSchema }),
  },
  'PUT /payroll/:id/status': statusChange,
  'POST /payroll/:id/lines/:lineId/confirm': { params: PayrollLineParamsSchema, response: IdPayloadSchema },
  'POST /payroll/:id/lines/confirm': {
    params: IdParamsSchema,
    body: BulkIdsSchema,
    response: BulkIdsPayloadSchema,
  },
  'GET /payroll/:id/boletas': { params: IdParamsSchema, response: PayrollBoletasSchema },
  'GET /payroll/:id/boletas/lines': {
    params: IdParamsSchema,
    querystring: BoletaLinesQuerySchema,
    response: BoletaLineStatusSchema.array(),
  },
  'POST /payroll/:id/boletas/runs': {
    params: IdParamsSchema,
    body: BoletaRunBodySchema,
    response: BoletaRunSchema,
  },
  'POST /payroll/:id/lines/:lineId/boleta/delivery': {
    params: PayrollLineBoletaParamsSchema,
    response: BoletaLineStatusSchema,
  },
  'GET /employees/:id/boletas': { params: IdParamsSchema, response: EmployeeBoletaSchema.array() },
  'GET /boletas/overdue': { response: OverdueBoletasSchema },
  'GET /boletas/acknowledgements/:token': { params: AckParamsSchema, response: AckSchema },
  'POST /boletas/acknowledgements/:token': { params: AckParamsSchema, response: AckSchema },

  'POST /payroll-batch': { form: true, response: IdPayloadSchema },
  'POST /payroll-batch/list': {
    querystring: PageQuerySchema,
    body: PayrollBatchFilterSchema.nullish(),
    response: pageOf(BatchRowSchema),
  },
  'GET /payroll-batch/:id': { params: IdParamsSchema, response: BatchRowSchema },
  'GET /payroll-batch/:id/errors': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: pageOf(BatchErrorSchema),
  },

  'POST /padron-loads': { form: true, response: IdPayloadSchema },
  'POST /padron-loads/list': {
    querystring: PageQuerySchema,
    body: PadronLoadFilterSchema.nullish(),
    response: pageOf(PadronLoadRowSchema),
  },
  'GET /padron-loads/:id': { params: IdParamsSchema, response: PadronLoadRowSchema },
  'GET /padron-loads/:id/errors': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: pageOf(BatchErrorSchema),
  },

  'POST /voucher-batches': { form: true, response: IdPayloadSchema },
  'POST /voucher-batches/list': {
    querystring: PageQuerySchema,
    body: VoucherBatchFilterSchema.nullish(),
    response: pageOf(VoucherBatchRowSchema),
  },
  'GET /voucher-batches/:id': { params: IdParamsSchema, response: VoucherBatchRowSchema },
  'GET /voucher-batches/:id/errors': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: pageOf(BatchErrorSchema),
  },

  'POST /constancia-batches': { form: true, response: IdPayloadSchema },
  'POST /constancia-batches/list': {
    querystring: PageQuerySchema,
    body: ConstanciaBatchFilterSchema.nullish(),
    response: pageOf(ConstanciaBatchRowSchema),
  },
  'GET /constancia-batches/:id': { params: IdParamsSchema, response: ConstanciaBatchRowSchema },
  'GET /constancia-batches/:id/errors': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: pageOf(ConstanciaProblemSchema),
  },

  'POST /payment-batches': { form: true, response: IdPayloadSchema },
  'POST /payment-batches/suppliers': { form: true, response: IdPayloadSchema },
  'POST /payment-batches/list': {
    querystring: PageQuerySchema,
    body: PaymentBatchFilterSchema.nullish(),
    response: pageOf(PaymentBatchRowSchema),
  },
  'GET /payment-batches/payroll-check': {
    querystring: PayrollCheckQuerySchema,
    response: PayrollCheckSchema,
  },
  'GET /payment-batches/line-status': {
    querystring: LineStatusQuerySchema,
    response: LineStatusSchema.array(),
  },
  'GET /payment-batches/:id': { params: IdParamsSchema, response: PaymentBatchRowSchema },
  'GET /payment-batches/:id/errors': {
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: pageOf(PaymentIssueSchema),
  },

  'GET /payment-orders/formats': { response: PaymentFormatSchema.array() },
  'GET /payment-orders/accounts': { response: PaymentAccountOptionSchema.array() },
  'POST /payment-orders': { body: PaymentOrderBodySchema, response: PaymentOrderCreatedSchema },
  'GET /payment-orders': { querystring: PaymentOrderQuerySchema, response: PaymentOrderRowSchema.array() },
  'GET /payment-orders/next-file': { querystring: PaymentOrderQuerySchema, response: NextPaymentFileSchema },
  'POST /payment-orders/:id/annul': {
    params: IdParamsSchema,
    body: PaymentOrderAnnulSchema,
    response: IdPayloadSchema,
  },

  'GET /supplier-runs/accounts': { response: PaymentAccountOptionSchema.array() },
  'POST /supplier-runs/candidates': {
    body: SupplierRunCandidateFilterSchema.nullish(),
    response: SupplierRunCandidatesSchema,
  },
  'POST /supplier-runs': { body: SupplierRunBodySchema, response: SupplierRunCreatedSchema },
  'GET /supplier-runs': { querystring: PageQuerySchema, response: pageOf(SupplierRunRowSchema) },
  'GET /supplier-runs/:id': { params: IdParamsSchema, response: SupplierRunDetailSchema },
  'POST /supplier-runs/:id/annul': {
    params: IdParamsSchema,
    body: PaymentOrderAnnulSchema,
    response: IdPayloadSchema,
  },

  'POST /contracts/list': {
    querystring: PageQuerySchema,
    body: ContractFilterSchema.nullish(),
    response: pageOf(ContractRowSchema),
  },
  'GET /contracts': { response: ContractOptionSchema.array() },
  'POST /contracts/preview': { body: ContractPreviewSchema, response: ContractPreviewResultSchema },
  'GET /contracts/:id': { params: IdParamsSchema, response: ContractDetailSchema },
  'GET /contracts/:id/renewal': { params: IdParamsSchema, response: RenewalPrefillSchema },
  'POST /contracts': { body: ContractSchema, response: IdPayloadSchema },
  'PUT /contracts/:id': { params: IdParamsSchema, body: ContractSchema, response: IdPayloadSchema },
  'PUT /contracts/:id/status': {
    params: IdParamsSchema,
    querystring: ContractStatusChangeQuerySchema,
    body: ContractStatusBodySchema,
    response: IdPayloadSchema,
  },
} as const satisfies Record<string, EndpointSchemas>

export type Endpoint = keyof typeof ENDPOINTS
export type EndpointDef<E extends Endpoint> = (typeof ENDPOINTS)[E]

/** The payload an endpoint answers, as the web receives it. */
export type ResponseOf<E extends Endpoint> = Wire<EndpointDef<E>['response']>
/** The body an endpoint accepts (before the API's parsing); of several endpoints, any of theirs. */
export type BodyOf<E extends Endpoint> = E extends Endpoint
  ? EndpointDef<E> extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : EndpointDef<E> extends { form: true }
      ? FormData
      : never
  : never

type PathOf<E extends string> = E extends `${string} ${infer P}` ? P : never
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
/** The path parameters of an endpoint ('GET /contracts/:id' → { id }). */
export type ParamsOf<E extends Endpoint> = Record<ParamNames<PathOf<E>>, string | number>

/** The method and the path with its parameters filled in ('/contracts/7'). */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  params?: ParamsOf<E>,
): { method: string; path: string } {
  const [method, path] = endpoint.split(' ')
  const values = (params ?? {}) as Record<string, string | number>
  return {
    method,
    path: path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name]))),
  }
}
