// The boletas from the API's request to the worker's e-mails on a real SMTP server process and the
// worker's acknowledgement through the public API. It lives with the launchers (scripts/ may import
// every workspace), since the API and the worker never import each other (biome.json).
import { auditLogs, boletaDeliveries } from '@planillas/db'
import { readZipEntries } from '@planillas/formats/xlsx-zip'
import { createLocalStorage } from '@planillas/storage'
import {
  createTestApp,
  createTestAppWithFiles,
  type FilesTestApp,
  IDLE_QUEUE,
  type TestApp,
} from '@planillas/testing/api/app'
import { insertBoletaPayroll } from '@planillas/testing/boleta-fixtures'
import { pdfPageTexts } from '@planillas/testing/payment-fixtures'
import { startTestSmtp, type TestSmtp } from '@planillas/testing/smtp-server'
import { silentLogger } from '@planillas/worker/context'
import { processPayrollBoletas } from '@planillas/worker/processors/payroll-boletas'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'rrhh', password: 'clave-de-prueba' })
  t = await createTestApp(
    { mail: { url: smtp.url, from: 'Recursos Humanos <rrhh@example.pe>' }, webUrl: 'http://planillas.test' },
    { jobs: IDLE_QUEUE },
  )
}, 120_000)
afterAll(async () => {
  await t?.close()
  await smtp?.stop()
})

describe('boletas by e-mail, acknowledged from the e-mail', () => {
  it('sends a payroll’s boletas with the PDF attached; the link acknowledges once, with when and from where', async () => {
    const { payrollId, lineIds } = await insertBoletaPayroll(t.handle.db, { code: 'PL-ACK', workers: 2 })
    const requested = await t.call('rrhh', {
      method: 'POST',
      url: `/api/v1/payroll/${payrollId}/boletas/runs`,
      payload: { kind: 2 },
    })
    expect(requested.status).toBe(200)
    // what the worker does with the job the API enqueued
    const outcome = await processPayrollBoletas(
      { payrollId, kind: 2 },
      {
        db: t.handle.db,
        storage: createLocalStorage('/tmp/planillas-boletas-unused'),
        log: silentLogger,
        mail: t.app.config.mail,
        webUrl: t.app.config.webUrl,
      },
    )
    expect(outcome).toEqual({ status: 3, done: 2, failed: 0 })
    const messages = await smtp.waitForMessages(2)
    const mail = messages.find((m) => !Array.isArray(m.to) && m.to?.text === 'trabajador0@example.pe')
    if (!mail) throw new Error('no llegó el correo')
    expect(mail.from?.value).toEqual([{ name: 'Recursos Humanos', address: 'rrhh@example.pe' }])
    expect(mail.attachments).toHaveLength(1)
    const [text] = await pdfPageTexts(mail.attachments[0].content)
    expect(text).toContain('Neto a pagar\nS/ 2,266.78')
    const link = /http:\/\/planillas\.test\/boletas\/acuse\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')
    if (!link) throw new Error('sin enlace')
    const url = `/api/v1/boletas/acknowledgements/${link[1]}`

    const shown = await t.app.inject({ method: 'GET', url })
    expect(shown.statusCode).toBe(200)
    expect(shown.json().payload).toMatchObject({
      workerName: 'APELLIDO 0, NOMBRE 0',
      period: '202606',
      already: false,
    })
    expect(shown.json().payload.acknowledgedAt).toBeNull()

    const first = await t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9' })
    expect(first.statusCode).toBe(200)
    expect(first.json().payload.already).toBe(false)
    const [delivery] = await t.handle.db
      .select()
      .from(boletaDeliveries)
      .where(eq(boletaDeliveries.payrollLineId, lineIds[0]))
    expect(delivery.acknowledgedFrom).toBe('203.0.113.9')
    expect(delivery.acknowledgedAt).toBeInstanceOf(Date)

    const second = await t.app.inject({ method: 'POST', url, remoteAddress: '198.51.100.1' })
    expect(second.json().payload).toMatchObject({ already: true })
    expect(new Date(second.json().payload.acknowledgedAt).getTime()).toBe(delivery.acknowledgedAt?.getTime())
    const [after] = await t.handle.db
      .select()
      .from(boletaDeliveries)
      .where(eq(boletaDeliveries.payrollLineId, lineIds[0]))
    expect(after.acknowledgedFrom).toBe('203.0.113.9')
    const audits = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'boleta_deliveries'), eq(auditLogs.action, 'UPDATE')))
    expect(audits.map((a) => [a.actor, a.description])).toEqual([
      [
        'trabajador0@example.pe',
        'Recepción de la boleta de 06/2026 de APELLIDO 0, NOMBRE 0 (planilla PL-ACK) confirmada desde 203.0.113.9',
      ],
    ])
    const summary = await t.call('lector', { method: 'GET', url: `/api/v1/payroll/${payrollId}/boletas` })
    expect(summary.body.payload).toMatchObject({ lines: 2, delivered: 2, acknowledged: 1, pending: 0 })
    expect(summary.body.payload.runs).toEqual([
      expect.objectContaining({ kind: 2, status: 3, progress: 100, done: 2, message: '2 boletas enviadas.' }),
    ])
  })
})

describe('a payroll’s boletas as one ZIP', () => {
  let files: FilesTestApp

  beforeAll(async () => {
    files = await createTestAppWithFiles()
  }, 120_000)
  afterAll(() => files?.close())

  it('is prepared by the worker with progress on the payroll, then downloaded with one PDF per worker', async () => {
    const { payrollId } = await insertBoletaPayroll(files.handle.db, { code: 'PL-ZIP-API', workers: 3 })
    const url = `/api/v1/payroll/${payrollId}/boletas`
    expect(
      (await files.call('rrhh', { method: 'POST', url: `${url}/runs`, payload: { kind: 1 } })).status,
    ).toBe(200)
    const pending = await files.call('lector', { method: 'GET', url })
    expect(pending.body.payload.runs).toEqual([
      expect.objectContaining({ kind: 1, status: 1, hasFile: false }),
    ])
    await processPayrollBoletas(
      { payrollId, kind: 1 },
      { db: files.handle.db, storage: files.storage(), log: silentLogger },
    )
    const done = await files.call('lector', { method: 'GET', url })
    expect(done.body.payload.runs).toEqual([
      expect.objectContaining({ kind: 1, status: 3, progress: 100, done: 3, hasFile: true }),
    ])
    const zip = await files.app.inject({
      method: 'GET',
      url: `${url}/zip`,
      headers: await files.as('lector'),
    })
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-disposition']).toContain('boletas-PL-ZIP-API-202606.zip')
    const entries = readZipEntries(zip.rawPayload)
    expect([...entries.keys()]).toEqual([
      'boleta-202606-10000000.pdf',
      'boleta-202606-10000001.pdf',
      'boleta-202606-10000002.pdf',
    ])
    const first = entries.get('boleta-202606-10000000.pdf')
    if (!first) throw new Error('sin boleta')
    const [text] = await pdfPageTexts(
      zip.rawPayload.subarray(first.dataOffset, first.dataOffset + first.compressedSize),
    )
    expect(text).toContain('Neto a pagar\nS/ 2,266.78')
  })
})
