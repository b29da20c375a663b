import {
  companies,
  companyBankAccounts,
  type Executor,
  expenseLines,
  projectTypes,
  rejectReasons,
  retentionReceiptDocuments,
} from '@planillas/db'
import { buildCci, rucCheckDigit, todayInLima } from '@planillas/domain'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { expect } from 'vitest'
import { perFile, standIn } from '../per-file'
import { manyPagesPdf } from '../receipt-fixtures'
import { createTestAppWithFiles, type FilesTestApp } from './app'

export const PDF = manyPagesPdf(1)
export const TODAY = todayInLima()

let sequence = 0
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`

/** A supplier body as the form sends it; `stem` makes its RUC unique. */
export function supplierBody(overrides: Record<string, unknown> = {}) {
  sequence++
  const id = ruc(String(2070000000 + sequence * 3_331))
  // Each supplier its own account: an account another supplier holds asks for a confirmation.
  const account = String(123_456_701 + sequence)
  return {
    ruc: id,
    name: `Proveedor de Prueba ${sequence} S.A.C.`,
    address: 'Av. Javier Prado Este 1234, San Isidro',
    contactName: 'Carla Ruiz',
    ubigeo: '150131',
    authorizer: 'Jefe de Operaciones',
    payer: 'Tesorería',
    phone: '014567890',
    mobile: '987654321',
    email: 'facturacion@proveedor.pe',
    supplierType: 2,
    managementType: 1,
    bankIdentifierType: 6,
    bankIdentifier: id,
    bankHolder: `Proveedor de Prueba ${sequence} S.A.C.`,
    bankId: '002',
    bankAccount: `193${account}`,
    accountType: 2,
    bankInterAccount: buildCci('002', '193', account),
    detractionAccount: '00012345678',
    retentionAgent: false,
    perceptionAgent: false,
    goodTaxpayer: false,
    ...overrides,
  }
}

/** A multipart body as a browser sends it: fields and named files. */
export async function multipart(
  fields: Record<string, string | number>,
  files: Record<string, { name: string; content: Buffer }> = {},
) {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value))
  for (const [key, file] of Object.entries(files))
    data.append(key, new Blob([new Uint8Array(file.content)]), file.name)
  const encoded = new Response(data)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}

export type PaymentFixtures = {
  companyId: number
  /** The RUC of `companyId`. */
  companyRuc: string
  agentCompanyId: number
  expenseLineId: number
  projectTypeId: number
  rejectReasonId: number
}

/** An API with file storage, two companies (one agente de retención) and the loaded catalogues. */
export async function createPaymentTestApp(): Promise<{ t: FilesTestApp; fx: PaymentFixtures }> {
  const t = await createTestAppWithFiles()
  const db = t.handle.db
  const [plain, agent] = await db
    .insert(companies)
    .values([
      { ruc: ruc('2060000001'), name: 'Empresa Pagadora S.A.C.', address: 'Av. Lima 1' },
      { ruc: ruc('2060000002'), name: 'Empresa Agente S.A.', address: 'Av. Lima 2', retentionAgent: true },
    ])
    .returning()
  const [line] = await db.select().from(expenseLines).orderBy(asc(expenseLines.id)).limit(1)
  const [project] = await db.select().from(projectTypes).orderBy(asc(projectTypes.id)).limit(1)
  const [reason] = await db.select().from(rejectReasons).orderBy(asc(rejectReasons.id)).limit(1)
  return {
    t,
    fx: {
      companyId: plain.id,
      companyRuc: plain.ruc,
      agentCompanyId: agent.id,
      expenseLineId: line.id,
      projectTypeId: project.id,
      rejectReasonId: reason.id,
    },
  }
}

/** A company's account at BBVA (002), in soles unless told: the account a run pays from. */
export async function companyAccount(
  db: Executor,
  companyId: number,
  account: string,
  currency: 'PEN' | 'USD' = 'PEN',
) {
  const [row] = await db
    .insert(companyBankAccounts)
    .values({ companyId, bankCode: '002', currency, account })
    .returning()
  return row
}

/** The soles accounts supplier runs pay from: the agent company's (…078) and the other company's (…079). */
export async function runAccounts(t: FilesTestApp, fx: PaymentFixtures) {
  const agent = await companyAccount(t.handle.db, fx.agentCompanyId, '1910123456078')
  const plain = await companyAccount(t.handle.db, fx.companyId, '1910123456079')
  return { agent: agent.id, plain: plain.id }
}

/**
 * `PaymentFixtures` with the supplier (and its RUC) and the company account `paymentFixturesPerFile`
 * was asked for.
 */
export type FilePaymentFixtures = PaymentFixtures & {
  supplierId: number
  supplierRuc: string
  accountId: number
}

/**
 * A test file's `createPaymentTestApp`, made in its beforeAll and closed in its afterAll
 * (`perFile`), with when asked a supplier (`fx.supplierId`, `createSupplier`'s, and `fx.supplierRuc`) and an account of
 * one of its companies (`fx.accountId`, `companyAccount`'s, in soles).
 */
export function paymentFixturesPerFile(
  options: { supplier?: boolean; account?: [company: 'companyId' | 'agentCompanyId', account: string] } = {},
): { t: FilesTestApp; fx: FilePaymentFixtures } {
  const made = perFile(async () => {
    const { t, fx } = await createPaymentTestApp()
    const supplierId = options.supplier ? await createSupplier(t) : 0
    const supplierRuc = options.supplier ? await rucOf(t, supplierId) : ''
    const [company, account] = options.account ?? []
    const accountId = company && account ? (await companyAccount(t.handle.db, fx[company], account)).id : 0
    return { t, fx: { ...fx, supplierId, supplierRuc, accountId }, close: () => t.close() }
  })
  return { t: standIn(() => made.t), fx: standIn(() => made.fx) }
}

/** A supplier's RUC, as the API shows it to the administrator. */
export const rucOf = async (t: FilesTestApp, supplierId: number) =>
  (await t.call('admin', { method: 'GET', url: `/api/v1/suppliers/${supplierId}` })).body.payload
    .ruc as string

/** Creates a supplier through the API (as the administrator) and returns its id. */
export async function createSupplier(
  t: FilesTestApp,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/suppliers',
    payload: supplierBody(overrides),
  })
  if (res.status !== 200) throw new Error(`supplier create failed: ${JSON.stringify(res.body)}`)
  return res.body.payload.id
}

let voucherSequence = 0

/** A factura's fields: S/ 1,000 + IGV S/ 180 = S/ 1,180.00, due in 30 days. */
export function voucherFields(
  supplierId: number,
  fx: PaymentFixtures,
  overrides: Record<string, string | number> = {},
) {
  voucherSequence++
  return {
    companyId: fx.companyId,
    supplierId,
    type: '01',
    series: 'F001',
    number: String(voucherSequence),
    issueDate: TODAY,
    dueDate: TODAY,
    base: '1000.00',
    igv: '180.00',
    total: '1180.00',
    description: 'Servicio de mantenimiento',
    expenseLineId: fx.expenseLineId,
    ...overrides,
  }
}

/** POST /payments (multipart with the PDF) as `who`. */
export async function postVoucher(
  t: FilesTestApp,
  who: Parameters<FilesTestApp['call']>[0],
  fields: Record<string, string | number>,
  files: Record<string, { name: string; content: Buffer }> = { pdf: { name: 'factura.pdf', content: PDF } },
) {
  return t.call(who, { method: 'POST', url: '/api/v1/payments', ...(await multipart(fields, files)) })
}

/** Registers a voucher as `who` (default the HR clerk) and returns its id. */
export async function registerVoucher(
  t: FilesTestApp,
  fields: Record<string, string | number>,
  who: Parameters<FilesTestApp['call']>[0] = 'rrhh',
): Promise<number> {
  const res = await postVoucher(t, who, fields)
  if (res.status !== 200) throw new Error(`voucher register failed: ${JSON.stringify(res.body)}`)
  return res.body.payload.id
}

/** POST /payments/{id}/{action} with a JSON body as `who`. */
export const step = (
  t: FilesTestApp,
  who: Parameters<FilesTestApp['call']>[0],
  id: number,
  action: 'authorize' | 'approve' | 'pay' | 'reject',
  payload: Record<string, unknown>,
) => t.call(who, { method: 'POST', url: `/api/v1/payments/${id}/${action}`, payload })

export const getVoucher = async (t: FilesTestApp, id: number) =>
  (await t.call('admin', { method: 'GET', url: `/api/v1/payments/${id}` })).body.payload

/**
 * A voucher registered (of the agent company unless told; S/ 1,180.00 unless told) and taken to
 * APROBADO: authorized by the HR clerk, approved by the treasurer.
 */
export async function approvedVoucher(
  t: FilesTestApp,
  fx: PaymentFixtures,
  supplierId: number,
  fields: Record<string, string | number> = {},
): Promise<number> {
  const id = await registerVoucher(
    t,
    voucherFields(supplierId, fx, { companyId: fx.agentCompanyId, ...fields }),
  )
  const auth = await step(t, 'rrhh', id, 'authorize', {
    projectTypeId: fx.projectTypeId,
    period: '202611-001',
  })
  if (auth.status !== 200) throw new Error(`authorize failed: ${JSON.stringify(auth.body)}`)
  const approve = await step(t, 'tesoreria', id, 'approve', { paymentType: 1 })
  if (approve.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approve.body)}`)
  return id
}

/**
 * A voucher registered with `fields` by the HR clerk and authorized by them under `period` (the
 * project's), expecting both to succeed; its id.
 */
export async function authorizedVoucher(
  t: FilesTestApp,
  fx: PaymentFixtures,
  fields: Record<string, string | number>,
  period = '202611-001',
): Promise<number> {
  const id = await registerVoucher(t, fields)
  const res = await step(t, 'rrhh', id, 'authorize', { projectTypeId: fx.projectTypeId, period })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return id
}

/**
 * A voucher registered with `fields`, authorized by the HR clerk and approved by the treasurer
 * (with `approval` added), expecting each step to succeed; its id.
 */
export async function expectApproved(
  t: FilesTestApp,
  fx: PaymentFixtures,
  fields: Record<string, string | number>,
  approval: Record<string, unknown> = {},
): Promise<number> {
  const id = await authorizedVoucher(t, fx, fields)
  const res = await step(t, 'tesoreria', id, 'approve', { paymentType: 1, ...approval })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return id
}

/**
 * The month's retention register (`period` 'AAAAMM') downloaded as `who`, expecting it served: the rows
 * of its 'Retenciones' sheet, the header first.
 */
export async function retentionRegisterRows(
  t: FilesTestApp,
  period: string,
  who: Parameters<FilesTestApp['call']>[0] = 'tesoreria',
): Promise<unknown[][]> {
  const res = await t.call(who, { method: 'GET', url: `/api/v1/retentions/register/xlsx?period=${period}` })
  expect(res.status).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.body)
  return (book.getWorksheet('Retenciones')?.getSheetValues().filter(Boolean) ?? []) as unknown[][]
}

/** What 'Generar pagos' sends: these vouchers from `companyAccountId`, our CCI workbook, paid today, 'Pago'. */
export type SupplierRunRequest = {
  voucherIds: number[]
  companyAccountId: number
  format?: string
  paymentDate?: string
  reference?: string
}

/** POST /supplier-runs as `who` (the treasurer unless told); the response. */
export const postSupplierRun = (
  t: FilesTestApp,
  run: SupplierRunRequest,
  who: Parameters<FilesTestApp['call']>[0] = 'tesoreria',
) =>
  t.call(who, {
    method: 'POST',
    url: '/api/v1/supplier-runs',
    payload: { format: 'CCI', paymentDate: TODAY, reference: 'Pago', ...run },
  })

/** `postSupplierRun` expecting the run generated; its id. */
export async function supplierRunId(t: FilesTestApp, run: SupplierRunRequest): Promise<number> {
  const res = await postSupplierRun(t, run)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.payload.id as number
}

/** The line a voucher paid with a retention has on its CRE (comprobante de retención). */
export const retentionDocumentOf = async (t: FilesTestApp, voucherId: number) =>
  (
    await t.handle.db
      .select()
      .from(retentionReceiptDocuments)
      .where(eq(retentionReceiptDocuments.voucherId, voucherId))
  )[0]

/** What 'Aprobar' proposes for a voucher, asked with `query` (spotCode…), as the treasurer reads it. */
export async function approvalProposal(
  t: FilesTestApp,
  id: number,
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  const url = `/api/v1/payments/${id}/approval-proposal${search ? `?${search}` : ''}`
  return (await t.call('tesoreria', { method: 'GET', url })).body.payload
}

/** Records the SBS venta rate of `day` (soles per dollar, '3.750') as the administrator. */
export const setExchangeRate = (t: FilesTestApp, day: string, rate: string) =>
  t.call('admin', { method: 'POST', url: '/api/v1/exchange-rates', payload: { day, rate } })
