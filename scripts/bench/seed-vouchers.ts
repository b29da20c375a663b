import {
  companies,
  companyBankAccounts,
  type Database,
  expenseLines,
  paymentVouchers,
  projectTypes,
} from '@planillas/db'
import { buildCci, rucCheckDigit } from '@planillas/domain'
import { asc, eq, sql } from 'drizzle-orm'

const BENCH_BANKS = ['002', '003', '009', '011']
const ruc = (stem: number) => `${stem}${rucCheckDigit(String(stem))}`

/**
 * The suppliers and their APROBADO vouchers, set-based: supplier n banks at BENCH_BANKS[n % 4];
 * n % 3 = 0 is under detracción (every second voucher of it, SPOT 037 at 12 %, and a BN account);
 * n % 5 = 1 is an agente de retención, n % 7 = 2 a buen contribuyente, n % 11 = 3 an agente de
 * percepción; every tenth supplier has a credit note against its first voucher.
 */
export async function seedVouchers(db: Database, size: { suppliers: number; vouchers: number }) {
  const SUPPLIERS = size.suppliers
  const VOUCHERS = size.vouchers
  const [company] = await db
    .insert(companies)
    .values({
      ruc: ruc(2060000002),
      name: 'Empresa Agente Benchmark S.A.',
      address: 'Av. Lima 2',
      retentionAgent: true,
    })
    .returning()
  const [account] = await db
    .insert(companyBankAccounts)
    .values({ companyId: company.id, bankCode: '002', currency: 'PEN', account: '1910123456079' })
    .returning()
  const [line] = await db.select().from(expenseLines).orderBy(asc(expenseLines.id)).limit(1)
  const [project] = await db.select().from(projectTypes).orderBy(asc(projectTypes.id)).limit(1)
  const n = Array.from({ length: SUPPLIERS }, (_, i) => i)
  const rucs = n.map((i) => ruc(2050000000 + i * 7))
  const bankCodes = n.map((i) => BENCH_BANKS[i % BENCH_BANKS.length])
  // An office and 10 digits, and the CCI built from them as BCP and Interbank build theirs: a pair
  // the supplier form and the run accept (docs/cci-account-rules.md).
  const offices = n.map((i) => String(100 + (i % 900)))
  const accounts = n.map((i) => `${offices[i]}${1_000_000_000 + i}`)
  const ccis = n.map((i) => buildCci(bankCodes[i], offices[i], String(1_000_000_000 + i)))
  await db.execute(sql`
    insert into suppliers (ruc, name, address, supplier_type, management_type, bank_identifier_type,
      bank_identifier, bank_holder, bank_code, bank_account, account_type, bank_inter_account,
      detraction_account, created_by)
    select r, 'PROVEEDOR BENCHMARK ' || lpad(i::text, 4, '0') || ' S.A.C.', 'Av. Javier Prado 1234',
      2, 1, 6, r, 'PROVEEDOR BENCHMARK ' || lpad(i::text, 4, '0') || ' S.A.C.', b, a, 2, c,
      case when i % 3 = 0 then '000' || lpad((10000000 + i)::text, 8, '0') end, 'bench'
    from unnest(${sql.param(n)}::int[], ${sql.param(rucs)}::text[], ${sql.param(bankCodes)}::text[],
      ${sql.param(accounts)}::text[], ${sql.param(ccis)}::text[]) as t(i, r, b, a, c)`)
  // Their tax status as open MANUAL periods (a fifth agents de retención, some de percepción, some buenos).
  await db.execute(sql`
    insert into tax_status_periods (ruc, kind, valid_from, source, created_by)
    select s.ruc, k.kind, date '2020-01-01', 'MANUAL', 'bench'
    from (select ruc, row_number() over (order by id) - 1 as i from suppliers where created_by = 'bench') s
    join (values ('AGENTE_RETENCION', 5, 1), ('AGENTE_PERCEPCION', 11, 3), ('BUEN_CONTRIBUYENTE', 7, 2))
      as k(kind, m, r) on s.i % k.m = k.r`)
  const creditNotes = Math.ceil(SUPPLIERS / 10)
  const approved = sql`3, ${project.id}, '202611-001', 'rrhh@bench', now(), 1, 'tesoreria@bench', now(), 'rrhh@bench'`
  // Voucher g of supplier g % SUPPLIERS: S/ 800.00 to S/ 5,799.99.
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) - 1 as i,
                 exists (select 1 from tax_status_periods t where t.ruc = suppliers.ruc) as exempt
               from suppliers where created_by = 'bench'),
    v as (select g, s.id as supplier_id, s.i, s.exempt, 80000 + (g * 7919) % 500000 as total,
            s.i % 3 = 0 and g % 2 = 0 as spot
          from generate_series(1, ${VOUCHERS - creditNotes}) g join s on s.i = g % ${SUPPLIERS})
    insert into payment_vouchers (company_id, supplier_id, type, series, number, issue_date,
      recording_period, due_date, base_cents, igv_cents, total_cents, description, expense_line_id, spot_code, detraction_rate_bp,
      detraction_table_rate_bp, detraction_cents, retention, retention_cents, retention_proposed, status,
      project_type_id, period, authorized_by, authorized_at, payment_type, approved_by, approved_at, created_by)
    select ${company.id}, supplier_id, case when g % 40 = 0 then '08' else '01' end, 'F001', g,
      date '2026-11-01' + g % 20, '202611', date '2026-11-25' + g % 5,
      round(total / 1.18), total - round(total / 1.18), total, 'Servicio de mantenimiento', ${line.id},
      case when spot then '037' end, case when spot then 1200 end, case when spot then 1200 end,
      case when spot then round(total * 0.12 / 100) * 100 else 0 end,
      not spot and not exempt, case when not spot and not exempt then round(total * 0.03) else 0 end,
      not spot and not exempt, ${approved}
    from v`)
  await db.execute(sql`
    insert into payment_vouchers (company_id, supplier_id, type, series, number, issue_date,
      recording_period, due_date, base_cents, igv_cents, total_cents, description, expense_line_id, credits_voucher_id, status,
      project_type_id, period, authorized_by, authorized_at, payment_type, approved_by, approved_at, created_by)
    select ${company.id}, supplier_id, '07', 'FC01', 1, date '2026-11-21', '202611', date '2026-11-25', 8475, 1525,
      10000, 'Descuento por volumen', ${line.id}, id, ${approved}
    from (select distinct on (supplier_id) id, supplier_id from payment_vouchers
          where type <> '07' order by supplier_id, id) f
    order by supplier_id
    limit ${creditNotes}`)
  await db.execute(sql`analyze suppliers`)
  await db.execute(sql`analyze payment_vouchers`)
  const ids = (
    await db
      .select({ id: paymentVouchers.id })
      .from(paymentVouchers)
      .where(eq(paymentVouchers.status, 3))
      .orderBy(asc(paymentVouchers.id))
  ).map((r) => r.id)
  return { accountId: account.id, ids }
}
