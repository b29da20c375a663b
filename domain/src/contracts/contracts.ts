import type { EnumTable } from '../common/enums'

export * from '../common/dates'
export * from './contract-salary'
export * from './contract-sweep'
export * from './contract-term-limit'

/** Contract duration (the API calls the field `contractType`). */
export const contractDuration = {
  1: { key: 'ONE_MONTH', label: '1 mes' },
  2: { key: 'THREE_MONTHS', label: '3 meses' },
  3: { key: 'SIX_MONTHS', label: '6 meses' },
  4: { key: 'ONE_YEAR', label: '1 año' },
  5: { key: 'INDEFINITE', label: 'Indefinido' },
} as const satisfies EnumTable

export const CONTRACT_DURATION = {
  ONE_MONTH: 1,
  THREE_MONTHS: 2,
  SIX_MONTHS: 3,
  ONE_YEAR: 4,
  INDEFINITE: 5,
} as const
export type ContractDuration = (typeof CONTRACT_DURATION)[keyof typeof CONTRACT_DURATION]
export const CONTRACT_DURATIONS = Object.values(CONTRACT_DURATION) as number[]

export const isIndefinite = (duration: number | null | undefined) => duration === CONTRACT_DURATION.INDEFINITE

/** Contract status, with the first action a status offers as its action label (docs/conventions.md). */
export const contractStatus = {
  1: { key: 'ACTIVE', label: 'VIGENTE', action: 'Finalizar' },
  2: { key: 'TOEXPIRE', label: 'POR VENCER', action: 'Renovar' },
  3: { key: 'FINISHED', label: 'FINALIZADO' },
  4: { key: 'TERMINATED', label: 'DESPEDIDO' },
} as const satisfies EnumTable

export const CONTRACT_STATUS = { ACTIVE: 1, TOEXPIRE: 2, FINISHED: 3, TERMINATED: 4 } as const
export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS]
export const CONTRACT_STATUSES = Object.values(CONTRACT_STATUS) as number[]
export const isCurrentContract = (status: number) => status === 1 || status === 2

/**
 * What a clerk may do with a contract, by status: VIGENTE → Finalizar or Despedir (with
 * a reason); POR VENCER → Renovar (a new contract, see `renewalStart`) or Finalizar; FINALIZADO and
 * DESPEDIDO → nothing. `to` is the status the action sets; Renovar sets none on its own.
 */
export type ContractAction =
  | { kind: 'finish'; label: 'Finalizar'; to: 3; reason: 'optional' }
  | { kind: 'dismiss'; label: 'Despedir'; to: 4; reason: 'required' }
  | { kind: 'renew'; label: 'Renovar' }

const FINISH = { kind: 'finish', label: 'Finalizar', to: 3, reason: 'optional' } as const
const DISMISS = { kind: 'dismiss', label: 'Despedir', to: 4, reason: 'required' } as const
const RENEW = { kind: 'renew', label: 'Renovar' } as const

export const CONTRACT_ACTIONS: Record<number, readonly ContractAction[]> = {
  1: [FINISH, DISMISS],
  2: [RENEW, FINISH],
  3: [],
  4: [],
}

export const contractActions = (status: number): readonly ContractAction[] => CONTRACT_ACTIONS[status] ?? []

export const CONTRACT_MESSAGES = {
  alreadyCurrent:
    'Este colaborador ya tiene un contrato vigente. Finalice el contrato actual antes de registrar uno nuevo.',
  reasonRequired: 'El motivo del despido es requerido',
  reasonMax: 'El motivo admite como máximo 500 caracteres',
  closedNotEditable: 'Solo se pueden editar contratos VIGENTES o POR VENCER',
  renewOnlyToExpire: 'Solo se puede renovar un contrato POR VENCER',
  renewOtherEmployee: 'La renovación debe ser para el mismo colaborador del contrato que renueva',
  renewIndefinite: 'Un contrato indefinido no se renueva',
  closeDateFuture: 'La fecha de cese no puede ser posterior a hoy',
  closeDateBeforeStart: 'La fecha de cese no puede ser anterior al inicio del contrato',
  employeeNotFound: 'Colaborador no encontrado',
  companyNotFound: 'Empresa no encontrada',
  areaNotFound: 'Área no encontrada',
  positionNotFound: 'Cargo no encontrado',
} as const

/**
 * Why moving a contract from one status to another is refused, or null when the engine allows it.
 * Renewal is not a status change: it registers a new contract.
 */
export function transitionProblem(from: number, to: number, reason?: string | null): string | null {
  const fromLabel = contractStatus[from as ContractStatus]?.label
  const toLabel = contractStatus[to as ContractStatus]?.label
  if (!fromLabel || !toLabel) return 'Estado de contrato inválido'
  if (from === to) return `El contrato ya está ${fromLabel}`
  const actions = contractActions(from)
  if (actions.length === 0) return `Un contrato ${fromLabel} no admite cambios de estado`
  const action = actions.find((a) => 'to' in a && a.to === to)
  if (!action) {
    if (to === CONTRACT_STATUS.ACTIVE && from === CONTRACT_STATUS.TOEXPIRE) {
      return 'Un contrato POR VENCER no vuelve a VIGENTE: use Renovar para registrar el nuevo contrato'
    }
    const allowed = actions.map((a) => a.label).join(' o ')
    return `Un contrato ${fromLabel} no puede pasar a ${toLabel}; acciones permitidas: ${allowed}`
  }
  if ('reason' in action && action.reason === 'required' && !reason?.trim())
    return CONTRACT_MESSAGES.reasonRequired
  return null
}
