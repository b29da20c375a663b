/**
 * Why a payroll line must be looked at before it is paid. The import sets the flags;
 * a clerk with 'planillas_edicion' confirms a line; payments and payment files skip a line whose
 * blocking flags are not confirmed yet. A bit mask keeps them in one small column.
 */
export const LINE_REVIEW = {
  /** The line's bank, account or CCI differ from the employee's verified bank data. */
  BANK_DATA_DIFFER: 1,
  /** The employee is SIN CONTRATO. */
  NO_CONTRACT: 2,
  /** The same document is in another payroll of the same period and type: a warning only. */
  DUPLICATE_IN_PERIOD: 4,
  /**
   * The employee's bank data were typed or changed and no second user has confirmed them yet
   * (four eyes): nobody vouched for the account the line would pay.
   */
  BANK_DATA_UNCONFIRMED: 8,
} as const

/** Flags that stop payment until confirmed; the duplicate is only a warning. */
export const BLOCKING_REVIEW_FLAGS =
  LINE_REVIEW.BANK_DATA_DIFFER | LINE_REVIEW.NO_CONTRACT | LINE_REVIEW.BANK_DATA_UNCONFIRMED

const REVIEW_LABELS: ReadonlyArray<readonly [number, string]> = [
  [LINE_REVIEW.BANK_DATA_DIFFER, 'Datos bancarios distintos a los verificados del colaborador'],
  [LINE_REVIEW.NO_CONTRACT, 'Colaborador SIN CONTRATO'],
  [LINE_REVIEW.DUPLICATE_IN_PERIOD, 'El documento figura en otra planilla del mismo periodo y tipo'],
  [
    LINE_REVIEW.BANK_DATA_UNCONFIRMED,
    'Datos bancarios del colaborador modificados y sin confirmar por otro usuario',
  ],
]

/** The reasons a line was flagged, in a stable order, for screens and exports. */
export const reviewReasons = (flags: number) =>
  REVIEW_LABELS.filter(([bit]) => (flags & bit) !== 0).map(([, label]) => label)

/** True while a line may not be paid: a blocking flag no one confirmed. */
export const awaitsReview = (flags: number, confirmedAt: Date | string | null) =>
  (flags & BLOCKING_REVIEW_FLAGS) !== 0 && confirmedAt === null

export const LINE_REVIEW_MESSAGES = {
  awaitingReview:
    'La línea está observada (datos bancarios distintos a los verificados o sin confirmar, o colaborador SIN CONTRATO) y nadie la confirmó: confírmela en el detalle de la planilla antes de abonarla',
  nothingToConfirm: 'La línea no tiene observaciones que confirmar',
  alreadyConfirmed: 'La línea ya fue confirmada',
  alreadyPaid: 'La línea ya fue abonada',
} as const

/** A line's payment state on the payroll details and its export. */
export const lineState = {
  1: { key: 'PENDING', label: 'PENDIENTE' },
  2: { key: 'SENT', label: 'ENVIADO' },
  3: { key: 'PAID', label: 'ABONADO' },
  4: { key: 'OBSERVED', label: 'OBSERVADO' },
} as const
export const LINE_STATE = { PENDING: 1, SENT: 2, PAID: 3, OBSERVED: 4 } as const

/**
 * Paid wins; then a line that awaits review is OBSERVADO (it can be neither sent nor paid); then a
 * line in a payment file sent to the bank is ENVIADO; else PENDIENTE.
 */
export function lineStateOf(line: {
  paid: boolean
  reviewFlags: number
  reviewConfirmedAt: Date | string | null
  sentAt?: Date | string | null
}) {
  if (line.paid) return LINE_STATE.PAID
  if (awaitsReview(line.reviewFlags, line.reviewConfirmedAt)) return LINE_STATE.OBSERVED
  if (line.sentAt) return LINE_STATE.SENT
  return LINE_STATE.PENDING
}
