// Across the tiers: a payroll uploaded through the API into a bank the administrator added, processed by
// the worker's own processor. It lives with the launchers (scripts/ may import every workspace), since the
// API and the worker never import each other (biome.json).

import { payrollBatchErrors, payrollBatches } from '@planillas/db'
import { BATCH_STATUS, buildCci, periodOptions } from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import { bankCalls, createBanksTestApp } from '@planillas/testing/api/banks'
import { fixtureDni, payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import { silentLogger } from '@planillas/worker/context'
import { processPayrollImport } from '@planillas/worker/processors/payroll-import'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: FilesTestApp

beforeAll(async () => {
  t = await createBanksTestApp()
})
afterAll(async () => {
  await t.close()
})

const ADDED = { code: '801', name: 'Caja Añadida por el Administrador', shortName: 'Caja Añadida' }
const { create, setStatus } = bankCalls(() => t)

describe('a payroll paid into a bank the administrator added', () => {
  // Each upload pays other amounts: the same workbook twice would be refused as a repeat.
  let upload = 0
  async function uploadAndProcess(bankCode: string) {
    upload += 1
    const rows = [0, 1, 2].map((n) => {
      const account = String(100_000_000_000 + n)
      return [
        1,
        fixtureDni(n),
        `APELLIDO ${n}, NOMBRE ${n}`,
        bankCode,
        account,
        buildCci(bankCode, '100', account),
        1500 + upload,
      ]
    })
    const data = new FormData()
    const fields = {
      code: `PL-${bankCode}-${Date.now()}`,
      period: periodOptions()[1],
      name: 'Cajas',
      type: '1',
    }
    for (const [key, value] of Object.entries(fields)) data.append(key, value)
    data.append('file', new Blob([new Uint8Array(await payrollWorkbook(rows))]), 'planilla.xlsx')
    const encoded = new Response(data)
    const res = await t.call('rrhh', {
      method: 'POST',
      url: '/api/v1/payroll-batch',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    })
    expect(res.status).toBe(200)
    const batchId = res.body.payload.id as number
    await processPayrollImport({ batchId }, { db: t.handle.db, storage: t.storage(), log: silentLogger })
    const [batch] = await t.handle.db.select().from(payrollBatches).where(eq(payrollBatches.id, batchId))
    const errors = await t.handle.db
      .select({ message: payrollBatchErrors.message })
      .from(payrollBatchErrors)
      .where(eq(payrollBatchErrors.batchId, batchId))
    return { status: batch.status, messages: [...new Set(errors.map((e) => e.message))] }
  }

  it('is refused while the code is unknown, PROCESADO once the bank is added, refused while suspended', async () => {
    expect((await create(ADDED)).status).toBe(200)
    expect(await uploadAndProcess('807')).toEqual({
      status: BATCH_STATUS.FAILED,
      messages: ['Código de banco no registrado: 807'],
    })
    expect(
      (
        await create({
          code: '807',
          name: 'Caja Municipal de Ahorro y Crédito de Maynas',
          shortName: 'Caja Maynas',
        })
      ).status,
    ).toBe(200)
    expect(await uploadAndProcess('807')).toEqual({ status: BATCH_STATUS.PROCESSED, messages: [] })
    expect((await setStatus('807', 2)).status).toBe(200)
    expect(await uploadAndProcess('807')).toEqual({
      status: BATCH_STATUS.FAILED,
      messages: ['El banco 807 está suspendido: actívelo en Mantenimiento › Bancos o use otro banco'],
    })
    // The template's bank list is the catalogue's active banks: the added 801, not the suspended 807.
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payroll-batch/template/xlsx',
      headers: await t.as('rrhh'),
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer)
    const notes = workbook.worksheets[1].getColumn(2).values.join('\n')
    expect(notes).toContain(ADDED.name)
    expect(notes).not.toContain('Caja Municipal de Ahorro y Crédito de Maynas')
  })
})
