import { banks, companies, companyBankAccounts, recordAudit } from '@planillas/db'
import { COMPANY_ACCOUNT_MESSAGES } from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok, routeSchema } from '../../lib/envelope'
import { found, withUniqueMessages } from '../../lib/errors'
import { requireActiveBank } from '../banks/queries'

const columns = {
  id: companyBankAccounts.id,
  companyId: companyBankAccounts.companyId,
  bankCode: companyBankAccounts.bankCode,
  /** The bank's name even when it was suspended since (the dropdown lists active banks only). */
  bankName: banks.name,
  currency: companyBankAccounts.currency,
  accountType: companyBankAccounts.accountType,
  account: companyBankAccounts.account,
  interAccount: companyBankAccounts.interAccount,
  status: companyBankAccounts.status,
}

/** GET/POST /companies/:id/accounts: 'Cuentas de la empresa' (issue 14), audited. */
export async function companyAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get('/:id/accounts', {
    config: { permission: 'empresas_lista' },
    schema: {
      tags: ['companies'],
      ...routeSchema('GET /companies/:id/accounts'),
    },
    handler: async (req) =>
      ok(
        await app.db
          .select(columns)
          .from(companyBankAccounts)
          .innerJoin(banks, eq(banks.code, companyBankAccounts.bankCode))
          .where(eq(companyBankAccounts.companyId, req.params.id))
          .orderBy(asc(companyBankAccounts.id)),
      ),
  })

  app.post('/:id/accounts', {
    config: { permission: 'empresas_edicion' },
    schema: {
      tags: ['companies'],
      ...routeSchema('POST /companies/:id/accounts'),
    },
    handler: async (req) => {
      const id = await app.db.transaction(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, req.params.id))
        found(company)
        await requireActiveBank(tx, req.body.bankCode)
        const [row] = await withUniqueMessages(
          () =>
            tx
              .insert(companyBankAccounts)
              .values({ ...req.body, companyId: company.id, createdBy: req.user.email })
              .returning({ id: companyBankAccounts.id }),
          { company_bank_accounts_account_unique: COMPANY_ACCOUNT_MESSAGES.duplicate },
        )
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'company_bank_accounts',
          entityId: row.id,
          actor: req.user.email,
          description: `Registró la cuenta ${req.body.account} (banco ${req.body.bankCode}, ${req.body.currency}) de la empresa ${company.code} '${company.name}'`,
        })
        return row.id
      })
      return ok({ id }, [COMPANY_ACCOUNT_MESSAGES.created])
    },
  })
}
