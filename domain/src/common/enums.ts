/** Enumerations with their Spanish label (and action label, where a status has one) in one place. */

export type EnumEntry<K extends string = string> = { key: K; label: string; action?: string }
export type EnumTable<K extends string = string> = Record<number, EnumEntry<K>>

/** Status of areas, companies and positions. */
export const recordStatus = {
  1: { key: 'ACTIVE', label: 'ACTIVO', action: 'Suspender' },
  2: { key: 'INACTIVE', label: 'SUSPENDIDO', action: 'Activar' },
} as const satisfies EnumTable

export const RECORD_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const
export type RecordStatus = (typeof RECORD_STATUS)[keyof typeof RECORD_STATUS]

export const auditAction = {
  CREATE: { key: 'CREATE', label: 'Creación' },
  UPDATE: { key: 'UPDATE', label: 'Actualización' },
  DELETE: { key: 'DELETE', label: 'Eliminación' },
  LOGIN: { key: 'LOGIN', label: 'Inicio de sesión' },
} as const
export type AuditAction = keyof typeof auditAction
export const AUDIT_ACTIONS = Object.keys(auditAction) as AuditAction[]
/** The label of a stored audit action; an action this build does not name shows as stored. */
export const auditActionLabel = (action: string) =>
  Object.hasOwn(auditAction, action) ? auditAction[action as AuditAction].label : action

export function enumLabel(table: EnumTable, code: number | null | undefined): string {
  if (code == null) return '---'
  return table[code]?.label ?? '---'
}

/** A choice a form or a filter offers: what it posts and what a person reads. */
export type Option = { value: string; label: string }

/** Options for a `<select>`: value is the numeric code as a string. */
export function enumOptions(table: EnumTable): Option[] {
  return Object.entries(table).map(([value, entry]) => ({ value, label: entry.label }))
}
