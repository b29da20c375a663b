import { auditLogs, type payrollLines } from '@planillas/db'
import { IDENTIFIER_TYPE, todayInLima } from '@planillas/domain'
import {
  BANK_FILE_MESSAGES,
  BBVA_MESSAGES,
  type BbvaLineEnding,
  buildBbvaFile,
  encodeBbvaRecords,
} from '@planillas/domain/bank-files'
import { createPaymentOrdersTestApp, type PaymentOrdersTestApp } from '@planillas/testing/api/payment-orders'
import { insertOrderPayroll, ORDER_AMOUNTS } from '@planillas/testing/payment-fixtures'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePaymentOrder } from './payroll-order'

let t: PaymentOrdersTestApp
const accounts: Record<string, number> = {}
// A BCP account paid by its CCI (check digits 5 and 5).
const BCP_CCI = '00219100012345607855'

/** A BBVA account of 18 digits, one of 20 held by a RUC, and a BCP account paid by CCI. */
const LINES = [
  { bankCode: '011', bankAccount: '001101230100123456' },
  {
    bankCode: '011',
    bankAccount: '00110123450200456789',
    identifierType: IDENTIFIER_TYPE.RUC,
    identifier: '10456789124',
  },
  { bankCode: '002', bankAccount: '1910123456078', bankInterAccount: BCP_CCI },
]

/** A payroll paid into `LINES`. */
const seedPayroll = (code: string, over: Partial<typeof payrollLines.$inferInsert>[] = []) =>
  insertOrderPayroll(t.handle.db, code, LINES, over)

/** The same file built in memory by the domain's steps: the streamed one must be byte for byte it. */
function inMemory(reference: string, lineEnding: BbvaLineEnding) {
  const result = buildBbvaFile(
    {
      debitBankCode: '011',
      debitAccount: '001101230200456789',
      currency: 'PEN',
      paymentDate: todayInLima(),
      reference,
    },
    ORDER_AMOUNTS.map((amount, i) => ({
      rowNumber: i + 2,
      identifierType: IDENTIFIER_TYPE.DNI,
      identifier: fixtureDni(i),
      fullName: `Núñez ${i}, José`,
      bankInterAccount: null,
      ...LINES[i],
      amount,
      paid: false,
      awaitingReview: false,
    })),
    { lineEnding },
  )
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return Buffer.from(encodeBbvaRecords(result.file.records, lineEnding))
}

const generate = (body: object) =>
  t.call('rrhh', { method: 'POST', url: '/api/v1/payment-orders', payload: body })

async function download(orderId: number) {
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/v1/payment-orders/${orderId}/file`,
    headers: await t.as('rrhh'),
  })
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toBe('text/plain; charset=windows-1252')
  return file.rawPayload
}

/** The file read back by its positions (docs/bank-files.md), without the writer's code. */
function readBbva(text: string, lineEnd: string) {
  const [header, ...details] = text.split(lineEnd)
  const amount = (s: string) => Number(s) / 100
  return {
    header: {
      type: header.slice(0, 3),
      account: header.slice(3, 23),
      currency: header.slice(23, 26),
      total: amount(header.slice(26, 41)),
      process: header.slice(41, 42),
      dateAndHour: header.slice(42, 51),
      reference: header.slice(51, 76),
      count: Number(header.slice(76, 82)),
      ownership: header.slice(82, 83),
      zeros: header.slice(83, 101),
      rest: header.slice(101, 151),
    },
    details: details.map((d) => ({
      type: d.slice(0, 3),
      documentType: d.slice(3, 4),
      document: d.slice(4, 16),
      payment: d.slice(16, 17),
      account: d.slice(17, 37),
      name: d.slice(37, 77),
      amount: amount(d.slice(77, 92)),
      reference: d.slice(92, 132),
      rest: d.slice(132, 233),
    })),
    lengths: [header.length, ...details.map((d) => d.length)],
  }
}

beforeAll(async () => {
  t = await createPaymentOrdersTestApp(3)
  const url = `/api/v1/companies/${t.companyId}/accounts`
  for (const [key, body] of Object.entries({
    bbva: { bankCode: '011', currency: 'PEN', accountType: 'C', account: '001101230200456789' },
    bcp: { bankCode: '002', currency: 'PEN', accountType: 'C', account: '1910123456078' },
  })) {
    const created = await t.call('rrhh', { method: 'POST', url, payload: body })
    expect(created.status).toBe(200)
    accounts[key] = created.body.payload.id
  }
})
afterAll(() => t.close())

describe('BBVA Net Cash payment orders', () => {
  it('offers the format, saying which line end it writes and that the bank has not confirmed it', async () => {
    const res = await t.call('rrhh', { method: 'GET', url: '/api/v1/payment-orders/formats' })
    expect(res.body.payload).toContainEqual({
      code: 'BBVA',
      label: 'BBVA Net Cash · Haberes (.txt), fin de línea LF (por confirmar con el banco)',
    })
  })

  it('writes the file of a payroll from a BBVA account; read back by position, its totals are the payroll’s', async () => {
    const payroll = await seedPayroll('PL-BBVA-1')
    const res = await generate({
      payrollId: payroll.id,
      companyAccountId: accounts.bbva,
      format: 'BBVA',
      paymentDate: todayInLima(),
      reference: 'Haberes noviembre',
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toMatchObject({ lineCount: 3, totalAmount: 4480.75 })
    const list = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-orders?payrollId=${payroll.id}`,
    })
    const [order] = list.body.payload
    expect(order).toMatchObject({ format: 'BBVA', lineCount: 3, totalAmount: 4480.75, checksum: null })

    const bytes = await download(order.id)
    // LF between records, none after the last, no CR anywhere; Ñ is one byte (Windows-1252).
    expect(bytes.includes(0x0d)).toBe(false)
    expect(bytes[bytes.length - 1]).not.toBe(0x0a)
    expect(bytes.length).toBe(151 + 3 * (1 + 233))
    expect(bytes.equals(inMemory('Haberes noviembre', 'LF'))).toBe(true)
    const file = readBbva(bytes.toString('latin1'), '\n')
    expect(file.lengths).toEqual([151, 233, 233, 233])
    expect(file.header).toEqual({
      type: '700',
      account: '00110123000200456789',
      currency: 'PEN',
      total: 4480.75,
      process: 'A',
      dateAndHour: ' '.repeat(9),
      reference: 'HABERES NOVIEMBRE'.padEnd(25),
      count: 3,
      ownership: 'S',
      zeros: '0'.repeat(18),
      rest: ' '.repeat(50),
    })
    expect(file.details.map((d) => [d.type, d.documentType, d.document, d.payment, d.account])).toEqual([
      ['002', 'L', `${fixtureDni(0)}    `, 'P', '00110123000100123456'],
      ['002', 'R', '10456789124 ', 'P', '00110123450200456789'],
      ['002', 'L', `${fixtureDni(2)}    `, 'I', BCP_CCI],
    ])
    expect(file.details.map((d) => d.name.trimEnd())).toEqual([
      'NUÑEZ 0, JOSE',
      'NUÑEZ 1, JOSE',
      'NUÑEZ 2, JOSE',
    ])
    expect(file.details.map((d) => d.amount)).toEqual([1500.5, 2000, 980.25])
    expect(file.details.reduce((sum, d) => sum + Math.round(d.amount * 100), 0)).toBe(
      Math.round(file.header.total * 100),
    )
    for (const d of file.details) {
      expect(d.reference).toBe('HABERES NOVIEMBRE'.padEnd(40))
      expect(d.rest).toBe(' '.repeat(101))
    }
    const audit = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'payment_orders'))
    expect(audit[0].description).toContain('Generó el archivo de pago BBVA')
    expect(audit[0].description).toContain('fin de línea LF')
  })

  it('writes CRLF after every record when the setting says so', async () => {
    const payroll = await seedPayroll('PL-BBVA-2')
    const result = await generatePaymentOrder(
      t.handle.db,
      t.storage,
      {
        payrollId: payroll.id,
        companyAccountId: accounts.bbva,
        format: 'BBVA',
        paymentDate: todayInLima(),
        reference: 'Haberes CRLF',
      },
      'rrhh@planillas.pe',
      { bbvaLineEnding: 'CRLF' },
    )
    if (!result?.ok) throw new Error(JSON.stringify(result))
    const bytes = await download(result.id)
    expect(bytes.equals(inMemory('Haberes CRLF', 'CRLF'))).toBe(true)
    const text = bytes.toString('latin1')
    expect(text.split('\r\n').map((r) => r.length)).toEqual([151, 233, 233, 233, 0])
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false)
    expect(readBbva(text, '\r\n').header).toMatchObject({ total: 4480.75, count: 3 })
  })

  it('refuses a debit account of another bank and documents BBVA does not take yet, writing nothing', async () => {
    const payroll = await seedPayroll('PL-BBVA-3', [
      { identifierType: IDENTIFIER_TYPE.CE, identifier: '001234567' },
      {},
      { bankCode: '011', bankAccount: '0011012301', bankInterAccount: null },
    ])
    const body = {
      payrollId: payroll.id,
      format: 'BBVA',
      paymentDate: todayInLima(),
      reference: 'Haberes',
    }
    const other = await generate({ ...body, companyAccountId: accounts.bcp })
    expect(other.status).toBe(400)
    expect(other.body.messages).toEqual([
      'La cuenta de cargo debe ser una cuenta del BBVA',
      `Fila 2: ${BBVA_MESSAGES.documentType}`,
      `Fila 4: ${BBVA_MESSAGES.account}`,
    ])
    expect(BANK_FILE_MESSAGES.debitAccount('BBVA')).toBe('La cuenta de cargo debe ser una cuenta del BBVA')
    const long = await generate({
      ...body,
      companyAccountId: accounts.bbva,
      reference: 'Haberes de noviembre de 2026',
    })
    expect(long.body.messages).toContain(BANK_FILE_MESSAGES.reference(25))
    const list = await t.call('lector', {
      method: 'GET',
      url: `/api/v1/payment-orders?payrollId=${payroll.id}`,
    })
    // Every attempt was refused by its checks before writing: nothing stays of them.
    expect(list.body.payload).toEqual([])
  })
})
