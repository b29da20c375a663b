import net from 'node:net'

export type TcpProxy = {
  /** `http://127.0.0.1:<port>`: where clients connect instead of the target. */
  endpoint: string
  port: number
  /** Bytes passed on from clients to the target so far. */
  forwarded(): number
  /**
   * From now on (or once `afterBytes` more bytes went to the target) nothing is passed on either
   * way and new connections are accepted but never answered: a server that hangs.
   */
  freeze(afterBytes?: number): void
  /** Resets every open connection and refuses new ones: a server that was stopped. */
  stop(): Promise<void>
  close(): Promise<void>
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort`, to make a server (an S3-compatible store, an
 * API) hang or stop in the middle of a request, as a crashed or frozen process does, while the
 * real server keeps its state.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let forwarded = 0
  let frozenAt = Number.POSITIVE_INFINITY
  const frozen = () => forwarded >= frozenAt
  const server = net.createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => undefined)
    if (frozen()) return
    const upstream = net.connect(targetPort, '127.0.0.1')
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      if (!frozen()) client.destroy()
    })
    upstream.on('error', () => client.destroy())
    client.on('data', (chunk: Buffer) => {
      if (frozen()) return
      const room = frozenAt - forwarded
      const passed = chunk.length > room ? chunk.subarray(0, room) : chunk
      forwarded += passed.length
      upstream.write(passed)
    })
    client.on('end', () => {
      if (!frozen()) upstream.end()
    })
    upstream.on('data', (chunk: Buffer) => {
      if (!frozen()) client.write(chunk)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const stop = async () => {
    frozenAt = forwarded
    for (const socket of sockets) socket.resetAndDestroy()
    sockets.clear()
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    forwarded: () => forwarded,
    freeze(afterBytes = 0) {
      frozenAt = forwarded + afterBytes
    },
    stop,
    close: stop,
  }
}
