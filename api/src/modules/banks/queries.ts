import { banks, type Executor } from '@planillas/db'
import {
  BANK_MESSAGES,
  BANK_SOURCE,
  type BankFilter,
  type BankInput,
  type BankUpdateInput,
  RECORD_STATUS,
  type RecordStatus,
} from '@planillas/domain'
import { and, asc, eq, ilike, or } from 'drizzle-orm'
import { badRequest } from '../../lib/errors'
import { foldedLike, type ListPage, likePattern, orderByFor, pagedList, spanish } from '../../lists/paging'

const sortColumns = {
  code: banks.code,
  name: banks.name,
  shortName: banks.shortName,
  status: banks.status,
  createdAt: banks.createdAt,
}

const where = (filter: BankFilter) =>
  and(
    filter.search
      ? or(
          ilike(banks.code, likePattern(filter.search)),
          foldedLike(banks.name, filter.search),
          foldedLike(banks.shortName, filter.search),
        )
      : undefined,
    filter.status ? eq(banks.status, filter.status) : undefined,
  )

/** 'Mantenimiento › Bancos' (a few dozen rows): by code unless the page asks otherwise. */
export function listBankPage(db: Executor, filter: BankFilter, page: ListPage) {
  const orderBy = orderByFor(page.sort, sortColumns, { field: 'code', direction: 'asc' }, banks.code, {
    names: ['name', 'shortName'],
  })
  return pagedList(db, page, banks, (db) => db.select().from(banks).$dynamic(), where(filter), orderBy)
}

/** The dropdowns' list (`GET /banks`): active banks only, by name. */
export const activeBanks = (db: Executor) =>
  db
    .select({ id: banks.code, name: banks.name, shortName: banks.shortName })
    .from(banks)
    .where(eq(banks.status, RECORD_STATUS.ACTIVE))
    .orderBy(asc(spanish(banks.name)))

export type BankRow = typeof banks.$inferSelect

export const getBank = async (db: Executor, code: string): Promise<BankRow | undefined> =>
  (await db.select().from(banks).where(eq(banks.code, code)))[0]

/** A bank the administrator adds is theirs: the reference loader never changes it. */
export async function insertBank(db: Executor, input: BankInput, actor: string) {
  const [row] = await db
    .insert(banks)
    .values({ ...input, source: BANK_SOURCE.USER, createdBy: actor })
    .onConflictDoNothing({ target: banks.code })
    .returning()
  if (!row) throw badRequest(BANK_MESSAGES.duplicate(input.code))
  return row
}

/** Renaming a reference bank makes it the administrator's, so the next start does not undo it. */
export const updateBank = async (db: Executor, code: string, input: BankUpdateInput) =>
  (
    await db
      .update(banks)
      .set({ ...input, source: BANK_SOURCE.USER })
      .where(eq(banks.code, code))
      .returning()
  )[0]

export const setBankStatus = async (db: Executor, code: string, status: RecordStatus): Promise<BankRow> =>
  (await db.update(banks).set({ status }).where(eq(banks.code, code)).returning())[0]

/**
 * Refuses a bank code the catalogue does not hold or holds suspended: the employee form and the
 * company's accounts name their bank through this, so the message is the uploads' one.
 */
export async function requireActiveBank(db: Executor, code: string) {
  const bank = await getBank(db, code)
  if (!bank) throw badRequest(BANK_MESSAGES.unknown(code))
  if (bank.status !== RECORD_STATUS.ACTIVE) throw badRequest(BANK_MESSAGES.inactive(code))
  return bank
}
