import type { AddressInfo } from 'node:net'
import { CLIENT_ERROR_MESSAGES } from '@planillas/domain'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { rawExchange } from '@planillas/testing/raw-http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: 800 })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t.close())

/** Writes raw bytes (and keeps dribbling, when asked) and returns the whole answer. */
const raw = (head: string, dribble = false) => rawExchange(port, head, { dribble })

const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

describe('requests Node refuses before any route', () => {
  it('answers headers too large with a Spanish 431 envelope', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(envelopeOf(answer)).toEqual({
      status: 'ERROR',
      payload: null,
      messages: [CLIENT_ERROR_MESSAGES[431]],
    })
  })

  it('answers a body slower than the request timeout with a Spanish 408 envelope', async () => {
    const answer = await raw(
      'POST /api/v1/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      true,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(envelopeOf(answer).messages).toEqual([CLIENT_ERROR_MESSAGES[408]])
  })

  it('answers a path parameter longer than the router takes in Spanish, without echoing the path', async () => {
    const id = '9'.repeat(300)
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/areas/${id}`,
      headers: await t.as('admin'),
    })
    expect(response.statusCode).toBe(414)
    expect(response.json()).toEqual({
      status: 'ERROR',
      payload: null,
      messages: [CLIENT_ERROR_MESSAGES[414]],
    })
    expect(response.body).not.toContain(id)
  })
})
