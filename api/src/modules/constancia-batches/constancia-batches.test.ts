import { auditLogs, constanciaBatches } from '@planillas/db'
import { CONSTANCIA_UPLOAD_MESSAGES as M } from '@planillas/domain'
import { paymentFixturesPerFile } from '@planillas/testing/api/payments'
import { constanciasForm, sunatFile, sunatRow } from '@planillas/testing/constancia-fixtures'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

// The upload side of 'Importar constancias'; the job (matching, recording, the rows not recorded)
// is tested across the tiers in scripts/constancia-pipeline.test.ts.

const { t } = paymentFixturesPerFile()

const upload = (content: string | Buffer, name?: string, who: 'tesoreria' | 'rrhh' = 'tesoreria') =>
  t.call(who, { method: 'POST', url: '/api/v1/constancia-batches', ...constanciasForm(content, name) })

const batchCount = async () => (await t.handle.db.select().from(constanciaBatches)).length

const row = sunatRow({ type: '01', series: 'F001', number: 1 }, '20601234567', '260000000001', '142.00')

describe('the upload', () => {
  it('refuses at once, storing nothing: no file, another kind of file, too many lines, a header without the columns', async () => {
    const before = await batchCount()
    const none = await upload('', '')
    expect(none.status).toBe(400)
    expect(none.body.messages).toEqual([M.file])
    expect((await upload(sunatFile([row]), 'constancias.xlsx')).body.messages).toEqual([M.fileExtension])
    expect((await upload(Buffer.from([1, 0, 2]), 'constancias.csv')).body.messages).toEqual([M.fileExtension])
    const lines = await upload('\n'.repeat(300_000))
    expect(lines.status).toBe(400)
    expect(lines.body.messages).toEqual([
      'El archivo tiene más de 300,000 líneas, el máximo permitido por carga',
    ])
    const old = await upload(`260000000001;202611;20601234567;05/12/2026;142.00;037;F001-1\n`)
    expect(old.status).toBe(400)
    expect(old.body.messages[0]).toMatch(
      /^Al encabezado del archivo le faltan las columnas 'Numero Constancia', /,
    )
    expect(await batchCount()).toBe(before)
  })

  it('is the treasurer’s: who does not record deposits is refused', async () => {
    expect((await upload(sunatFile([row]), undefined, 'rrhh')).status).toBe(403)
  })

  it('tells a file cut short that it arrived incomplete, and one too large its limit', async () => {
    const whole = constanciasForm('x')
    const head = whole.payload.subarray(0, whole.payload.indexOf('\r\n\r\n') + 4)
    const post = (payload: Buffer) =>
      t.call('tesoreria', {
        method: 'POST',
        url: '/api/v1/constancia-batches',
        headers: whole.headers,
        payload,
      })
    const cut = await post(Buffer.concat([head, Buffer.from('260000000001;202611;2060')]))
    expect(cut.status).toBe(400)
    expect(cut.body.messages).toEqual([M.incomplete])
    const large = await upload(Buffer.alloc(64 * 1024 * 1024 + 10, 'x;'))
    expect(large.status).toBe(400)
    expect(large.body.messages).toEqual(['El archivo de constancias no puede superar 64 MB'])
  })

  it('accepts SUNAT’s file at once: the batch PENDIENTE, its file and its audit entry', async () => {
    const res = await upload(sunatFile([row]), 'constancias.txt')
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual([M.accepted])
    const id = res.body.payload.id as number
    const batch = await t.call('tesoreria', { method: 'GET', url: `/api/v1/constancia-batches/${id}` })
    expect(batch.body.payload).toMatchObject({
      id,
      status: 1,
      matchedCount: 0,
      errorCount: 0,
      file: { name: 'constancias.txt', url: `/api/v1/constancia-batches/${id}/file` },
    })
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/constancia-batches/${id}/file`,
      headers: await t.as('tesoreria'),
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toMatch(/^text\/csv/)
    expect(file.rawPayload.equals(sunatFile([row]))).toBe(true)
    const list = await t.call('tesoreria', {
      method: 'POST',
      url: '/api/v1/constancia-batches/list',
      payload: {},
    })
    expect(list.body.payload.content[0]).toMatchObject({ id, status: 1 })
    const [audit] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'constancia_batches'), eq(auditLogs.entityId, String(id))))
    expect(audit.description).toBe(`Cargó el archivo de constancias de SUNAT 'constancias.txt': carga #${id}`)
  })
})
