import { z } from 'zod'
import { calendarDate } from '../common/fields'
import type { Wire } from '../common/wire'
import { DeclaredTermsSchema } from './cpe-declared'

const stamp = { by: z.string().nullable(), at: z.date().nullable() }

/** The whole filtered list's sums (every page, not only the one shown), in céntimos: its totals row. */
/**
 * The list's totals: total and net of the vouchers in soles, the same of those in dollars apart
 * (never added to soles), and the deductions, which are soles whatever the voucher's currency.
 */
export const VoucherTotalsSchema = z.object({
  totalCents: z.number(),
  detractionCents: z.number(),
  retentionCents: z.number(),
  fourthCategoryCents: z.number(),
  netCents: z.number(),
  usdTotalCents: z.number(),
  usdNetCents: z.number(),
})

/** What names a voucher in every list of them: its paying company, its supplier, its type and number. */
export const VoucherHeadSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  supplierId: z.number(),
  supplierRuc: z.string(),
  supplierName: z.string(),
  type: z.string(),
  /** 'F001-00000123'. */
  fullNumber: z.string(),
  issueDate: z.string(),
})

/**
 * A supplier voucher as `/payments` answers it (The Payment). Amounts are integer céntimos
 * (`…Cents`), rates basis points (`…Bp`: 1200 = 12 %). `actions` are the steps its state allows
 * (the user's permissions still decide which of them they may take).
 */
export const VoucherRowSchema = VoucherHeadSchema.extend({
  series: z.string(),
  number: z.number(),
  dueDate: z.string(),
  /** 'Periodo de registro' (AAAAMM) in the Registro de Compras; the detracción's deadline runs from it. */
  recordingPeriod: z.string(),
  /** Due before today (Lima) and still REGISTRADO, AUTORIZADO or APROBADO. */
  overdue: z.boolean(),
  /** 'PEN' or 'USD': base, IGV, total, net and paid are cents of it; detracción and retenciones are soles céntimos. */
  currency: z.string(),
  /** A dollar voucher: the SBS venta rates (thousandths) its detracción and retention were computed with. */
  detractionExchangeRateMilli: z.number().nullable(),
  retentionExchangeRateMilli: z.number().nullable(),
  baseCents: z.number(),
  igvCents: z.number(),
  totalCents: z.number(),
  description: z.string(),
  expenseLineId: z.number(),
  expenseLine: z.string(),
  creditsVoucherId: z.number().nullable(),
  freedByCreditNoteId: z.number().nullable(),
  status: z.number(),
  actions: z.array(z.enum(['authorize', 'approve', 'pay', 'reject', 'cancel'])),
  projectTypeId: z.number().nullable(),
  projectType: z.string().nullable(),
  period: z.string().nullable(),
  authorizedBy: stamp.by,
  authorizedAt: stamp.at,
  paymentType: z.number().nullable(),
  spotCode: z.string().nullable(),
  detractionRateBp: z.number().nullable(),
  detractionTableRateBp: z.number().nullable(),
  detractionCents: z.number(),
  /** Code 027: the valor referencial the detracción was computed on (when greater than the total). */
  referenceValueCents: z.number().nullable(),
  detractionReason: z.string().nullable(),
  detractionDepositedOn: z.string().nullable(),
  detractionConstancia: z.string().nullable(),
  retention: z.boolean(),
  retentionCents: z.number(),
  retentionProposed: z.boolean().nullable(),
  retentionReason: z.string().nullable(),
  /**
   * A recibo por honorarios (02): the fourth-category retention, the approval's estimate until paid,
   * then what was withheld at payment.
   */
  fourthCategoryCents: z.number(),
  /** total − detracción − retención − retención de cuarta categoría (a dollar voucher's, each turned back at its rate). */
  netCents: z.number(),
  approvedBy: stamp.by,
  approvedAt: stamp.at,
  paidCents: z.number().nullable(),
  paidOn: z.string().nullable(),
  /** The bank's operation number, when a supplier abonos upload paid it. */
  paidOperation: z.string().nullable(),
  paidBy: stamp.by,
  paidAt: stamp.at,
  rejectReasonId: z.number().nullable(),
  rejectReason: z.string().nullable(),
  rejectNote: z.string().nullable(),
  rejectedBy: stamp.by,
  rejectedAt: stamp.at,
  cancellationRequestDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  cancellationRequestedBy: z.string().nullable(),
  cancelledBy: stamp.by,
  cancelledAt: stamp.at,
  createdBy: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

export const VoucherFileSchema = z.object({
  kind: z.enum(['pdf', 'xml', 'sustento']),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
})

/** `GET /payments/:id`: the row, its files, the credited voucher's and the credit notes' numbers. */
export const VoucherDetailSchema = VoucherRowSchema.extend({
  files: z.array(VoucherFileSchema),
  /**
   * Its detracción's deadline (the earlier of the payment and the 5th business day of the month
   * after the recording period) and state today; null without a detracción or before approval.
   */
  detractionDue: z
    .object({ dueOn: z.string(), state: z.enum(['depositada', 'vencida', 'pendiente']) })
    .nullable(),
  creditedVoucher: z.object({ id: z.number(), fullNumber: z.string(), status: z.number() }).nullable(),
  creditNotes: z.array(z.object({ id: z.number(), fullNumber: z.string(), totalCents: z.number() })),
  /** What its XML declared: the detracción block, the form of payment and the instalments. */
  xmlTerms: DeclaredTermsSchema.nullable(),
})

export const VoucherFileParamsSchema = z.object({
  id: z.coerce.number().int().min(1),
  kind: z.enum(['pdf', 'xml', 'sustento'], { error: 'Archivo inválido' }),
})

export const SpotRateRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  rateBp: z.number(),
  minimumCents: z.number().nullable(),
  validFrom: z.string(),
  source: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
})

export const RetentionRateRowSchema = z.object({
  id: z.number(),
  rateBp: z.number(),
  thresholdCents: z.number(),
  validFrom: z.string(),
  source: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
})

/**
 * `GET /spot-rates?date=` (default today): each code's row in force; `?code=` its whole history;
 * `?history=true` every row of every code (the administrator's screen of the table).
 */
export const SpotRateQuerySchema = z.object({
  date: calendarDate('Fecha inválida').optional(),
  code: z
    .string()
    .regex(/^\d{3}$/, 'Código debe tener 3 dígitos')
    .optional(),
  history: z.enum(['true']).optional(),
})

/** The approval proposal's `spotCode` that asks for no detracción (absent: the code the XML declared). */
export const NO_SPOT_CODE = 'ninguno'

/** `GET /payments/:id/approval-proposal?spotCode=`: what the approve dialog proposes. */
export const ApprovalProposalQuerySchema = z.object({
  spotCode: z
    .union([z.literal(NO_SPOT_CODE), z.string().regex(/^\d{3}$/, 'Código de detracción inválido')], {
      error: 'Código de detracción inválido',
    })
    .optional(),
  /** Code 027: the valor referencial in céntimos (the detracción is on the greater of it and the total). */
  referenceValueCents: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})

export const ApprovalProposalSchema = z.object({
  /** 'PEN' or 'USD': `totalCents` and `netCents` are cents of it; every other amount is soles céntimos. */
  currency: z.string(),
  totalCents: z.number(),
  /**
   * A dollar voucher: the SBS venta rates (thousandths) that turn it into soles — the issue date's
   * for the detracción, the approval day's (or the last published before) for the retention, which
   * the payment recomputes with its own date's; `problem` names a missing day. Null for soles.
   */
  exchange: z
    .object({
      detractionRateMilli: z.number().nullable(),
      detractionRateDay: z.string(),
      retentionRateMilli: z.number().nullable(),
      retentionRateDay: z.string().nullable(),
      /** The total in soles at the detracción's rate (null without that rate). */
      totalSolesCents: z.number().nullable(),
      problem: z.string().nullable(),
    })
    .nullable(),
  /** The tables are read as of the voucher's issue date. */
  ratesDate: z.string(),
  spotCatalogue: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      rateBp: z.number(),
      minimumCents: z.number().nullable(),
    }),
  ),
  detraction: z
    .object({
      code: z.string(),
      applies: z.boolean(),
      tableRateBp: z.number().nullable(),
      minimumCents: z.number().nullable(),
      amountCents: z.number(),
      /** Whether the code takes a valor referencial (027), and what its rate applies to. */
      takesReferenceValue: z.boolean(),
      baseCents: z.number(),
      /** The catalogue-54 row used: the code's row valid from this day. */
      rowValidFrom: z.string(),
    })
    .nullable(),
  supplierHasDetractionAccount: z.boolean(),
  /** What the voucher's XML declared (null without one), and where it differs from the proposal. */
  declared: DeclaredTermsSchema.nullable(),
  declaredWarnings: z.array(z.string()),
  retention: z.object({
    proposed: z.boolean(),
    /** Why the rule says no (null when it says yes). */
    exclusion: z.string().nullable(),
    rateBp: z.number().nullable(),
    thresholdCents: z.number().nullable(),
    /** The retention regime's row used (valid from this day); null when none is in force. */
    rowValidFrom: z.string().nullable(),
    /** This voucher plus the supplier's other APROBADO vouchers of the same company (paid together). */
    groupTotalCents: z.number(),
    amountCents: z.number(),
  }),
  /**
   * A recibo por honorarios (02): the fourth-category retention on the approval date (recomputed on
   * the payment date); null for any other type.
   */
  fourthCategory: z
    .object({
      date: z.string(),
      amountCents: z.number(),
      exclusion: z.string().nullable(),
      rateBp: z.number().nullable(),
      thresholdCents: z.number().nullable(),
      rowValidFrom: z.string().nullable(),
      certificateNumber: z.string().nullable(),
    })
    .nullable(),
  netCents: z.number(),
})

export type VoucherRow = Wire<typeof VoucherRowSchema>
export type VoucherDetail = Wire<typeof VoucherDetailSchema>
export type SpotRateRow = Wire<typeof SpotRateRowSchema>
export type RetentionRateRow = Wire<typeof RetentionRateRowSchema>
export type ApprovalProposal = Wire<typeof ApprovalProposalSchema>
