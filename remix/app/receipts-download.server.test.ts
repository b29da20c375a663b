import { PAYMENT_UPLOAD_MESSAGES } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api.server'
import { downloadWhenReady } from './receipts-download.server'

const notReady = () => new ApiError(409, [PAYMENT_UPLOAD_MESSAGES.receiptsPreparing])

describe("'Descargar constancias' while the worker builds the merged PDF", () => {
  it('waits for a merge that is a moment away and passes the file on', async () => {
    let calls = 0
    const file = new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })
    const response = await downloadWhenReady(
      7,
      async () => {
        calls++
        if (calls < 3) throw notReady()
        return file
      },
      { waitMs: 1000, retryMs: 10 },
    )
    expect(response).toBe(file)
    expect(calls).toBe(3)
  })

  it('past the wait, answers a Spanish page that says so and refreshes itself, never a 500', async () => {
    const response = await downloadWhenReady(
      7,
      async () => {
        throw notReady()
      },
      { waitMs: 50, retryMs: 10 },
    )
    expect(response.status).toBe(409)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain(PAYMENT_UPLOAD_MESSAGES.receiptsPreparing)
    expect(html).toContain('<meta http-equiv="refresh" content="5">')
    expect(html).toContain('Constancias de la carga de abonos #7')
  })

  it('lets other answers through: a batch without receipts is still a 404', async () => {
    const gone = new ApiError(404, ['Esta carga de abonos no tiene constancias'])
    await expect(
      downloadWhenReady(7, async () => {
        throw gone
      }),
    ).rejects.toBe(gone)
  })
})
