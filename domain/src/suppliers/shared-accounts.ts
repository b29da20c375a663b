/**
 * A supplier's bank account or CCI that another supplier or an employee also holds
 * (docs/decisions/shared-accounts.md). Paying several beneficiaries into one account is a known
 * fraud pattern: such an account is saved only with an explicit tick, naming who else holds it, and
 * stays 'por confirmar' until a second person with `proveedores_aprobar` confirms it. A payment run
 * refuses the vouchers of a supplier whose account is still to be confirmed.
 */

/** Who else holds the account, as the warning names them. */
export type AccountHolder =
  | { kind: 'supplier'; code: string; name: string; ruc: string }
  | { kind: 'employee'; code: string; name: string }

/** 'el proveedor PR-0003 ACME S.A.C. (R.U.C. 20…)' or 'el colaborador COL-000012 María Quispe'. */
export const holderText = (h: AccountHolder) =>
  h.kind === 'supplier'
    ? `el proveedor ${h.code} ${h.name} (R.U.C. ${h.ruc})`
    : `el colaborador ${h.code} ${h.name}`

const holdersText = (holders: readonly AccountHolder[]) => holders.map(holderText).join('; ')

/** How the account's confirmation stands: not shared, shared and to be confirmed, or confirmed. */
export type SharedAccountState = 'NONE' | 'PENDING' | 'CONFIRMED'

export const sharedAccountState = (s: {
  sharedAccountBy: string | null
  sharedAccountConfirmedBy: string | null
}): SharedAccountState => (!s.sharedAccountBy ? 'NONE' : s.sharedAccountConfirmedBy ? 'CONFIRMED' : 'PENDING')

export const SHARED_ACCOUNT_LABELS: Record<SharedAccountState, string> = {
  NONE: 'No compartida',
  PENDING: 'Cuenta compartida: por confirmar',
  CONFIRMED: 'Cuenta compartida: confirmada',
}

/** The start every 'already held' warning shares, so a form can tell it from other refusals. */
export const SHARED_ACCOUNT_WARNING_START = 'La cuenta o el CCI ya es de '

export const SHARED_ACCOUNT_MESSAGES = {
  /** The save refused until the tick: who holds the account, and what saving it means. */
  tickRequired: (holders: readonly AccountHolder[]) =>
    `${SHARED_ACCOUNT_WARNING_START}${holdersText(holders)}. Dos beneficiarios con una misma cuenta es un patrón de fraude conocido: verifique la cuenta con el proveedor y marque 'Registrar la cuenta compartida' para guardarla; quedará por confirmar hasta que otra persona la confirme.`,
  /** The audit's and the detail's words for a saved shared account. */
  savedShared: (holders: readonly AccountHolder[]) =>
    `cuenta compartida con ${holdersText(holders)}, por confirmar`,
  notPending: 'La cuenta del proveedor no está por confirmar: no se guardó nada',
  alreadyConfirmed: (who: string) => `La cuenta compartida ya fue confirmada por ${who}: no se guardó nada`,
  fourEyes: 'Quien registró la cuenta compartida no puede confirmarla: debe confirmarla otra persona',
  confirmed: 'Se confirmó la cuenta compartida del proveedor',
  /** A run refuses a supplier whose shared account is still to be confirmed. */
  runPending: (supplier: string, holders: readonly AccountHolder[]) =>
    `${supplier}: su cuenta bancaria también es de ${holders.length ? holdersText(holders) : 'otro beneficiario'} y está por confirmar; no se le paga hasta que otra persona la confirme en 'Datos del proveedor'`,
  /** A run warns of a confirmed shared account (or one another beneficiary took since). */
  runShared: (supplier: string, holders: readonly AccountHolder[]) =>
    `${supplier}: su cuenta bancaria también es de ${holdersText(holders)}`,
} as const
