import { type Database, describeChanges, recordAudit } from '@planillas/db'
import type { BankInput, BankUpdateInput } from '@planillas/domain'
import { found } from '../../lib/errors'
import * as q from './queries'

const labels = { name: 'Nombre', shortName: 'Nombre corto' }

/** Registers a bank with its audit entry, in one transaction; gives its code. */
export async function createBank(db: Database, actor: string, input: BankInput): Promise<string> {
  return db.transaction(async (tx) => {
    const created = await q.insertBank(tx, input, actor)
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'banks',
      entityId: created.code,
      actor,
      description: `Creó el banco ${created.code} '${created.name}' (${created.shortName})`,
    })
    return created.code
  })
}

/** Renames a bank (the code never changes), audited; a save that changes nothing writes nothing. */
export async function updateBank(
  db: Database,
  actor: string,
  code: string,
  input: BankUpdateInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = found(await q.getBank(tx, code))
    const changes = describeChanges(before, input, labels)
    if (changes === 'sin cambios') return
    await q.updateBank(tx, before.code, input)
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'banks',
      entityId: before.code,
      actor,
      description: `Actualizó el banco ${before.code}: ${changes}`,
    })
  })
}
