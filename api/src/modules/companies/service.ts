import { type Database, describeChanges, recordAudit } from '@planillas/db'
import {
  COMPANY_ACCOUNT_MESSAGES,
  type CompanyAccountInput,
  type CompanyInput,
  type CompanyUpdateInput,
  RUC_MESSAGES,
} from '@planillas/domain'
import { found, withUniqueMessages } from '../../lib/errors'
import { requireActiveBank } from '../banks/queries'
import * as q from './queries'

const uniqueMessages = { companies_ruc_unique: RUC_MESSAGES.duplicate }
const labels = {
  name: 'Razón social',
  address: 'Dirección fiscal',
  legalRepresentative: 'Representante legal',
  retentionAgent: 'Agente de retención',
  retentionSeries: 'Serie de comprobantes de retención',
}

/** The audit reads 'NO' → 'SÍ', as the screens say it, not false → true. */
const asWords = <T extends { retentionAgent: boolean }>(row: T) => ({
  ...row,
  retentionAgent: row.retentionAgent ? 'SÍ' : 'NO',
})

/** Registers a company with its audit entry, in one transaction; a RUC already registered is refused. */
export async function createCompany(db: Database, actor: string, input: CompanyInput): Promise<number> {
  return withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const row = await q.insertCompany(tx, input, actor)
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'companies',
          entityId: row.id,
          actor,
          description: `Creó la empresa ${row.code} '${row.name}' (RUC ${row.ruc})`,
        })
        return row.id
      }),
    uniqueMessages,
  )
}

/** Edits a company (never its RUC), audited; a save that changes nothing writes no entry. */
export async function updateCompany(
  db: Database,
  actor: string,
  id: number,
  input: CompanyUpdateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = found(await q.getCompany(tx, id))
    const after = await q.updateCompany(tx, before.id, input)
    const changes = describeChanges(asWords(before), asWords(after), labels)
    if (changes === 'sin cambios') return
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'companies',
      entityId: after.id,
      actor,
      description: `Actualizó la empresa ${after.code}: ${changes}`,
    })
  })
}

/** Registers a bank account of a company ('Cuentas de la empresa'), audited; the bank must be active. */
export async function addCompanyAccount(
  db: Database,
  actor: string,
  companyId: number,
  input: CompanyAccountInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const company = found(await q.getCompany(tx, companyId))
    await requireActiveBank(tx, input.bankCode)
    const row = await withUniqueMessages(() => q.insertCompanyAccount(tx, company.id, input, actor), {
      company_bank_accounts_account_unique: COMPANY_ACCOUNT_MESSAGES.duplicate,
    })
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'company_bank_accounts',
      entityId: row.id,
      actor,
      description: `Registró la cuenta ${input.account} (banco ${input.bankCode}, ${input.currency}) de la empresa ${company.code} '${company.name}'`,
    })
    return row.id
  })
}
