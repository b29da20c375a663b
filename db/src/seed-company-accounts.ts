import { asc, count } from 'drizzle-orm'
import type { Database } from './executor'
import { companies, companyBankAccounts } from './schema/index'
import type { SeedStep } from './seed-step'

/**
 * Demo debit accounts ('Cuentas de la empresa'): a BCP current account in soles for the
 * first demo company, so 'Generar archivo de pago' works out of the box. Runs once.
 */
export const companyAccountSeedStep: SeedStep = {
  counted: ['cuenta de empresa nueva', 'cuentas de empresa nuevas'],
  run: async (db: Database) => {
    const [{ n }] = await db.select({ n: count() }).from(companyBankAccounts)
    if (n > 0) return 0
    const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1)
    if (!company) return 0
    await db.insert(companyBankAccounts).values([
      {
        companyId: company.id,
        bankCode: '002',
        currency: 'PEN',
        accountType: 'C',
        account: '1910123456078',
        createdBy: 'seed',
      },
    ])
    return 1
  },
}
