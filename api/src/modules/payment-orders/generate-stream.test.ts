import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { companies, type DatabaseHandle, paymentOrders, payrollLines, payrolls } from '@planillas/db'
import { buildCci, IDENTIFIER_TYPE, PAYMENT_ORDER_STATUS } from '@planillas/domain'
import {
  BANK_FILE_MESSAGES,
  bcpTotalsStart,
  buildBcpFile,
  type PaymentFileHeader,
  type PaymentFileLine,
} from '@planillas/domain/bank-files'
import { createLocalStorage, type FileStorage, readAll, StorageUnavailableError } from '@planillas/storage'
import { companyAccount } from '@planillas/testing/api/payments'
import { openTestDatabase } from '@planillas/testing/database'
import { GENERIC_CCI_HEADER, insertPayrollWithLines } from '@planillas/testing/payment-fixtures'
import { ensureFixtureBanks, fixtureDni, insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_MESSAGES, PayrollChangedError, recheckedBatches } from './engine'
import { bcpFormat } from './formats'
import { generatePaymentOrder } from './payroll-order'
import { storeStreamed } from './streaming'

let handle: DatabaseHandle
let dir = ''
let storage: FileStorage
let accountId = 0
const BBVA_CCI = '01112300012345678977'
const BCP_CCI = buildCci('002', '191', '000012345678')

/** Seven lines: BCP and BBVA accounts, every one with a CCI, two sharing row 5 (ties go by id). */
async function seedPayroll(
  code: string,
  over: Record<number, Partial<typeof payrollLines.$inferInsert>> = {},
) {
  const rows = [2, 3, 4, 5, 5, 7, 8]
  return insertPayrollWithLines(
    handle.db,
    { code },
    rows.map((rowNumber, i) => ({
      rowNumber,
      bankCode: i % 2 ? '011' : '002',
      bankAccount: i % 2 ? '0011-0123-0200456789' : `191123456780${i}`,
      bankInterAccount: i % 2 ? BBVA_CCI : BCP_CCI,
      amount: `${1000 + i}.25`,
      ...over[i],
    })),
  )
}

const request = (payrollId: number, format: 'BCP' | 'CCI' = 'BCP') => ({
  payrollId,
  companyAccountId: accountId,
  format,
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre',
})

const filesIn = async (root: string): Promise<string[]> =>
  (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)

beforeAll(async () => {
  handle = await openTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-stream-'))
  storage = createLocalStorage(dir)
  await ensureFixtureBanks(handle.db)
  await insertFixtureEmployees(handle.db, 7)
  const [company] = await handle.db
    .insert(companies)
    .values({ ruc: '20100070970', name: 'Empresa Demo S.A.C.', address: 'Av. Lima 123' })
    .returning()
  const account = await companyAccount(handle.db, company.id, '1910123456078')
  accountId = account.id
})
afterAll(async () => {
  await handle.close()
  await rm(dir, { recursive: true, force: true })
})

const orderOf = async (id: number) =>
  (await handle.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]

/** The payroll's only order failed: no file, its lines released (the claim came first). */
const failedOnly = async (payrollId: number) => {
  const orders = await handle.db.select().from(paymentOrders).where(eq(paymentOrders.payrollId, payrollId))
  return orders.length === 1 && orders[0].status === PAYMENT_ORDER_STATUS.FAILED && orders[0].fileKey === null
}

describe('streamed payment files', () => {
  it('writes the same BCP file whatever the batch size: header first, every line in row order, hash and size of the stored bytes', async () => {
    const payroll = await seedPayroll('PL-STREAM-1')
    const files: Buffer[] = []
    let previous: number | undefined
    for (const batchSize of [2, 3, 1000]) {
      // Each file after the first replaces the one before, as a clerk confirms it.
      const replacing = previous ? { replacesOrderId: previous, confirmReplace: true } : {}
      const result = await generatePaymentOrder(
        handle.db,
        storage,
        { ...request(payroll.id), ...replacing },
        'test',
        {
          batchSize,
        },
      )
      if (!result?.ok) throw new Error(JSON.stringify(result))
      previous = result.id
      expect(result).toMatchObject({ lineCount: 7, totalAmount: '7022.75' })
      const order = await orderOf(result.id)
      const bytes = await readAll(await storage.get(order.fileKey ?? ''))
      expect(order.fileSize).toBe(bytes.length)
      expect(order.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
      files.push(bytes)
    }
    // Byte for byte the same file, and the in-memory writer's records.
    expect(files[0].equals(files[1])).toBe(true)
    expect(files[0].equals(files[2])).toBe(true)
    const records = files[0].toString('latin1').split('\r\n')
    expect(records.map((r) => r.length)).toEqual([113, ...Array(7).fill(195), 0])
    expect(records.slice(1, 8).map((r) => r.slice(23, 35).trim())).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map(fixtureDni),
    )
    const lines = await handle.db
      .select()
      .from(payrollLines)
      .where(eq(payrollLines.payrollId, payroll.id))
      .orderBy(payrollLines.rowNumber, payrollLines.id)
    const inMemory = buildBcpFile(
      header,
      lines.map((line) => ({ ...line, awaitingReview: false })),
      { companyReference: 'Empresa Demo S.A.C.' },
    )
    if (!inMemory.ok) throw new Error(JSON.stringify(inMemory.problems))
    expect(records.slice(0, 8)).toEqual(inMemory.file.records)
  })

  it('writes the generic CCI workbook through the streamed writer, in row order across batches', async () => {
    const payroll = await seedPayroll('PL-STREAM-2')
    const result = await generatePaymentOrder(handle.db, storage, request(payroll.id, 'CCI'), 'test', {
      batchSize: 2,
    })
    if (!result?.ok) throw new Error(JSON.stringify(result))
    const order = await orderOf(result.id)
    expect(order.checksum).toBeNull()
    const bytes = await readAll(await storage.get(order.fileKey ?? ''))
    expect(order.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('Transferencias')
    expect(sheet.getRow(1).values).toEqual([undefined, ...GENERIC_CCI_HEADER])
    expect(sheet.actualRowCount).toBe(8)
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'DNI',
      fixtureDni(0),
      'NUÑEZ 0, JOSE',
      BCP_CCI,
      'PEN',
      1000.25,
      'HABERES NOVIEMBRE',
    ])
    const amounts = [2, 3, 4, 5, 6, 7, 8].map((r) => Number(sheet.getRow(r).getCell(6).value))
    expect(amounts).toEqual([1000.25, 1001.25, 1002.25, 1003.25, 1004.25, 1005.25, 1006.25])
  })

  it('lists every problem of every batch with its line and stores nothing (a paid line is not carried)', async () => {
    const payroll = await seedPayroll('PL-STREAM-3', {
      0: { paid: true },
      2: { bankAccount: '191123' },
      6: { identifierType: IDENTIFIER_TYPE.RUC, identifier: '20100070970' },
    })
    const before = await filesIn(dir)
    const result = await generatePaymentOrder(handle.db, storage, request(payroll.id), 'test', {
      batchSize: 2,
    })
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: 4, message: BANK_FILE_MESSAGES.sameBankAccount('BCP') },
        { rowNumber: 8, message: BANK_FILE_MESSAGES.documentType('BCP') },
      ],
      refused: true,
    })
    expect(await filesIn(dir)).toEqual(before)
    // Refused by its checks: no order stays (its claim is removed with it).
    expect(
      await handle.db.select().from(paymentOrders).where(eq(paymentOrders.payrollId, payroll.id)),
    ).toEqual([])
  })

  it('abandons the file, stores nothing and says so when the lines change between the passes', async () => {
    const changes: Partial<typeof payrollLines.$inferInsert>[] = [{ paid: true }, { amount: '1.00' }]
    for (const [i, change] of changes.entries()) {
      const payroll = await seedPayroll(`PL-STREAM-CHANGED-${i}`)
      // The database as the generation sees it: its second read of lines (pass 2's first batch)
      // comes after the last line was paid, or its amount corrected, by someone else.
      let reads = 0
      const db = new Proxy(handle.db, {
        get(target, key, receiver) {
          if (key !== 'execute') return Reflect.get(target, key, receiver)
          return async (query: Parameters<typeof target.execute>[0]) => {
            if (++reads === 2)
              await target
                .update(payrollLines)
                .set(change)
                .where(and(eq(payrollLines.payrollId, payroll.id), eq(payrollLines.rowNumber, 8)))
            return target.execute(query)
          }
        },
      })
      const before = await filesIn(dir)
      const result = await generatePaymentOrder(db, storage, request(payroll.id), 'test', { batchSize: 1000 })
      expect(reads).toBe(2)
      expect(result).toEqual({
        ok: false,
        problems: [{ rowNumber: null, message: ORDER_MESSAGES.payrollChanged }],
      })
      expect(await filesIn(dir)).toEqual(before)
      expect(await failedOnly(payroll.id)).toBe(true)
    }
  })

  it('writes the CCI workbook in one pass: its lines are read once', async () => {
    const payroll = await seedPayroll('PL-STREAM-ONE-PASS')
    let reads = 0
    const db = new Proxy(handle.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver)
        return (query: Parameters<typeof target.execute>[0]) => {
          reads++
          return target.execute(query)
        }
      },
    })
    const result = await generatePaymentOrder(db, storage, request(payroll.id, 'CCI'), 'test', {
      batchSize: 1000,
    })
    expect(result).toMatchObject({ ok: true, lineCount: 7 })
    expect(reads).toBe(1)
    // The BCP file reads them twice: its header carries pass 1's count, sum and checksum.
    const other = await seedPayroll('PL-STREAM-TWO-PASSES')
    reads = 0
    expect(
      await generatePaymentOrder(db, storage, request(other.id), 'test', { batchSize: 1000 }),
    ).toMatchObject({
      ok: true,
    })
    expect(reads).toBe(2)
  })

  it('lists every problem of a one-pass CCI workbook, the first batch written and a later one too, and keeps nothing', async () => {
    const payroll = await seedPayroll('PL-STREAM-ONE-PASS-BAD', {
      3: { bankInterAccount: null },
      6: { bankInterAccount: '01112300012345678900' },
    })
    const before = await filesIn(dir)
    const result = await generatePaymentOrder(handle.db, storage, request(payroll.id, 'CCI'), 'test', {
      batchSize: 2,
    })
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: 5, message: BANK_FILE_MESSAGES.cciRequired },
        { rowNumber: 8, message: BANK_FILE_MESSAGES.cciRequired },
      ],
      refused: true,
    })
    expect(await filesIn(dir)).toEqual(before)
    expect(
      await handle.db.select().from(paymentOrders).where(eq(paymentOrders.payrollId, payroll.id)),
    ).toEqual([])
  })

  it('refuses a payroll without lines', async () => {
    const [payroll] = await handle.db
      .insert(payrolls)
      .values({ code: 'PL-STREAM-4', name: 'Vacía', type: 1, period: '202611' })
      .returning()
    expect(await generatePaymentOrder(handle.db, storage, request(payroll.id), 'test')).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BANK_FILE_MESSAGES.noLines }],
    })
  })
})

const header: PaymentFileHeader = {
  debitBankCode: '002',
  debitAccount: '1910123456078',
  debitAccountType: 'C',
  currency: 'PEN',
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre',
}
const line = (rowNumber: number, over: Partial<PaymentFileLine> = {}): PaymentFileLine => ({
  rowNumber,
  identifierType: 1,
  identifier: fixtureDni(rowNumber),
  fullName: 'Pérez, Ana',
  bankCode: '002',
  bankAccount: '19112345678012',
  bankInterAccount: null,
  amount: '100.00',
  paid: false,
  awaitingReview: false,
  ...over,
})

async function* batchesOf(...batches: PaymentFileLine[][]) {
  yield* batches
}

async function drain(batches: AsyncIterable<unknown[]>) {
  let lines = 0
  for await (const batch of batches) lines += batch.length
  return lines
}

describe('pass 2 checks the lines again', () => {
  const format = bcpFormat({ header, companyName: 'Empresa' })
  const start = bcpTotalsStart(header)
  const pass1 = { count: 2, totalCents: 20000n, checksum: start.checksum + 2n * 12345678012n }

  it('yields every line when they are as pass 1 saw them', async () => {
    expect(await drain(recheckedBatches(batchesOf([line(2)], [line(3)]), format, start, pass1))).toBe(2)
  })

  it('fails when a line no longer passes (paid or flagged meanwhile)', async () => {
    const paid = recheckedBatches(batchesOf([line(2)], [line(3, { paid: true })]), format, start, pass1)
    await expect(drain(paid)).rejects.toBeInstanceOf(PayrollChangedError)
    const flagged = recheckedBatches(
      batchesOf([line(2), line(3, { awaitingReview: true })]),
      format,
      start,
      pass1,
    )
    await expect(drain(flagged)).rejects.toBeInstanceOf(PayrollChangedError)
  })

  it('fails when the totals differ from pass 1 (a line added, removed or its amount changed)', async () => {
    const changed = recheckedBatches(
      batchesOf([line(2)], [line(3, { amount: '100.01' })]),
      format,
      start,
      pass1,
    )
    await expect(drain(changed)).rejects.toBeInstanceOf(PayrollChangedError)
    const added = recheckedBatches(batchesOf([line(2), line(3)], [line(4)]), format, start, pass1)
    await expect(drain(added)).rejects.toBeInstanceOf(PayrollChangedError)
    const removed = recheckedBatches(batchesOf([line(2)]), format, start, pass1)
    await expect(drain(removed)).rejects.toBeInstanceOf(PayrollChangedError)
  })
})

describe('storeStreamed', () => {
  it('stores what the writer streams, with its size and SHA-256', async () => {
    const local = await mkdtemp(path.join(tmpdir(), 'planillas-store-'))
    try {
      const store = createLocalStorage(local)
      const chunk = Buffer.alloc(50_000, 'A')
      const file = await storeStreamed(store, { name: 'a.txt', contentType: 'text/plain' }, async (out) => {
        for (let i = 0; i < 20; i++) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r))
        out.end()
      })
      const bytes = await readAll(await store.get(file.key))
      expect(bytes.length).toBe(1_000_000)
      expect(file.size).toBe(1_000_000)
      expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    } finally {
      await rm(local, { recursive: true, force: true })
    }
  })

  it("reports the store's own failure (a full disk) when it gives up while the writer waits", async () => {
    const full: FileStorage = {
      ...createLocalStorage(dir),
      // As the local store writes: a pipeline into a file that fails once the disk is full.
      async put(body) {
        let chunks = 0
        const disk = new Writable({
          write(_chunk, _encoding, callback) {
            callback(++chunks > 2 ? new StorageUnavailableError('ENOSPC') : null)
          },
        })
        await pipeline(body, disk)
        return 'nunca'
      },
    }
    // The BCP writer itself, 40,000 lines in batches of 500: it waits for the store, which stops.
    const format = bcpFormat({ header, companyName: 'Empresa' })
    const batches = Array.from({ length: 80 }, (_, b) =>
      Array.from({ length: 500 }, (_, i) => line(2 + b * 500 + i)),
    )
    const lines = recheckedBatches(batchesOf(...batches), format, bcpTotalsStart(header), {
      count: 40_000,
      totalCents: 40_000n * 10_000n,
      checksum: bcpTotalsStart(header).checksum + 40_000n * 12345678012n,
    })
    const failing = storeStreamed(full, { name: 'a.txt', contentType: 'text/plain' }, (out) =>
      format.write(out, { count: 40_000, totalCents: 0n, checksum: 0n }, lines),
    )
    await expect(failing).rejects.toBeInstanceOf(StorageUnavailableError)
  })

  it('leaves nothing stored when the writer fails before the store has started reading', async () => {
    const local = await mkdtemp(path.join(tmpdir(), 'planillas-store-'))
    try {
      const store = createLocalStorage(local)
      const failing = storeStreamed(store, { name: 'a.txt', contentType: 'text/plain' }, async () => {
        throw new PayrollChangedError()
      })
      await expect(failing).rejects.toBeInstanceOf(PayrollChangedError)
      expect(await filesIn(local)).toEqual([])
    } finally {
      await rm(local, { recursive: true, force: true })
    }
  })

  it("leaves nothing stored when the writer fails halfway, and throws the writer's error", async () => {
    const local = await mkdtemp(path.join(tmpdir(), 'planillas-store-'))
    try {
      const store = createLocalStorage(local)
      const failing = storeStreamed(store, { name: 'a.txt', contentType: 'text/plain' }, async (out) => {
        for (let i = 0; i < 10; i++)
          if (!out.write(Buffer.alloc(50_000, 'B'))) await new Promise((r) => out.once('drain', r))
        throw new PayrollChangedError()
      })
      await expect(failing).rejects.toBeInstanceOf(PayrollChangedError)
      expect(await filesIn(local)).toEqual([])
    } finally {
      await rm(local, { recursive: true, force: true })
    }
  })
})
