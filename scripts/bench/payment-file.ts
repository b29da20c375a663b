import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generatePaymentOrder } from '@planillas/api/modules/payment-orders/generate'
import { companies, companyBankAccounts, payrolls } from '@planillas/db'
import { ensureFixtureBanks, insertFixtureEmployees } from '@planillas/db/payroll-fixtures'
import { createLocalStorage } from '@planillas/db/storage'
import { openTestDatabase } from '@planillas/db/testing'
import { formatCount } from '@planillas/domain'
import { sql } from 'drizzle-orm'

/**
 * `npm run bench:payment-file` (issue 14): a payroll of BENCH_ROWS lines (default 100,000; half
 * BCP accounts, half other banks paid by CCI) turned into the BCP Telecrédito file by the same
 * function the API calls: read the lines, check every one, write, encode, store, record. Timed
 * ROUNDS times (best and worst printed, the machine is shared); the process's RSS is sampled every
 * 10 ms to show the peak above the starting figure. Target: under 3 s. Uses DATABASE_URL when set
 * (its own database, dropped after), else the embedded PGlite.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TARGET_SECONDS = 3

const handle = await openTestDatabase()
const dir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-pago-'))
try {
  const { db } = handle
  await ensureFixtureBanks(db)
  await insertFixtureEmployees(db, ROWS)
  const [company] = await db
    .insert(companies)
    .values({ ruc: '20100070970', name: 'Empresa Benchmark S.A.C.', address: 'Av. Lima 123' })
    .returning()
  const [account] = await db
    .insert(companyBankAccounts)
    .values({ companyId: company.id, bankCode: '002', currency: 'PEN', account: '1910123456078' })
    .returning()
  const [payroll] = await db
    .insert(payrolls)
    .values({ code: 'PL-BENCH', name: 'Benchmark', type: 1, period: '202611' })
    .returning()
  // Even rows: BCP savings accounts; odd rows: BBVA accounts by a valid CCI (check digits 7, 7).
  await db.execute(sql`
    insert into payroll_lines (payroll_id, row_number, employee_id, identifier_type, identifier, full_name,
      bank_code, bank_account, bank_inter_account, amount)
    select ${payroll.id}, e.id + 1, e.id, 1, e.identifier, e.name || ' ' || e.surname || ' ÑÚÑEZ',
      case when e.id % 2 = 0 then '002' else '011' end,
      case when e.id % 2 = 0 then '191' || lpad(e.id::text, 11, '0') else '0011-0123-0200456789' end,
      case when e.id % 2 = 0 then null else '01112300012345678977' end,
      1000 + (e.id % 500) + 0.5
    from employees e`)
  const storage = createLocalStorage(dir)
  const times: number[] = []
  let peakAbove = 0
  for (let round = 1; round <= ROUNDS; round++) {
    global.gc?.()
    const base = process.memoryUsage().rss
    let peak = base
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 10)
    const started = performance.now()
    const result = await generatePaymentOrder(
      db,
      storage,
      {
        payrollId: payroll.id,
        companyAccountId: account.id,
        format: 'BCP',
        paymentDate: '2026-11-30',
        reference: `Benchmark ${round}`,
      },
      'bench@planillas.pe',
    )
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    if (!result?.ok) throw new Error(`refused: ${JSON.stringify(result)}`)
    times.push(seconds)
    peakAbove = Math.max(peakAbove, peak - base)
    console.log(
      `round ${round}: ${formatCount(result.lineCount)} lines, S/ ${result.totalAmount}, ${seconds.toFixed(2)} s, RSS +${Math.round((peak - base) / 1048576)} MB`,
    )
  }
  const best = Math.min(...times)
  console.log(
    `payment file (BCP) of ${formatCount(ROWS)} lines: best ${best.toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s ` +
      `(target < ${TARGET_SECONDS} s: ${best < TARGET_SECONDS ? 'met' : 'NOT met'}); peak RSS above start ${Math.round(peakAbove / 1048576)} MB`,
  )
} finally {
  await handle.close()
  await rm(dir, { recursive: true, force: true })
}
