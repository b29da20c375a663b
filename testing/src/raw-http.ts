import { connect } from 'node:net'

/**
 * Writes `text` as raw bytes to a server on 127.0.0.1 and gives back the whole answer once the
 * server closes the connection: fetch refuses TRACE and oversized headers itself. `dribble` keeps
 * writing a space every 100 ms, a client too slow to finish its request; `endAfterMs` ends our side
 * of the connection after that long.
 */
export function rawExchange(
  port: number,
  text: string,
  options: { dribble?: boolean; endAfterMs?: number } = {},
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('error', () => undefined)
    const timer = options.dribble ? setInterval(() => socket.writable && socket.write(' '), 100) : undefined
    socket.on('close', () => {
      clearInterval(timer)
      resolve(answer)
    })
    socket.write(text)
    if (options.endAfterMs !== undefined) setTimeout(() => socket.end(), options.endAfterMs)
  })
}
