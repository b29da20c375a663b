import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exchange } from './api-transport.server'

/** A stand-in API that echoes what it received and counts the connections opened to it. */
let server: Server
let url = ''
let connections = 0
const bodyOf = async (req: IncomingMessage) => {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await bodyOf(req)
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization, body }))
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('exchange', () => {
  it('sends the method, headers and body and answers the status and text', async () => {
    const answer = await exchange(`${url}/api/v1/areas?page=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"search":"ñandú"}',
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({
      method: 'POST',
      url: '/api/v1/areas?page=1',
      auth: 'Bearer t',
      body: '{"search":"ñandú"}',
    })
    const missing = await exchange(`${url}/missing`, { method: 'GET', headers: {} })
    expect(missing.status).toBe(404)
  })

  it('keeps the connection open for the next calls', async () => {
    const before = connections
    for (let i = 0; i < 5; i++) await exchange(`${url}/x`, { method: 'GET', headers: {} })
    expect(connections - before).toBeLessThanOrEqual(1)
  })

  it('rejects when the API cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(exchange(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {} })).rejects.toThrow()
  })
})
