import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { auditLogs, boletaDeliveries, boletaRuns, type DatabaseHandle, loadBoletas } from '@planillas/db'
import { readZipEntries } from '@planillas/formats/xlsx-zip'
import { createLocalStorage, type FileStorage } from '@planillas/storage'
import { insertBoletaPayroll } from '@planillas/testing/boleta-fixtures'
import { openTestDatabase } from '@planillas/testing/database'
import { pdfPageTexts } from '@planillas/testing/payment-fixtures'
import { startTestSmtp, type TestSmtp } from '@planillas/testing/smtp-server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger, type WorkerContext } from '../context'
import { ackTokenHash, runBoletas } from './boleta-run'

let handle: DatabaseHandle
let dir: string
let storage: FileStorage
let smtp: TestSmtp

beforeAll(async () => {
  handle = await openTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'planillas-boletas-'))
  storage = createLocalStorage(dir)
  smtp = await startTestSmtp()
}, 120_000)

afterAll(async () => {
  await smtp?.stop()
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

const ctxWith = (mail: WorkerContext['mail']): WorkerContext => ({
  db: handle.db,
  storage,
  log: silentLogger,
  mail,
  webUrl: 'http://planillas.test',
})

async function request(payrollId: number, kind: 1 | 2) {
  await handle.db
    .insert(boletaRuns)
    .values({ payrollId, kind, requestedBy: 'prueba@planillas.pe' })
    .onConflictDoUpdate({ target: [boletaRuns.payrollId, boletaRuns.kind], set: { status: 1 } })
}

const runOf = async (payrollId: number, kind: number) =>
  (
    await handle.db
      .select()
      .from(boletaRuns)
      .where(and(eq(boletaRuns.payrollId, payrollId), eq(boletaRuns.kind, kind)))
  )[0]

describe('boletas of a payroll', () => {
  it('takes the employer from the contract in force, else from the employee record', async () => {
    const { payrollId, lineIds } = await insertBoletaPayroll(handle.db, { code: 'PL-LOAD', from: 100 })
    const [first, second] = await loadBoletas(handle.db, { payrollId, lineIds })
    expect(first.employer).toEqual({
      ruc: '20100070970',
      name: 'Comercial Andina S.A.C.',
      source: 'contract',
    })
    expect(first.worker).toMatchObject({ entryDate: '2024-03-01', position: 'Analista contable' })
    expect(first.concepts.map((c) => c.code)).toEqual(['0121', '0201', '0601', '0606', '0608', '0804'])
    expect(second.employer.source).toBe('employee')
    expect(second.worker.entryDate).toBeNull()
    expect(second.concepts).toEqual([])
    expect(second.amountCents).toBe(150_050)
  })

  it('writes every boleta into one ZIP in the store, with progress to 100', async () => {
    const { payrollId } = await insertBoletaPayroll(handle.db, { code: 'PL-ZIP', from: 200 })
    await request(payrollId, 1)
    const outcome = await runBoletas(ctxWith(null), { payrollId, kind: 1 })
    expect(outcome).toEqual({ status: 3, done: 3, failed: 0 })
    const run = await runOf(payrollId, 1)
    expect(run).toMatchObject({ status: 3, progress: 100, done: 3 })
    const zip = await buffer(await storage.get(run.fileKey as string))
    const entries = readZipEntries(zip)
    expect([...entries.keys()]).toEqual([
      'boleta-202606-10000200.pdf',
      'boleta-202606-10000201.pdf',
      'boleta-202606-10000202.pdf',
    ])
    const first = entries.get('boleta-202606-10000200.pdf')
    if (!first) throw new Error('sin boleta')
    const [page] = await pdfPageTexts(zip.subarray(first.dataOffset, first.dataOffset + first.compressedSize))
    expect(page).toContain('Neto a pagar\nS/ 2,266.78')
    // a finished run is not repeated by a second delivery of its job
    expect((await runBoletas(ctxWith(null), { payrollId, kind: 1 })).skipped).toBe(true)
  })

  it('e-mails each boleta with its PDF and acknowledgement link to the SMTP server, once', async () => {
    const { payrollId, lineIds } = await insertBoletaPayroll(handle.db, {
      code: 'PL-MAIL',
      from: 300,
      workers: 3,
      withEmail: 2,
    })
    await request(payrollId, 2)
    const before = (await smtp.messages()).length
    const outcome = await runBoletas(ctxWith({ url: smtp.url, from: 'Planillas <rrhh@example.pe>' }), {
      payrollId,
      kind: 2,
    })
    expect(outcome).toEqual({ status: 3, done: 2, failed: 0 })
    const messages = (await smtp.waitForMessages(before + 2)).slice(before)
    expect(messages.map((m) => m.to && !Array.isArray(m.to) && m.to.text).sort()).toEqual([
      'trabajador300@example.pe',
      'trabajador301@example.pe',
    ])
    const mail = messages.find((m) => !Array.isArray(m.to) && m.to?.text === 'trabajador300@example.pe')
    if (!mail) throw new Error('sin mensaje')
    expect(mail.subject).toBe('Boleta de pago - 06/2026 - Comercial Andina S.A.C.')
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['boleta-202606-10000300.pdf', 'application/pdf'],
    ])
    const [page] = await pdfPageTexts(mail.attachments[0].content)
    expect(page).toContain('Neto a pagar\nS/ 2,266.78')
    const token = /http:\/\/planillas\.test\/boletas\/acuse\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1]
    expect(token).toBeDefined()
    const deliveries = await handle.db
      .select()
      .from(boletaDeliveries)
      .where(eq(boletaDeliveries.payrollId, payrollId))
    expect(deliveries.map((d) => [d.payrollLineId, d.method, d.email]).sort()).toEqual([
      [lineIds[0], 1, 'trabajador300@example.pe'],
      [lineIds[1], 1, 'trabajador301@example.pe'],
    ])
    // only the hash is stored
    expect(deliveries.find((d) => d.payrollLineId === lineIds[0])?.ackTokenSha256).toBe(
      ackTokenHash(token as string),
    )
    const audits = await handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'boleta_deliveries'))
    expect(audits.some((a) => a.description.includes('enviada por correo a trabajador300@example.pe'))).toBe(
      true,
    )
    expect(await runOf(payrollId, 2)).toMatchObject({
      status: 3,
      progress: 100,
      message: '2 boletas enviadas.',
    })

    // asked again: the delivered ones are not sent twice
    await request(payrollId, 2)
    const again = await runBoletas(ctxWith({ url: smtp.url, from: 'rrhh@example.pe' }), {
      payrollId,
      kind: 2,
    })
    expect(again).toEqual({ status: 3, done: 0, failed: 0 })
    expect((await smtp.messages()).length).toBe(before + 2)
  })

  it('without an SMTP server closes the run with a Spanish message and delivers nothing', async () => {
    const { payrollId } = await insertBoletaPayroll(handle.db, { code: 'PL-NOMAIL', from: 400 })
    await request(payrollId, 2)
    expect(await runBoletas(ctxWith(null), { payrollId, kind: 2 })).toEqual({ status: 4, done: 0, failed: 0 })
    expect((await runOf(payrollId, 2)).message).toMatch(/No hay un servidor de correo configurado/)
    expect(
      await handle.db.select().from(boletaDeliveries).where(eq(boletaDeliveries.payrollId, payrollId)),
    ).toEqual([])
  })

  it('counts a refused message as failed and records no delivery for it', async () => {
    const { payrollId } = await insertBoletaPayroll(handle.db, { code: 'PL-FAIL', from: 500, workers: 1 })
    await request(payrollId, 2)
    const dead = { url: 'smtp://127.0.0.1:1', from: 'rrhh@example.pe' }
    expect(await runBoletas(ctxWith(dead), { payrollId, kind: 2 })).toEqual({ status: 4, done: 0, failed: 1 })
    expect((await runOf(payrollId, 2)).message).toBe(
      '0 boletas enviadas; 1 no se pudieron enviar (vuelva a intentarlo).',
    )
  })
})
