import { type Database, describeChanges, recordAudit } from '@planillas/db'
import {
  SHARED_ACCOUNT_MESSAGES,
  SUPPLIER_MESSAGES,
  type SupplierInput,
  type SupplierUpdateInput,
  todayInLima,
} from '@planillas/domain'
import { badRequest, found, withUniqueMessages } from '../../lib/errors'
import * as q from './queries'
import { resolveSharedAccount } from './shared-account'
import { setManualStatus } from './tax-status'

const uniqueMessages = { suppliers_ruc_unique: SUPPLIER_MESSAGES.duplicate }

/** What an update's audit names, by field. */
const labels = {
  name: 'Razón social',
  address: 'Domicilio fiscal',
  contactName: 'Contacto',
  ubigeo: 'Ubigeo',
  authorizer: 'Autorizador',
  payer: 'Pagador',
  phone: 'Teléfono',
  mobile: 'Celular',
  email: 'Correo electrónico',
  supplierType: 'Tipo de proveedor',
  managementType: 'Tipo de gestión contable',
  expenseLineId: 'Línea de gasto',
  bankIdentifierType: 'Tipo de documento (banco)',
  bankIdentifier: 'Número de documento (banco)',
  bankHolder: 'Titular de la cuenta',
  bankId: 'Banco',
  bankAccount: 'Número de cuenta',
  accountType: 'Tipo de cuenta',
  bankInterAccount: 'CCI',
  detractionAccount: 'Cuenta de detracciones',
  retentionAgent: 'Agente de retención',
  perceptionAgent: 'Agente de percepción',
  goodTaxpayer: 'Buen contribuyente',
}

const yesNo = (v: boolean) => (v ? 'SÍ' : 'NO')

/** The tax flags as the screens say them, so the audit reads 'NO' → 'SÍ', not false → true. */
const flagsAsWords = <T extends { retentionAgent: boolean; perceptionAgent: boolean; goodTaxpayer: boolean }>(
  row: T,
) => ({
  ...row,
  retentionAgent: yesNo(row.retentionAgent),
  perceptionAgent: yesNo(row.perceptionAgent),
  goodTaxpayer: yesNo(row.goodTaxpayer),
})

/** Registers a supplier with its audit entry, in one transaction; a RUC already registered is refused. */
export async function createSupplier(db: Database, actor: string, input: SupplierInput): Promise<number> {
  return withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const problems = await q.referenceProblems(tx, input)
        if (problems.length) throw badRequest(problems)
        const shared = await resolveSharedAccount(tx, input, actor)
        const row = await q.insertSupplier(tx, input, actor, shared.columns)
        const periods = await setManualStatus(tx, input.ruc, input, todayInLima(), actor, true)
        if (shared.holders.length) periods.push(SHARED_ACCOUNT_MESSAGES.savedShared(shared.holders))
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'suppliers',
          entityId: row.id,
          actor,
          description: `Creó el proveedor ${row.code} '${input.name}' (RUC ${input.ruc})${periods.length ? `; ${periods.join('; ')}` : ''}`,
        })
        return row.id
      }),
    uniqueMessages,
  )
}

/**
 * Edits a supplier (never its RUC), audited field by field; a save that changes nothing writes no entry.
 * A tax flag changed opens or closes a MANUAL period dated today (`setManualStatus`), named in the entry.
 */
export async function updateSupplier(db: Database, actor: string, id: number, input: SupplierUpdateInput) {
  await db.transaction(async (tx) => {
    const before = found(await q.getSupplier(tx, id))
    const problems = await q.referenceProblems(tx, input)
    if (problems.length) throw badRequest(problems)
    const shared = await resolveSharedAccount(tx, input, actor, { ...before, bankId: before.bankId })
    await q.updateSupplier(tx, before.id, input, shared.columns)
    const periods = await setManualStatus(tx, before.ruc, input, todayInLima(), actor)
    if (shared.holders.length) periods.push(SHARED_ACCOUNT_MESSAGES.savedShared(shared.holders))
    const fields = describeChanges(flagsAsWords(before), flagsAsWords(input), labels)
    if (fields === 'sin cambios') return
    const changes = periods.length ? `${fields} (${periods.join('; ')})` : fields
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'suppliers',
      entityId: before.id,
      actor,
      description: `Actualizó el proveedor ${before.code}: ${changes}`,
    })
  })
}
