import {
  banks,
  companies,
  type Database,
  type Executor,
  paymentOrderVouchers,
  paymentVouchers,
  recordAudit,
  suppliers,
} from '@planillas/db'
import {
  type AccountHolder,
  CREDIT_NOTE_TYPE,
  centsToSoles,
  checkCciAccount,
  EXCHANGE_RATE_MESSAGES,
  type ExchangeRate,
  formatCents,
  formatCount,
  formatCurrencyCents,
  formatDate,
  formatMoney,
  formatRate,
  planSupplierRun,
  type RunSupplier,
  type RunSupplierLine,
  SHARED_ACCOUNT_MESSAGES,
  sharedAccountState,
  taxStatusChanges,
  taxStatusChangeText,
  taxStatusOn,
  todayInLima,
  VOUCHER_STATUS,
  voucherNumber,
  voucherStatus,
} from '@planillas/domain'
import {
  BANK_FILE_MESSAGES,
  GENERIC_CCI_CURRENCIES,
  type PaymentFileLine,
} from '@planillas/domain/bank-files'
import type { FileStorage } from '@planillas/storage'
import { and, asc, eq, sql } from 'drizzle-orm'
import { rucStandingWarnings } from '../../lib/ruc-standing'
import { spanish } from '../../lists/paging'
import { exchangeRateForRun } from '../exchange-rates/service'
import { anyId, CLAIM_MESSAGES, type OpenOrder, openOrdersOf, voucherSource } from '../payment-orders/claims'
import { fileHeader, ORDER_MESSAGES, OrderProblemsError, writeOrder } from '../payment-orders/engine'
import { genericCciFormat } from '../payment-orders/formats'
import { type DebitAccount, debitAccount } from '../payment-orders/queries'
import { holdersBySupplier } from '../suppliers/shared-account'
import { suspensionsBySupplier } from '../suppliers/suspension'
import { periodsByRuc } from '../suppliers/tax-status'
import { retentionTable } from '../vouchers/proposal'
import {
  type DetractionFileWritten,
  type DetractionVoucher,
  detractionProblems,
  LotsExhaustedError,
  writeDetractionFile,
} from './detractions'

export type SupplierRunRequest = {
  voucherIds: number[]
  companyAccountId: number
  format: 'CCI'
  paymentDate: string
  reference: string
  replacesOrderId?: number
  confirmReplace?: boolean
}

export type SupplierRunResult =
  | {
      ok: true
      id: number
      lineCount: number
      voucherCount: number
      totalCents: number
      detractionFile: DetractionFileWritten | null
      statusChanges: SupplierStatusChange[]
      /** Suppliers paid into an account another beneficiary also holds (confirmed): a warning. */
      sharedAccounts: string[]
      rucWarnings: string[]
    }
  /** `conflict`: only because of another open run (a 409 the clerk may confirm); else a 422. */
  | { ok: false; problems: string[]; conflict?: boolean }

/** A supplier whose tax status on the payment date differs from the day its vouchers were approved. */
export type SupplierStatusChange = { supplierId: number; supplierName: string; changes: string[] }

const CURRENCY_NAMES: Record<string, string> = { PEN: 'soles (PEN)', USD: 'dólares (USD)' }
const currencyName = (code: string) => CURRENCY_NAMES[code] ?? code

export const RUN_MESSAGES = {
  currency:
    'La cuenta de cargo de una orden de pago a proveedores debe ser en soles (PEN) o en dólares (USD)',
  /** A run pays in its debit account's currency (docs/decisions/usd-vouchers.md): one file per currency. */
  otherCurrency: (v: string, voucher: string, account: string) =>
    `${v}: está en ${currencyName(voucher)} y la cuenta de cargo es en ${currencyName(account)}; una orden paga solo comprobantes en la moneda de su cuenta de cargo: retírelo y páguelo en otra orden desde una cuenta en ${currencyName(voucher)}`,
  voucherMissing: (id: number) => `El comprobante con identificador ${id} no existe`,
  notApproved: (v: string, status: number) =>
    `${v}: está ${voucherStatus[status as keyof typeof voucherStatus]?.label ?? 'en otro estado'}; solo se pagan comprobantes APROBADOS`,
  otherCompany: (v: string, company: string, accountCompany: string) =>
    `${v}: es de ${company}, y la cuenta de cargo es de ${accountCompany}; una orden paga los comprobantes de una sola empresa`,
  supplierNoCci: (supplier: string) =>
    `${supplier}: no tiene CCI registrado; las transferencias por CCI se abonan al CCI del proveedor`,
  /** Saved before its form refused the pair (docs/cci-account-rules.md): paying by it pays another account. */
  supplierCciOtherAccount: (supplier: string) =>
    `${supplier}: su CCI no corresponde a su número de cuenta (en este banco el CCI contiene la cuenta); corrija sus datos bancarios en Proveedores`,
  supplierBank: (supplier: string, bank: string) =>
    `${supplier}: su banco (${bank}) está SUSPENDIDO; no se le pueden hacer transferencias`,
  noDetractionAccount: (v: string) =>
    `${v}: tiene detracción y el proveedor no tiene cuenta de detracciones (Banco de la Nación) registrada`,
  netNotPositive: (supplier: string, net: string) =>
    `${supplier}: el neto a pagar es ${net}; debe ser mayor que cero`,
  noRetentionRate: (date: string) =>
    `No hay una tasa de retención vigente al ${formatDate(date)}: no se puede calcular la retención`,
  inOpenRun: (v: string, o: OpenOrder) =>
    `${v}: ya está en la orden de pago N° ${o.id} (${o.format}, pago del ${formatDate(o.paymentDate)}), que sigue vigente`,
  alreadySent: (vouchers: string[], o: OpenOrder) =>
    `${vouchers.length === 1 ? `El comprobante ${vouchers[0]} ya se envió` : `Los comprobantes ${vouchers.join(', ')} ya se enviaron`} al banco en la orden de pago N° ${o.id} (${o.format}, pago del ${formatDate(o.paymentDate)}, ${formatMoney(o.totalAmount)}), que sigue vigente. Para generar otra orden confirme que reemplaza la orden N° ${o.id}, o anúlela primero.`,
  changedMeanwhile: (v: string, status: number) =>
    `${v}: cambió a ${voucherStatus[status as keyof typeof voucherStatus]?.label ?? 'otro estado'} mientras se generaba la orden; no se guardó nada`,
} as const

/** A run's voucher: what the checks, the plan, the BN file and the problems' labels read of it. */
const runVoucherColumns = {
  id: paymentVouchers.id,
  companyId: paymentVouchers.companyId,
  supplierId: paymentVouchers.supplierId,
  type: paymentVouchers.type,
  series: paymentVouchers.series,
  number: paymentVouchers.number,
  issueDate: paymentVouchers.issueDate,
  status: paymentVouchers.status,
  currency: paymentVouchers.currency,
  totalCents: paymentVouchers.totalCents,
  spotCode: paymentVouchers.spotCode,
  detractionCents: paymentVouchers.detractionCents,
  detractionExchangeRateMilli: paymentVouchers.detractionExchangeRateMilli,
  detractionDepositedOn: paymentVouchers.detractionDepositedOn,
  creditsVoucherId: paymentVouchers.creditsVoucherId,
  approvedAt: paymentVouchers.approvedAt,
}

/** 'Proveedor S.A.C. (R.U.C. 20…) · F001-00000012', how a problem names a voucher. */
const voucherLabel = (supplier: { name: string }, v: { series: string; number: number }) =>
  `${supplier.name} · ${voucherNumber(v.series, v.number)}`

/**
 * The vouchers with the columns the run uses (a whole row joined to its supplier, bank and company,
 * 10,000 times over, cost more to map than everything else); their few suppliers and companies
 * apart. In the file's order: suppliers by name, each one's vouchers by issue date and number.
 */
async function loadRows(db: Database, voucherIds: number[]) {
  const vouchers = await db
    .select(runVoucherColumns)
    .from(paymentVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentVouchers.supplierId))
    .where(anyId(paymentVouchers.id, voucherIds))
    .orderBy(
      asc(spanish(suppliers.name)),
      asc(suppliers.id),
      asc(paymentVouchers.issueDate),
      asc(paymentVouchers.id),
    )
  const supplierIds = [...new Set(vouchers.map((v) => v.supplierId))]
  const companyIds = [...new Set(vouchers.map((v) => v.companyId))]
  const [supplierRows, companyRows] = await Promise.all([
    db
      .select({ supplier: suppliers, bank: banks })
      .from(suppliers)
      .innerJoin(banks, eq(banks.code, suppliers.bankCode))
      .where(anyId(suppliers.id, supplierIds)),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(anyId(companies.id, companyIds)),
  ])
  const supplierById = new Map(supplierRows.map((r) => [r.supplier.id, r]))
  const companyById = new Map(companyRows.map((c) => [c.id, c]))
  return vouchers.map((voucher) => {
    const { supplier, bank } = supplierById.get(voucher.supplierId) as (typeof supplierRows)[number]
    return {
      voucher,
      supplier,
      bank,
      company: companyById.get(voucher.companyId) as (typeof companyRows)[number],
    }
  })
}
type RunRow = Awaited<ReturnType<typeof loadRows>>[number]

/** Everything a run's checks read, loaded at once. */
async function loadRun(db: Database, request: SupplierRunRequest) {
  const [account, rows, retentionRows, open] = await Promise.all([
    debitAccount(db, request.companyAccountId),
    loadRows(db, request.voucherIds),
    retentionTable(db),
    openOrdersOf(db, 'VOUCHER', request.voucherIds),
  ])
  const [periods, suspensions, holders] = await Promise.all([
    periodsByRuc(
      db,
      rows.map((r) => r.supplier.ruc),
    ),
    suspensionsBySupplier(
      db,
      rows.map((r) => r.supplier.id),
    ),
    holdersBySupplier(db, [...new Set(rows.map((r) => r.supplier.id))]),
  ])
  // A run of dollar vouchers: the SBS venta rate its retention and net are computed at.
  const usdRate = rows.some((r) => r.voucher.currency === 'USD')
    ? await exchangeRateForRun(db, request.paymentDate)
    : undefined
  return { account, rows, retentionRows, open, periods, suspensions, holders, usdRate }
}
type LoadedRun = Awaited<ReturnType<typeof loadRun>>

/** The account's, each voucher's and each supplier's problems, every one listed. */
function rowProblems(
  request: SupplierRunRequest,
  account: DebitAccount | undefined,
  rows: RunRow[],
  holders: Map<number, AccountHolder[]>,
) {
  const problems: string[] = []
  if (account?.account.status !== 1) problems.push(ORDER_MESSAGES.accountMissing)
  else if (account.bank.status !== 1) problems.push(ORDER_MESSAGES.bankSuspended(account.bank.name))
  const ids = new Set(rows.map((r) => r.voucher.id))
  for (const id of request.voucherIds) if (!ids.has(id)) problems.push(RUN_MESSAGES.voucherMissing(id))
  const supplierSeen = new Set<number>()
  for (const { voucher, supplier, bank, company } of rows) {
    const label = voucherLabel(supplier, voucher)
    if (voucher.status !== VOUCHER_STATUS.APPROVED)
      problems.push(RUN_MESSAGES.notApproved(label, voucher.status))
    // docs/decisions/usd-vouchers.md: a run pays in its account's currency, one file per currency.
    if (account?.account.status === 1 && voucher.currency !== account.account.currency)
      problems.push(RUN_MESSAGES.otherCurrency(label, voucher.currency, account.account.currency))
    if (account && voucher.companyId !== account.company.id)
      problems.push(RUN_MESSAGES.otherCompany(label, company.name, account.company.name))
    if (voucher.detractionCents > 0 && !voucher.detractionDepositedOn && !supplier.detractionAccount)
      problems.push(RUN_MESSAGES.noDetractionAccount(label))
    if (supplierSeen.has(supplier.id)) continue
    supplierSeen.add(supplier.id)
    if (!supplier.bankInterAccount) problems.push(RUN_MESSAGES.supplierNoCci(supplier.name))
    else if (
      checkCciAccount(supplier.bankCode, supplier.bankAccount, supplier.bankInterAccount) === 'mismatch'
    )
      problems.push(RUN_MESSAGES.supplierCciOtherAccount(supplier.name))
    if (bank.status !== 1) problems.push(RUN_MESSAGES.supplierBank(supplier.name, bank.name))
    if (sharedAccountState(supplier) === 'PENDING')
      problems.push(SHARED_ACCOUNT_MESSAGES.runPending(supplier.name, holders.get(supplier.id) ?? []))
  }
  return problems
}

/**
 * The run's suppliers whose account or CCI another supplier or an employee also holds, confirmed (or
 * taken by the other since): the run pays them and says so (docs/decisions/shared-accounts.md).
 */
function sharedAccountWarnings(loaded: LoadedRun): string[] {
  const seen = new Set<number>()
  const warnings: string[] = []
  for (const { supplier } of loaded.rows) {
    if (seen.has(supplier.id)) continue
    seen.add(supplier.id)
    const others = loaded.holders.get(supplier.id)
    if (others?.length && sharedAccountState(supplier) !== 'PENDING')
      warnings.push(SHARED_ACCOUNT_MESSAGES.runShared(supplier.name, others))
  }
  return warnings
}

/**
 * Each supplier's line, with the retention of the vouchers paid together in this run, and the CCI
 * file's lines checked against the format now so each problem names its supplier.
 */
function planRun(request: SupplierRunRequest, loaded: LoadedRun, problems: string[]) {
  const { account, rows } = loaded
  const supplierById = new Map(rows.map((r) => [r.supplier.id, r.supplier]))
  // Each supplier's tax status on the payment date, from its RUC's periods (the law's date), and its
  // suspension certificates, which a recibo por honorarios' fourth-category retention reads.
  const statusById = new Map<number, RunSupplier>(
    [...supplierById.values()].map((s) => [
      s.id,
      {
        id: s.id,
        ...taxStatusOn(loaded.periods.get(s.ruc) ?? [], request.paymentDate),
        suspensions: loaded.suspensions.get(s.id) ?? [],
      },
    ]),
  )
  // Dollar vouchers without the payment date's rate: refused naming the day, and not planned.
  const rateMissing = rows.some((r) => r.voucher.currency === 'USD') && !loaded.usdRate
  // (From a soles account the vouchers' currency is the refusal, not the rate.)
  if (rateMissing && account?.account.currency === 'USD')
    problems.push(EXCHANGE_RATE_MESSAGES.missingRate(request.paymentDate))
  const plan =
    account && !rateMissing
      ? planSupplierRun(
          rows.map((r) => r.voucher),
          statusById,
          account.company.retentionAgent,
          loaded.retentionRows,
          request.paymentDate,
          loaded.usdRate?.sellRateMilli ?? null,
        )
      : []
  if (!plan) problems.push(RUN_MESSAGES.noRetentionRate(request.paymentDate))
  const lines = plan ?? []
  const supplierOf = (line: RunSupplierLine) => supplierById.get(line.supplierId) as RunRow['supplier']
  for (const line of lines)
    if (line.netCents <= 0)
      problems.push(
        RUN_MESSAGES.netNotPositive(
          supplierOf(line).name,
          formatCurrencyCents(account?.account.currency ?? 'PEN', line.netCents),
        ),
      )
  const header = account ? fileHeader(account.account, request) : null
  // Our workbook's 'Moneda' says the account's currency: a dollar account's run is written in dollars.
  const format =
    header && account
      ? genericCciFormat({ header, companyName: account.company.name }, GENERIC_CCI_CURRENCIES)
      : null
  if (format && header)
    for (const p of format.checkHeader(header))
      problems.push(p.message === BANK_FILE_MESSAGES.currency ? RUN_MESSAGES.currency : p.message)
  const fileLines = lines.map((line, i) => fileLineOf(supplierOf(line), line, i))
  if (format)
    for (const [i, fileLine] of fileLines.entries()) {
      if (lines[i].netCents <= 0 || !fileLine.bankInterAccount) continue
      for (const message of format.checkLine(fileLine).problems)
        problems.push(`${supplierOf(lines[i]).name}: ${message}`)
    }
  return { lines, header, format, fileLines, statusChanges: statusChangesOf(request, loaded, lines) }
}

/**
 * Each supplier whose status on the payment date is not what it was on the day its vouchers were
 * approved (the earliest, Lima), said in words with what it means for this run's retention.
 */
function statusChangesOf(request: SupplierRunRequest, loaded: LoadedRun, lines: RunSupplierLine[]) {
  const approvedOn = new Map<number, string>()
  const supplierById = new Map(loaded.rows.map((r) => [r.supplier.id, r.supplier]))
  for (const { voucher } of loaded.rows) {
    if (!voucher.approvedAt) continue
    const day = todayInLima(voucher.approvedAt)
    const earliest = approvedOn.get(voucher.supplierId)
    if (!earliest || day < earliest) approvedOn.set(voucher.supplierId, day)
  }
  const changes: SupplierStatusChange[] = []
  for (const line of lines) {
    const supplier = supplierById.get(line.supplierId)
    const from = approvedOn.get(line.supplierId)
    if (!supplier || !from || from >= request.paymentDate) continue
    const found = taxStatusChanges(loaded.periods.get(supplier.ruc) ?? [], from, request.paymentDate)
    if (!found.length) continue
    const retained = line.vouchers.some((v) => v.retentionCents > 0)
    changes.push({
      supplierId: supplier.id,
      supplierName: supplier.name,
      changes: found.map((c) => taxStatusChangeText(c, retained)),
    })
  }
  return changes
}

/** A supplier's line of the CCI file: its bank data and its net once. */
const fileLineOf = (s: RunRow['supplier'], line: RunSupplierLine, i: number): PaymentFileLine => ({
  rowNumber: i + 1,
  identifierType: s.bankIdentifierType,
  identifier: s.bankIdentifier,
  fullName: s.bankHolder,
  bankCode: s.bankCode,
  bankAccount: s.bankAccount,
  bankInterAccount: s.bankInterAccount,
  amount: centsToSoles(Math.max(line.netCents, 0)),
  paid: false,
  awaitingReview: false,
})

/** The detracciones file: one line per voucher with a detracción not yet deposited, and its problems. */
function detractionsToDeposit(account: DebitAccount | undefined, rows: RunRow[], problems: string[]) {
  const toDeposit: DetractionVoucher[] = rows.filter(
    (r) =>
      r.voucher.detractionCents > 0 &&
      !r.voucher.detractionDepositedOn &&
      r.voucher.type !== CREDIT_NOTE_TYPE,
  )
  if (account)
    for (const p of detractionProblems(account.company, toDeposit)) {
      const r = p.rowNumber === null ? null : (toDeposit[p.rowNumber - 1] as RunRow)
      problems.push(r ? `${voucherLabel(r.supplier, r.voucher)} (detracción): ${p.message}` : p.message)
    }
  return toDeposit
}

/**
 * A voucher in another open run: listed with the rest when there are other problems, else the 409
 * to confirm (the clerk confirms naming the run it replaces). Null when the run may be written.
 */
function claimProblems(
  request: SupplierRunRequest,
  loaded: LoadedRun,
  problems: string[],
): { ok: false; problems: string[]; conflict?: boolean } | null {
  const byId = new Map(loaded.rows.map((r) => [r.voucher.id, r]))
  const claimed = new Map<number, { order: OpenOrder; vouchers: string[] }>()
  for (const [voucherId, order] of loaded.open) {
    const r = byId.get(voucherId)
    if (!r) continue
    const entry = claimed.get(order.id) ?? { order, vouchers: [] }
    entry.vouchers.push(voucherNumber(r.voucher.series, r.voucher.number))
    claimed.set(order.id, entry)
  }
  const replaces = replacedOrder(request)
  if (problems.length) {
    for (const [voucherId, order] of loaded.open) {
      const r = byId.get(voucherId)
      if (r && order.id !== replaces)
        problems.push(RUN_MESSAGES.inOpenRun(voucherLabel(r.supplier, r.voucher), order))
    }
    return { ok: false, problems }
  }
  const unconfirmed = [...claimed.values()].filter((c) => c.order.id !== replaces)
  if (unconfirmed.length)
    return {
      ok: false,
      conflict: true,
      problems: unconfirmed.map((c) => RUN_MESSAGES.alreadySent(c.vouchers, c.order)),
    }
  if (request.replacesOrderId !== undefined && (replaces === undefined || !claimed.has(replaces)))
    return { ok: false, conflict: true, problems: [CLAIM_MESSAGES.replacedNotOpen(request.replacesOrderId)] }
  return null
}

const replacedOrder = (request: SupplierRunRequest) =>
  request.confirmReplace === true ? request.replacesOrderId : undefined

/**
 * 'Generar pagos': a payment run over APROBADO supplier vouchers, written by the payment-order
 * engine (writeOrder) as the generic CCI transfers Excel, one line per supplier paid its net once.
 * Loaded (`loadRun`), then every voucher and supplier checked and every problem listed; then the
 * engine stores the file and, in one transaction (`recordRun`), records the order, claims each
 * voucher (one open run per voucher: of two runs at once the database lets one commit), its
 * vouchers' amounts, the Banco de la Nación detracciones file with its lote, and the audit entry.
 */
export async function generateSupplierRun(
  db: Database,
  storage: FileStorage,
  request: SupplierRunRequest,
  actor: string,
): Promise<SupplierRunResult> {
  const loaded = await loadRun(db, request)
  const { account, rows } = loaded
  const problems = rowProblems(request, account, rows, loaded.holders)
  const { lines, header, format, fileLines, statusChanges } = planRun(request, loaded, problems)
  const toDeposit = detractionsToDeposit(account, rows, problems)
  const refused = claimProblems(request, loaded, problems)
  if (refused) return refused
  if (!account || !format || !header) return { ok: false, problems }
  const written: { file: DetractionFileWritten | null } = { file: null }
  const result = await writeOrder(db, storage, {
    formatCode: request.format,
    format,
    header,
    lines: async function* () {
      yield fileLines
    },
    fileName: `pago-proveedores-${request.format.toLowerCase()}-${request.paymentDate}.xlsx`,
    source: 'VOUCHERS',
    payrollId: null,
    companyAccountId: account.account.id,
    paymentDate: request.paymentDate,
    reference: request.reference,
    claims: request.voucherIds.map(voucherSource),
    replacesOrderId: replacedOrder(request),
    actor,
    record: (tx, order) =>
      recordRun(tx, storage, {
        request,
        account,
        rows,
        lines,
        toDeposit,
        actor,
        order,
        written,
        statusChanges,
        usdRate: loaded.usdRate,
      }),
    async abandoned() {
      if (written.file) await storage.delete(written.file.fileKey)
    },
  })
  if (!result.ok)
    return { ok: false, conflict: result.conflict, problems: result.problems.map((p) => p.message) }
  return {
    ok: true,
    id: result.id,
    lineCount: result.lineCount,
    voucherCount: rows.length,
    totalCents: Number(result.totalAmount.replace('.', '')),
    detractionFile: written.file,
    statusChanges,
    sharedAccounts: sharedAccountWarnings(loaded),
    rucWarnings: await rucStandingWarnings(
      db,
      loaded.rows.map((r) => r.supplier),
    ),
  }
}

type RecordInput = {
  request: SupplierRunRequest
  account: DebitAccount
  rows: RunRow[]
  lines: RunSupplierLine[]
  toDeposit: DetractionVoucher[]
  actor: string
  order: { id: number }
  written: { file: DetractionFileWritten | null }
  statusChanges: SupplierStatusChange[]
  /** A dollar run: the SBS rate of the payment date its retention was computed at. */
  usdRate: ExchangeRate | undefined
}

/** The run's transaction: its vouchers still APROBADO (locked), their amounts, the BN file, the audit. */
async function recordRun(tx: Executor, storage: FileStorage, input: RecordInput) {
  const { request, account, order, actor } = input
  await lockStillApproved(tx, request.voucherIds, input.rows)
  await refuseUnconfirmedAccounts(tx, input.rows)
  await insertAmounts(tx, order.id, account.account.currency, input.lines, actor)
  try {
    input.written.file = await writeDetractionFile(tx, storage, {
      orderId: order.id,
      company: account.company,
      paymentDate: request.paymentDate,
      vouchers: input.toDeposit,
      actor,
    })
  } catch (error) {
    if (error instanceof LotsExhaustedError)
      throw new OrderProblemsError([{ rowNumber: null, message: error.message }])
    throw error
  }
  await recordAudit(tx, {
    action: 'CREATE',
    entity: 'payment_orders',
    entityId: order.id,
    actor,
    description: runAuditText(input),
  })
}

/** The vouchers as they are now, locked until the run commits: still APROBADO, still theirs. */
async function lockStillApproved(tx: Executor, voucherIds: number[], rows: RunRow[]) {
  const current = await tx
    .select({ id: paymentVouchers.id, status: paymentVouchers.status })
    .from(paymentVouchers)
    .where(anyId(paymentVouchers.id, voucherIds))
    .orderBy(asc(paymentVouchers.id))
    .for('update')
  const changed = current.filter((c) => c.status !== VOUCHER_STATUS.APPROVED)
  if (!changed.length) return
  const byId = new Map(rows.map((r) => [r.voucher.id, r]))
  throw new OrderProblemsError(
    changed.map((c) => {
      const r = byId.get(c.id) as RunRow
      return {
        rowNumber: null,
        message: RUN_MESSAGES.changedMeanwhile(voucherLabel(r.supplier, r.voucher), c.status),
      }
    }),
  )
}

/**
 * A supplier whose account became 'por confirmar' while the run was prepared (an edit saved a shared
 * account meanwhile): its row is locked against such an edit until the run commits, and refused.
 */
async function refuseUnconfirmedAccounts(tx: Executor, rows: RunRow[]) {
  const ids = [...new Set(rows.map((r) => r.supplier.id))]
  const pending = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      and(
        anyId(suppliers.id, ids),
        sql`${suppliers.sharedAccountBy} is not null and ${suppliers.sharedAccountConfirmedBy} is null`,
      ),
    )
    .orderBy(asc(suppliers.id))
    .for('share')
  if (pending.length)
    throw new OrderProblemsError(
      pending.map((p) => ({ rowNumber: null, message: SHARED_ACCOUNT_MESSAGES.runPending(p.name, []) })),
    )
}

/**
 * Each voucher's amounts in the run, in one statement whatever the run's size: a row per voucher
 * from arrays (a multi-row VALUES of 10,000 vouchers would pass PostgreSQL's 65,535 parameters).
 */
async function insertAmounts(
  tx: Executor,
  orderId: number,
  currency: string,
  lines: RunSupplierLine[],
  actor: string,
) {
  const amounts = lines.flatMap((line, i) => line.vouchers.map((v) => ({ ...v, line, lineNumber: i + 1 })))
  const column = <T>(pick: (a: (typeof amounts)[number]) => T) => sql.param(amounts.map(pick))
  await tx.execute(sql`
    insert into ${paymentOrderVouchers} (order_id, voucher_id, supplier_id, line_number, currency,
      retention_exchange_rate_milli, total_cents, detraction_cents, retention_cents, fourth_category_cents,
      net_cents, created_by)
    select ${orderId}, v, s, l, ${currency}, x, t, d, r, f, n, ${actor}
    from unnest(${column((a) => a.voucherId)}::int[], ${column((a) => a.line.supplierId)}::int[],
      ${column((a) => a.lineNumber)}::int[], ${column((a) => a.exchangeRateMilli)}::int[],
      ${column((a) => a.totalCents)}::bigint[],
      ${column((a) => a.detractionCents)}::bigint[], ${column((a) => a.retentionCents)}::bigint[],
      ${column((a) => a.fourthCategoryCents)}::bigint[],
      ${column((a) => a.netCents)}::bigint[]) as u(v, s, l, x, t, d, r, f, n)`)
}

function runAuditText({
  request,
  account,
  rows,
  lines,
  order,
  written,
  statusChanges,
  usdRate,
}: RecordInput) {
  const sum = (key: 'netCents' | 'detractionCents' | 'retentionCents' | 'fourthCategoryCents') =>
    lines.reduce((s, l) => s + l[key], 0)
  const replaces = replacedOrder(request)
  const replaced = replaces
    ? `; el usuario confirmó que reemplaza la orden #${replaces}, cuyos comprobantes ya se habían enviado al banco`
    : ''
  const file = written.file
  const bn = file
    ? `; depósito de detracciones lote ${file.lot} (${formatCount(file.lineCount)} ${file.lineCount === 1 ? 'comprobante' : 'comprobantes'}, ${formatCents(file.totalCents)}, SHA-256 ${file.sha256})`
    : ''
  const count = rows.length
  return `Generó la orden de pago a proveedores ${request.format} #${order.id}: ${formatCount(lines.length)} ${lines.length === 1 ? 'proveedor' : 'proveedores'}, ${formatCount(count)} ${count === 1 ? 'comprobante' : 'comprobantes'}, neto ${formatCurrencyCents(account.account.currency, sum('netCents'))}${usdRate ? ` (tipo de cambio ${formatRate(usdRate.sellRateMilli)} del ${formatDate(usdRate.day)})` : ''} (detracciones ${formatCents(sum('detractionCents'))}, retenciones ${formatCents(sum('retentionCents'))}${sum('fourthCategoryCents') ? `, retenciones de cuarta categoría ${formatCents(sum('fourthCategoryCents'))}` : ''}), cuenta de cargo ${account.account.account}${bn}${replaced}${statusChanges.map((c) => `; ${c.supplierName}: ${c.changes.join(', ')}`).join('')}`
}
