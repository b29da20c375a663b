import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { companies } from '@planillas/db'
import { todayInLima } from '@planillas/domain'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { ensureFixtureBanks, insertFixtureEmployees } from '../payroll-fixtures'
import { perFile, standIn } from '../per-file'
import { createTestApp, type TestApp } from './app'
import { companyAccount } from './payments'

/** `filesDir`: the folder the order files are stored in; `companyId`: the company that pays them. */
export type PaymentOrdersTestApp = TestApp & { storage: FileStorage; filesDir: string; companyId: number }

/**
 * An API storing its files in a temporary folder (removed on close), with the fixture banks,
 * `employees` fixture employees and one company ('Empresa Demo S.A.C.') whose accounts pay the orders.
 */
export async function createPaymentOrdersTestApp(employees: number): Promise<PaymentOrdersTestApp> {
  const filesDir = await mkdtemp(path.join(tmpdir(), 'planillas-orders-'))
  const storage = createLocalStorage(filesDir)
  const t = await createTestApp({}, { storage })
  await ensureFixtureBanks(t.handle.db)
  await insertFixtureEmployees(t.handle.db, employees)
  const [company] = await t.handle.db
    .insert(companies)
    .values({ ruc: '20100070970', name: 'Empresa Demo S.A.C.', address: 'Av. Lima 123' })
    .returning()
  return {
    ...t,
    storage,
    filesDir,
    companyId: company.id,
    close: async () => {
      await t.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}

/** A payment-order request for a BCP file of the whole payroll, paid today from `companyAccountId`. */
export const orderBody = (payrollId: number, companyAccountId: number, over: object = {}) => ({
  payrollId,
  companyAccountId,
  format: 'BCP',
  paymentDate: todayInLima(),
  reference: 'Haberes',
  ...over,
})

/**
 * A test file's `createPaymentOrdersTestApp` and a BCP account of its company, made in its beforeAll
 * and closed in its afterAll (`perFile`); `bodyFor` is `orderBody` paid from that account.
 */
export function paymentOrderFixturesPerFile(employees: number): {
  t: PaymentOrdersTestApp
  bodyFor: (payrollId: number, over?: object) => ReturnType<typeof orderBody>
} {
  const made = perFile(async () => {
    const t = await createPaymentOrdersTestApp(employees)
    const accountId = (await companyAccount(t.handle.db, t.companyId, '1910123456078')).id
    return { t, accountId, close: () => t.close() }
  })
  return {
    t: standIn(() => made.t),
    bodyFor: (payrollId, over = {}) => orderBody(payrollId, made.accountId, over),
  }
}
