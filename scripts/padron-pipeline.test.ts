// The padrón loads across the tiers: the API's upload, list and file around the worker's job.
import { readdir } from 'node:fs/promises'
import { auditLogs, padronLoads } from '@planillas/db'
import { PADRON_MESSAGES as M } from '@planillas/domain'
import { createTestAppWithFiles, type FilesTestApp } from '@planillas/testing/api/app'
import { multipart } from '@planillas/testing/api/payments'
import { buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import { silentLogger } from '@planillas/worker/context'
import { processPadronLoad } from '@planillas/worker/processors/padron-load'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: FilesTestApp
beforeAll(async () => {
  t = await createTestAppWithFiles()
})
afterAll(() => t.close())

const HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|'
const ZIP = buildZip([
  deflatedPart(
    'padron_reducido_ruc.txt',
    Buffer.from(
      `${HEADER}\r\n20100070970|SUPERMERCADOS PERUANOS|ACTIVO|HABIDO|150131|-|-|-|-|-|-|-|-|-|-|\r\n`,
      'latin1',
    ),
  ),
])

const upload = async (
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  who: Parameters<FilesTestApp['call']>[0] = 'admin',
) =>
  t.call(who, {
    method: 'POST',
    url: '/api/v1/padron-loads',
    ...(await multipart(fields, file ? { file } : {})),
  })

const storedFiles = async () =>
  (await readdir(t.filesDir, { recursive: true })).filter((f) => /\.\w+$/.test(f))
const loadCount = async () => (await t.handle.db.select().from(padronLoads)).length

describe('padron loads', () => {
  it('are for administrators only', async () => {
    for (const who of ['rrhh', 'tesoreria'] as const) {
      expect((await upload({ kind: 'REDUCIDO' }, { name: 'p.zip', content: ZIP }, who)).status).toBe(403)
      expect(
        (await t.call(who, { method: 'POST', url: '/api/v1/padron-loads/list', payload: {} })).status,
      ).toBe(403)
    }
  })

  it('refuses at once a missing file or kind, another extension, a file that is not a ZIP and a bad date, storing nothing', async () => {
    const before = { loads: await loadCount(), files: await storedFiles() }
    const none = await upload({})
    expect(none.status).toBe(400)
    expect(none.body.messages).toEqual([M.kind, M.file])
    const pdf = await upload({ kind: 'REDUCIDO' }, { name: 'padron.pdf', content: Buffer.from('%PDF') })
    expect(pdf.body.messages).toEqual([M.extension])
    const fake = await upload(
      { kind: 'AGENTES_RETENCION' },
      { name: 'AgenRet_TXT.zip', content: Buffer.from('hola') },
    )
    expect(fake.body.messages).toEqual([M.notZip])
    const date = await upload({ kind: 'REDUCIDO', listDate: '31/02/2026' }, { name: 'p.zip', content: ZIP })
    expect(date.body.messages).toEqual(['Ingrese la fecha del padrón como DD/MM/AAAA'])
    expect(await loadCount()).toBe(before.loads)
    expect(await storedFiles()).toEqual(before.files)
  })

  it('answers a broken multipart body with a 400, storing nothing', async () => {
    const before = { loads: await loadCount(), files: await storedFiles() }
    const bodies: [string, string][] = [
      ['multipart/form-data', 'kind=REDUCIDO'],
      [
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nRED',
      ],
      [
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="p.zip"\r\n\r\nPK\u0003\u0004trunc',
      ],
      ['multipart/form-data; boundary=XyZ', ''],
    ]
    for (const [contentType, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/padron-loads',
        headers: { ...(await t.as('admin')), 'content-type': contentType },
        payload,
      })
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400)
    }
    expect(await loadCount()).toBe(before.loads)
    expect(await storedFiles()).toEqual(before.files)
  })

  it('stores the file, records the load PENDIENTE with its audit, and lists it with its progress once loaded', async () => {
    const res = await upload(
      { kind: 'REDUCIDO', listDate: '20/08/2026' },
      { name: 'padron_reducido_ruc.zip', content: ZIP },
    )
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual([M.accepted])
    const id = res.body.payload.id as number
    const [audit] = await t.handle.db.select().from(auditLogs).where(eq(auditLogs.entity, 'padron_loads'))
    expect(audit.description).toBe(
      "Cargó el padrón 'Padrón reducido del RUC' del 20/08/2026 ('padron_reducido_ruc.zip'): queda PENDIENTE",
    )
    const pending = await t.call('admin', { method: 'GET', url: `/api/v1/padron-loads/${id}` })
    expect(pending.body.payload).toMatchObject({
      kind: 'REDUCIDO',
      listDate: '2026-08-20',
      status: 1,
      progress: 0,
    })

    await processPadronLoad({ batchId: id }, { db: t.handle.db, storage: t.storage(), log: silentLogger })
    const list = await t.call('admin', { method: 'POST', url: '/api/v1/padron-loads/list', payload: {} })
    expect(list.status).toBe(200)
    expect(list.body.payload.content[0]).toMatchObject({
      id,
      status: 3,
      progress: 100,
      rucCount: 1,
      file: { name: 'padron_reducido_ruc.zip', url: `/api/v1/padron-loads/${id}/file`, size: ZIP.length },
    })
    const file = await t.call('admin', { method: 'GET', url: `/api/v1/padron-loads/${id}/file` })
    expect(file.status).toBe(200)
  })
})
