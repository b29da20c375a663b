import { banks, companies, companyBankAccounts, type Executor, paymentOrders, payrolls } from '@planillas/db'
import { and, desc, eq } from 'drizzle-orm'

/** The account an order debits, with its company and bank (their names and status go into the checks). */
export async function debitAccount(db: Executor, accountId: number) {
  const [row] = await db
    .select({ account: companyBankAccounts, company: companies, bank: banks })
    .from(companyBankAccounts)
    .innerJoin(companies, eq(companies.id, companyBankAccounts.companyId))
    .innerJoin(banks, eq(banks.code, companyBankAccounts.bankCode))
    .where(eq(companyBankAccounts.id, accountId))
  return row as typeof row | undefined
}
export type DebitAccount = NonNullable<Awaited<ReturnType<typeof debitAccount>>>

/**
 * An order's file and its status (the order it replaces; who annulled it, when, why), as a payroll's
 * orders and the supplier runs both answer them.
 */
export const orderFileAndStatus = {
  fileName: paymentOrders.fileName,
  fileSize: paymentOrders.fileSize,
  sha256: paymentOrders.sha256,
  status: paymentOrders.status,
  replacesOrderId: paymentOrders.replacesOrderId,
  annulledBy: paymentOrders.annulledBy,
  annulledAt: paymentOrders.annulledAt,
  annulReason: paymentOrders.annulReason,
}

/** A payroll's payment orders, newest first, with the account they debit. */
export const ordersOfPayroll = (db: Executor, payrollId: number) =>
  db
    .select({
      id: paymentOrders.id,
      payrollId: paymentOrders.payrollId,
      format: paymentOrders.format,
      paymentDate: paymentOrders.paymentDate,
      reference: paymentOrders.reference,
      lineCount: paymentOrders.lineCount,
      totalAmount: paymentOrders.totalAmount,
      checksum: paymentOrders.checksum,
      ...orderFileAndStatus,
      failureReason: paymentOrders.failureReason,
      account: companyBankAccounts.account,
      bankCode: companyBankAccounts.bankCode,
      createdAt: paymentOrders.createdAt,
      createdBy: paymentOrders.createdBy,
    })
    .from(paymentOrders)
    .innerJoin(companyBankAccounts, eq(companyBankAccounts.id, paymentOrders.companyAccountId))
    .where(eq(paymentOrders.payrollId, payrollId))
    .orderBy(desc(paymentOrders.id))

/** The payroll, when it exists. */
export async function payrollById(db: Executor, id: number) {
  const [payroll] = await db.select({ id: payrolls.id }).from(payrolls).where(eq(payrolls.id, id))
  return payroll
}

/**
 * A payroll's payment order (a supplier run's orders are served by /supplier-runs, under its own
 * permission); with `payrollId`, only when it is that payroll's.
 */
export async function payrollOrder(db: Executor, id: number, payrollId?: number) {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.id, id),
        eq(paymentOrders.source, 'PAYROLL'),
        payrollId === undefined ? undefined : eq(paymentOrders.payrollId, payrollId),
      ),
    )
  return order
}
