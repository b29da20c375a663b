import { z } from 'zod'
import { calendarDate, idList, idNumber } from '../common/fields'
import type { Wire } from '../common/wire'
import { paymentDateField, referenceField } from '../payment-orders/payment-orders-api'
import { VoucherHeadSchema } from '../vouchers/vouchers-api'

/** The most vouchers one run takes (a clerk's selection; the file pays one line per supplier). */
export const SUPPLIER_RUN_MAX_VOUCHERS = 10_000

/** The formats a supplier run is written in today: the generic CCI transfers Excel, for any bank. */
export const SUPPLIER_RUN_FORMATS = ['CCI'] as const

export const SUPPLIER_RUN_MESSAGES = {
  vouchersRequired: 'Seleccione al menos un comprobante APROBADO',
  vouchersMax: `Una orden de pago admite como máximo ${SUPPLIER_RUN_MAX_VOUCHERS.toLocaleString('en-US')} comprobantes`,
  vouchersRepeated: 'Un comprobante está seleccionado más de una vez',
  voucherId: 'Comprobante inválido',
  format: 'Formato del banco es requerido (por ahora, transferencias por CCI)',
} as const

/**
 * 'Generar pagos': a payment run over APROBADO vouchers, paid from a company account on a
 * date with a reference. `replacesOrderId` + `confirmReplace`: the vouchers are already in that open
 * run, and the clerk confirmed that this run replaces it (the same rule as a payroll's order).
 */
export const SupplierRunBodySchema = z.object({
  voucherIds: z
    .array(idNumber(SUPPLIER_RUN_MESSAGES.voucherId), { error: SUPPLIER_RUN_MESSAGES.vouchersRequired })
    .min(1, SUPPLIER_RUN_MESSAGES.vouchersRequired)
    .max(SUPPLIER_RUN_MAX_VOUCHERS, SUPPLIER_RUN_MESSAGES.vouchersMax)
    .refine((ids) => new Set(ids).size === ids.length, SUPPLIER_RUN_MESSAGES.vouchersRepeated),
  companyAccountId: idNumber('Cuenta de cargo es requerida'),
  format: z.enum(SUPPLIER_RUN_FORMATS, { error: SUPPLIER_RUN_MESSAGES.format }),
  paymentDate: paymentDateField,
  reference: referenceField,
  replacesOrderId: idNumber('Orden de pago a reemplazar inválida').optional(),
  confirmReplace: z.boolean({ error: 'Confirmación inválida' }).optional(),
})

/** The Banco de la Nación detracciones file of a run, when it has detracciones to deposit. */
export const DetractionFileSchema = z.object({
  lot: z.string(),
  lineCount: z.number(),
  totalCents: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
})

/** A run as listed: the CCI file (net paid) and its detracciones file. Amounts in céntimos. */
export const SupplierRunRowSchema = z.object({
  id: z.number(),
  format: z.string(),
  paymentDate: z.string(),
  reference: z.string(),
  companyName: z.string(),
  account: z.string(),
  bankCode: z.string(),
  /** The debit account's currency, the run's: 'USD' writes the file and the net in dollars. */
  currency: z.string(),
  /** Suppliers paid: the lines of the CCI file. */
  lineCount: z.number(),
  voucherCount: z.number(),
  /** What the CCI file transfers: the sum of the suppliers' net amounts, in the run's currency. */
  totalCents: z.number(),
  detractionCents: z.number(),
  retentionCents: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
  detractionFile: DetractionFileSchema.nullable(),
  status: z.number(),
  replacesOrderId: z.number().nullable(),
  annulledBy: z.string().nullable(),
  annulledAt: z.date().nullable(),
  annulReason: z.string().nullable(),
  createdAt: z.date(),
  createdBy: z.string().nullable(),
})

/** One voucher of a run, under its supplier: total and net in the run's currency, deductions in soles. */
export const SupplierRunVoucherSchema = z.object({
  voucherId: z.number(),
  type: z.string(),
  fullNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number(),
  detractionCents: z.number(),
  retentionCents: z.number(),
  /** A recibo por honorarios: the fourth-category retention (the run's, or the approval's estimate). */
  fourthCategoryCents: z.number(),
  netCents: z.number(),
  /** A dollar run: the SBS venta rate of the payment date its retention was computed at. */
  exchangeRateMilli: z.number().nullable(),
})

/** A supplier's line of the CCI file: paid once, the sum of its vouchers' net. */
export const SupplierRunLineSchema = z.object({
  lineNumber: z.number(),
  supplierId: z.number(),
  ruc: z.string(),
  name: z.string(),
  totalCents: z.number(),
  detractionCents: z.number(),
  retentionCents: z.number(),
  /** A recibo por honorarios: the fourth-category retention (the run's, or the approval's estimate). */
  fourthCategoryCents: z.number(),
  netCents: z.number(),
  vouchers: z.array(SupplierRunVoucherSchema),
})

export const SupplierRunDetailSchema = SupplierRunRowSchema.extend({
  lines: z.array(SupplierRunLineSchema),
})

export const SupplierRunCreatedSchema = z.object({
  id: z.number(),
  lineCount: z.number(),
  voucherCount: z.number(),
  totalCents: z.number(),
  detractionFile: DetractionFileSchema.nullable(),
  /**
   * Per supplier whose tax status on the payment date differs from the day its vouchers were approved:
   * what changed and what it means for the retention ('dejó de ser buen contribuyente el 01/02/2026: se retiene').
   */
  statusChanges: z.array(
    z.object({ supplierId: z.number(), supplierName: z.string(), changes: z.array(z.string()) }),
  ),
  /** Suppliers paid into an account another supplier or an employee also holds (its confirmation done). */
  sharedAccounts: z.array(z.string()),
  /** Suppliers paid whose RUC is not ACTIVO or not HABIDO in the last padrón reducido (a warning, not a block). */
  rucWarnings: z.array(z.string()),
})

export type SupplierRunRow = Wire<typeof SupplierRunRowSchema>
export type SupplierRunDetail = Wire<typeof SupplierRunDetailSchema>

/** The most candidates 'Generar pagos' lists at once (narrow them with the filters). */
export const SUPPLIER_RUN_CANDIDATES_MAX = 500

/** 'Generar pagos' filters: supplier, due date up to, línea de gasto. */
export const SupplierRunCandidateFilterSchema = z.object({
  supplierIds: idList('Proveedor inválido'),
  expenseLineIds: idList('Línea de gasto inválida'),
  dueTo: calendarDate('Fecha de vencimiento inválida').optional(),
})

/** An APROBADO voucher a run may pay, with the open run that already holds it, if any. */
export const SupplierRunCandidateSchema = VoucherHeadSchema.extend({
  dueDate: z.string(),
  expenseLine: z.string(),
  /** 'USD': total and net in dollars (a run from a dollar account pays it); the deductions are soles. */
  currency: z.string(),
  totalCents: z.number(),
  detractionCents: z.number(),
  retentionCents: z.number(),
  /** A recibo por honorarios: the fourth-category retention (the run's, or the approval's estimate). */
  fourthCategoryCents: z.number(),
  netCents: z.number(),
  openRunId: z.number().nullable(),
})

/** What 'Generar pagos' says above the button when a run would pay a voucher whose detracción is owed. */
export const RUN_DETRACTION_WARNING = 'Deposite la detracción antes o el mismo día del pago'

/**
 * A listed voucher whose detracción is not deposited. Paying the supplier makes the payment day the
 * deadline when it comes first (R.S. 183-2004/SUNAT arts. 11 and 16): a warning, not a block.
 * `dueOn` is the deadline as of today (from the recording period, the voucher being unpaid).
 */
export const RunDetractionWarningSchema = z.object({
  voucherId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  fullNumber: z.string(),
  detractionCents: z.number(),
  dueOn: z.string(),
})

export const SupplierRunCandidatesSchema = z.object({
  content: z.array(SupplierRunCandidateSchema),
  /** More match the filters than are listed. */
  truncated: z.boolean(),
  /** The listed vouchers whose detracción is not deposited, in the list's order. */
  detractionWarnings: z.array(RunDetractionWarningSchema),
})

export type SupplierRunCandidate = Wire<typeof SupplierRunCandidateSchema>
export type RunDetractionWarning = Wire<typeof RunDetractionWarningSchema>
export type SupplierRunCandidateFilter = z.infer<typeof SupplierRunCandidateFilterSchema>
