import type { EnumTable } from '../common/enums'

/**
 * A supplier voucher's life (docs/domain.md, supplier payments): REGISTRADO → AUTORIZADO → APROBADO → PAGADO; RECHAZADO
 * from REGISTRADO or AUTORIZADO; ANULADO from AUTORIZADO or APROBADO (never from PAGADO). Each step
 * is its own API call with its own permission; the database applies it only from the state the
 * step starts from (a conditional update), so two people cannot both move one voucher.
 */
export const VOUCHER_STATUS = {
  REGISTERED: 1,
  AUTHORIZED: 2,
  APPROVED: 3,
  PAID: 4,
  REJECTED: 5,
  CANCELLED: 6,
} as const
export type VoucherStatus = (typeof VOUCHER_STATUS)[keyof typeof VOUCHER_STATUS]

export const voucherStatus = {
  1: { key: 'REGISTERED', label: 'REGISTRADO' },
  2: { key: 'AUTHORIZED', label: 'AUTORIZADO' },
  3: { key: 'APPROVED', label: 'APROBADO' },
  4: { key: 'PAID', label: 'PAGADO' },
  5: { key: 'REJECTED', label: 'RECHAZADO' },
  6: { key: 'CANCELLED', label: 'ANULADO' },
} as const satisfies EnumTable
export const VOUCHER_STATUSES = [1, 2, 3, 4, 5, 6] as const

/** The five dialogs (docs/domain.md, supplier payments): each moves a voucher from some states to one. */
export const VOUCHER_ACTIONS = {
  authorize: {
    from: [VOUCHER_STATUS.REGISTERED],
    to: VOUCHER_STATUS.AUTHORIZED,
    label: 'Autorizar',
    permission: 'pagos_autorizar',
  },
  approve: {
    from: [VOUCHER_STATUS.AUTHORIZED],
    to: VOUCHER_STATUS.APPROVED,
    label: 'Aprobar',
    permission: 'pagos_aprobar',
  },
  pay: {
    from: [VOUCHER_STATUS.APPROVED],
    to: VOUCHER_STATUS.PAID,
    label: 'Marcar como pagado',
    permission: 'pagos_pagar',
  },
  reject: {
    from: [VOUCHER_STATUS.REGISTERED, VOUCHER_STATUS.AUTHORIZED],
    to: VOUCHER_STATUS.REJECTED,
    label: 'Rechazar',
    permission: 'pagos_rechazar',
  },
  cancel: {
    from: [VOUCHER_STATUS.AUTHORIZED, VOUCHER_STATUS.APPROVED],
    to: VOUCHER_STATUS.CANCELLED,
    label: 'Anular',
    permission: 'pagos_anular',
  },
} as const
export type VoucherAction = keyof typeof VOUCHER_ACTIONS
export const VOUCHER_ACTION_NAMES = Object.keys(VOUCHER_ACTIONS) as VoucherAction[]

const VERB: Record<VoucherAction, string> = {
  authorize: 'autorizar',
  approve: 'aprobar',
  pay: 'marcar como pagado',
  reject: 'rechazar',
  cancel: 'anular',
}

export const VOUCHER_STATUS_MESSAGES = {
  /** Two people at once: the other one moved it first (the API's 409). */
  changedMeanwhile: (status: number) =>
    `El comprobante cambió de estado mientras lo revisaba: ahora está ${voucherStatus[status as VoucherStatus]?.label ?? 'en otro estado'}. Actualice la página.`,
  ownVoucher: 'No puede aprobar un comprobante que usted registró',
  /** The approval page opened by who registered the voucher: why, and what to do. */
  ownVoucherPage:
    'Usted registró este comprobante: por separación de funciones, otra persona con permiso de aprobación debe aprobarlo.',
} as const

/** Whether `action` may start from `status`. */
export const mayApply = (action: VoucherAction, status: number) =>
  (VOUCHER_ACTIONS[action].from as readonly number[]).includes(status)

/** The actions a voucher in `status` offers (the list's 'Opciones'). */
export const actionsFrom = (status: number): VoucherAction[] =>
  VOUCHER_ACTION_NAMES.filter((a) => mayApply(a, status))

/** Null when `action` may start from `status`; else the Spanish reason it may not. */
export function voucherTransitionProblem(status: number, action: VoucherAction): string | null {
  if (mayApply(action, status)) return null
  const label = voucherStatus[status as VoucherStatus]?.label ?? 'desconocido'
  const allowed = VOUCHER_ACTIONS[action].from.map((s) => voucherStatus[s].label).join(' o ')
  return `No se puede ${VERB[action]} un comprobante ${label}: solo uno ${allowed}`
}

/** Separation of duties (docs/domain.md, supplier payments): who registered a voucher cannot approve it. */
export const mayApprove = (registeredBy: string, actor: string) =>
  registeredBy.trim().toLowerCase() !== actor.trim().toLowerCase()
