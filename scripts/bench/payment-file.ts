import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PaymentFormat } from '@planillas/api/modules/payment-orders/formats'
import { generatePaymentOrder } from '@planillas/api/modules/payment-orders/generate'
import { companies, companyBankAccounts, payrolls } from '@planillas/db'
import { buildCci, formatCount } from '@planillas/domain'
import { createLocalStorage } from '@planillas/storage'
import { openTestDatabase } from '@planillas/testing/database'
import { ensureFixtureBanks, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { sql } from 'drizzle-orm'

/**
 * `npm run bench:payment-file` (issue 14): a payroll of BENCH_ROWS lines (default 100,000; half
 * BCP accounts, half other banks paid by CCI, every line with a CCI so the generic format takes it
 * too) turned into each format of BENCH_FORMATS (default BCP and CCI) by the same function the API
 * calls: check every line, then stream the file into the store, then record the order. Each format
 * is timed BENCH_ROUNDS times; before each round a full GC (the script runs with --expose-gc), then
 * the process's RSS is sampled every 5 ms to find its peak above the figure at the start.
 *
 * Bounds (docs/performance.md): best time under 3 s, and RSS growth at most 60 MB in every round.
 * Prints both and exits with 1 when either is missed. Uses DATABASE_URL when set (its own database,
 * dropped after), else the embedded PGlite (whose database lives in this process's memory, so its
 * RSS figure includes PostgreSQL's own buffers: use PostgreSQL for the memory bound).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const FORMATS = (process.env.BENCH_FORMATS ?? 'BCP,CCI').split(',') as PaymentFormat[]
const TARGET_SECONDS = 3
const RSS_BOUND_MB = 60
const MB = 1024 * 1024

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) console.warn('Sin --expose-gc: la memoria de partida de cada ronda incluye basura anterior')

const handle = await openTestDatabase()
const dir = await mkdtemp(path.join(tmpdir(), 'planillas-bench-pago-'))
const misses: string[] = []
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
  // Even rows: BCP savings accounts (with a BCP CCI); odd rows: BBVA accounts by a valid CCI.
  const bcpCci = buildCci('002', '191', '000012345678')
  await db.execute(sql`
    insert into payroll_lines (payroll_id, row_number, employee_id, identifier_type, identifier, full_name,
      bank_code, bank_account, bank_inter_account, amount)
    select ${payroll.id}, e.id + 1, e.id, 1, e.identifier, e.name || ' ' || e.surname || ' ÑÚÑEZ',
      case when e.id % 2 = 0 then '002' else '011' end,
      case when e.id % 2 = 0 then '191' || lpad(e.id::text, 11, '0') else '0011-0123-0200456789' end,
      case when e.id % 2 = 0 then ${bcpCci} else '01112300012345678977' end,
      1000 + (e.id % 500) + 0.5
    from employees e`)
  await db.execute(sql`analyze payroll_lines`)
  const storage = createLocalStorage(dir)
  // Each round's file replaces the previous one, as a clerk confirms it (one open order per payroll).
  let previous: number | undefined
  for (const format of FORMATS) {
    const times: number[] = []
    let growth = 0
    for (let round = 1; round <= ROUNDS; round++) {
      gc?.()
      const base = process.memoryUsage().rss
      let peak = base
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss)
      }, 5)
      const started = performance.now()
      const result = await generatePaymentOrder(
        db,
        storage,
        {
          payrollId: payroll.id,
          companyAccountId: account.id,
          format,
          paymentDate: '2026-11-30',
          reference: `Benchmark ${round}`,
          ...(previous ? { replacesOrderId: previous, confirmReplace: true } : {}),
        },
        'bench@planillas.pe',
      )
      const seconds = (performance.now() - started) / 1000
      clearInterval(sampler)
      peak = Math.max(peak, process.memoryUsage().rss)
      if (!result?.ok) throw new Error(`refused: ${JSON.stringify(result)}`)
      previous = result.id
      times.push(seconds)
      growth = Math.max(growth, peak - base)
      console.log(
        `${format} round ${round}: ${formatCount(result.lineCount)} lines, S/ ${result.totalAmount}, ${seconds.toFixed(2)} s, RSS ${Math.round(base / MB)} MB at start, +${Math.round((peak - base) / MB)} MB at peak`,
      )
    }
    const best = Math.min(...times)
    const timeMet = best < TARGET_SECONDS
    const memoryMet = growth <= RSS_BOUND_MB * MB
    console.log(
      `payment file (${format}) of ${formatCount(ROWS)} lines: best ${best.toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s ` +
        `(target < ${TARGET_SECONDS} s: ${timeMet ? 'met' : 'NOT met'}); peak RSS growth ${Math.round(growth / MB)} MB ` +
        `(bound ≤ ${RSS_BOUND_MB} MB: ${memoryMet ? 'met' : 'NOT met'})`,
    )
    if (!timeMet) misses.push(`${format}: ${best.toFixed(2)} s ≥ ${TARGET_SECONDS} s`)
    if (!memoryMet) misses.push(`${format}: RSS +${Math.round(growth / MB)} MB > ${RSS_BOUND_MB} MB`)
  }
} finally {
  await handle.close()
  await rm(dir, { recursive: true, force: true })
}
if (misses.length) {
  console.error(`bench:payment-file NOT met: ${misses.join('; ')}`)
  process.exitCode = 1
}
