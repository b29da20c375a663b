import { type Executor, employees, recordAudit, rowsOf, suppliers } from '@planillas/db'
import { type AccountHolder, holderText, SHARED_ACCOUNT_MESSAGES as S } from '@planillas/domain'
import { and, asc, eq, ne, or, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { badRequest, conflict, found, notFound } from '../../lib/errors'

/** The bank data whose holders are looked for: the bank and account, and the CCI. */
export type AccountData = { bankId: string; bankAccount: string; bankInterAccount: string | null }

/** The most holders one warning names (ten suppliers sharing one CCI are named; a thousand are not). */
const MAX_HOLDERS = 10

const sameAccount = (bank: PgColumn, account: PgColumn, cci: PgColumn, data: AccountData) =>
  or(
    and(eq(bank, data.bankId), eq(account, data.bankAccount)),
    data.bankInterAccount ? eq(cci, data.bankInterAccount) : undefined,
  )

/**
 * The other suppliers and the employees whose bank account (same bank and number) or CCI is this
 * one, whatever their status: an account a suspended supplier or a former employee holds is still
 * theirs. `exceptSupplierId`: the supplier being edited.
 */
export async function accountHolders(
  db: Executor,
  data: AccountData,
  exceptSupplierId?: number,
): Promise<AccountHolder[]> {
  // One after the other: `db` is often the saving transaction, one connection.
  const others = await db
    .select({ code: suppliers.code, name: suppliers.name, ruc: suppliers.ruc })
    .from(suppliers)
    .where(
      and(
        sameAccount(suppliers.bankCode, suppliers.bankAccount, suppliers.bankInterAccount, data),
        exceptSupplierId ? ne(suppliers.id, exceptSupplierId) : undefined,
      ),
    )
    .orderBy(asc(suppliers.id))
    .limit(MAX_HOLDERS)
  const people = await db
    .select({ code: employees.code, name: sql<string>`${employees.name} || ' ' || ${employees.surname}` })
    .from(employees)
    .where(sameAccount(employees.bankId, employees.bankAccount, employees.bankInterAccount, data))
    .orderBy(asc(employees.id))
    .limit(MAX_HOLDERS)
  return [
    ...others.map((s) => ({ kind: 'supplier' as const, ...s })),
    ...people.map((e) => ({ kind: 'employee' as const, ...e })),
  ].slice(0, MAX_HOLDERS)
}

/**
 * Two clerks saving the same account at once on two suppliers each see no holder: a transaction-scoped
 * advisory lock per account and per CCI (taken in one order) makes the second wait for the first's commit
 * and then see it.
 */
export async function lockAccount(tx: Executor, data: AccountData) {
  const keys = [`bank-account:${data.bankId}:${data.bankAccount}`]
  if (data.bankInterAccount) keys.push(`bank-account:cci:${data.bankInterAccount}`)
  for (const key of keys.sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

/** What a supplier's shared-account columns become when its bank data are saved. */
export type SharedAccountColumns = {
  sharedAccountBy: string | null
  sharedAccountAt: Date | null
  sharedAccountConfirmedBy: string | null
  sharedAccountConfirmedAt: Date | null
}

const bankDataChanged = (before: AccountData, after: AccountData) =>
  before.bankId !== after.bankId ||
  before.bankAccount !== after.bankAccount ||
  (before.bankInterAccount ?? '') !== (after.bankInterAccount ?? '')

/**
 * The shared-account decision of a save, in its transaction: bank data unchanged keep their state; new
 * or changed bank data another beneficiary holds are refused without the tick (naming who holds them),
 * and with it are saved 'por confirmar' by `actor`; bank data nobody else holds are not shared.
 * Answers the columns to write (null: leave them) and the holders, for the audit.
 */
export async function resolveSharedAccount(
  tx: Executor,
  input: AccountData & { sharedAccountAccepted: boolean },
  actor: string,
  before?: AccountData & { id: number },
): Promise<{ columns: SharedAccountColumns | null; holders: AccountHolder[] }> {
  if (before && !bankDataChanged(before, input)) return { columns: null, holders: [] }
  await lockAccount(tx, input)
  const holders = await accountHolders(tx, input, before?.id)
  if (!holders.length)
    return {
      columns: {
        sharedAccountBy: null,
        sharedAccountAt: null,
        sharedAccountConfirmedBy: null,
        sharedAccountConfirmedAt: null,
      },
      holders,
    }
  if (!input.sharedAccountAccepted) throw badRequest(S.tickRequired(holders))
  return {
    columns: {
      sharedAccountBy: actor,
      sharedAccountAt: new Date(),
      sharedAccountConfirmedBy: null,
      sharedAccountConfirmedAt: null,
    },
    holders,
  }
}

/**
 * 'Confirmar cuenta compartida': a second person vouches for the shared account. One conditional update
 * (still to be confirmed, saved by someone else) so that of two confirmations, or a confirmation and
 * an edit, one wins and the other is told what the account is now; the audit entry in the same
 * transaction. The database's four-eyes check backs the condition.
 */
export async function confirmSharedAccount(db: Executor, actor: string, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(suppliers)
      .set({ sharedAccountConfirmedBy: actor, sharedAccountConfirmedAt: new Date() })
      .where(
        and(
          eq(suppliers.id, id),
          sql`${suppliers.sharedAccountBy} is not null`,
          sql`${suppliers.sharedAccountConfirmedBy} is null`,
          ne(suppliers.sharedAccountBy, actor),
        ),
      )
      .returning()
    if (!row) {
      const [now] = await tx.select().from(suppliers).where(eq(suppliers.id, id))
      if (!now) throw notFound()
      if (!now.sharedAccountBy) throw conflict(S.notPending)
      if (now.sharedAccountConfirmedBy) throw conflict(S.alreadyConfirmed(now.sharedAccountConfirmedBy))
      throw badRequest(S.fourEyes)
    }
    const holders = await accountHolders(
      tx,
      { bankId: row.bankCode, bankAccount: row.bankAccount, bankInterAccount: row.bankInterAccount },
      row.id,
    )
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'suppliers',
      entityId: row.id,
      actor,
      description: `Confirmó la cuenta compartida del proveedor ${row.code} (cuenta ${row.bankAccount}${row.bankInterAccount ? `, CCI ${row.bankInterAccount}` : ''}), registrada por ${row.sharedAccountBy}${holders.length ? `; también es de ${holders.map(holderText).join('; ')}` : ''}`,
    })
    return found(row).id
  })
}

/**
 * Who else holds each supplier's account or CCI (up to `MAX_HOLDERS` each), for a payment run's
 * suppliers at once: supplier id → its other holders (absent when nobody else holds it).
 */
export async function holdersBySupplier(db: Executor, ids: readonly number[]) {
  const byId = new Map<number, AccountHolder[]>()
  if (!ids.length) return byId
  type Row = { id: number; kind: 'supplier' | 'employee'; code: string; name: string; ruc: string | null }
  const rows = await db.execute(sql`
    select s.id, h.kind, h.code, h.name, h.ruc
    from ${suppliers} s
    cross join lateral (
      (select 'supplier' as kind, o.code, o.name, o.ruc, o.id as ord
       from ${suppliers} o
       where o.id <> s.id
         and ((o.bank_code = s.bank_code and o.bank_account = s.bank_account)
           or o.bank_inter_account = s.bank_inter_account)
       order by o.id limit ${MAX_HOLDERS})
      union all
      (select 'employee' as kind, e.code, e.name || ' ' || e.surname, null, e.id
       from ${employees} e
       where (e.bank_id = s.bank_code and e.bank_account = s.bank_account)
          or e.bank_inter_account = s.bank_inter_account
       order by e.id limit ${MAX_HOLDERS})
    ) h
    where s.id = any(${sql.param([...ids])}::int[])
    order by s.id, h.kind desc, h.ord`)
  for (const r of rowsOf<Row>(rows)) {
    const list = byId.get(r.id) ?? []
    if (list.length >= MAX_HOLDERS) continue
    list.push(
      r.kind === 'supplier'
        ? { kind: 'supplier', code: r.code, name: r.name, ruc: r.ruc ?? '' }
        : { kind: 'employee', code: r.code, name: r.name },
    )
    byId.set(r.id, list)
  }
  return byId
}
