import { mkdir, rename, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/**
 * The tests' SMTP server, a process of its own (smtp-server, by nodemailer's authors:
 * docs/decisions/boletas.md): it accepts every message on 127.0.0.1 and stores each as
 * `<n>.eml` in `SMTP_TEST_DIR` (written under a temporary name, then renamed, so a reader never
 * sees half a message). `SMTP_TEST_PORT` (0 or unset: a free one); it prints one JSON line
 * `{"ready":true,"port":…}` when it listens, and stops on SIGTERM. With `SMTP_TEST_USER` and
 * `SMTP_TEST_PASSWORD` it requires that login.
 */
const dir = process.env.SMTP_TEST_DIR
if (!dir) {
  process.stderr.write('SMTP_TEST_DIR es obligatorio\n')
  process.exit(2)
}
await mkdir(dir, { recursive: true })
const user = process.env.SMTP_TEST_USER
const password = process.env.SMTP_TEST_PASSWORD
let count = 0

const server = new SMTPServer({
  secure: false,
  disabledCommands: user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
  authOptional: !user,
  allowInsecureAuth: true,
  logger: false,
  size: 20 * 1024 * 1024,
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === password) return callback(null, { user: auth.username })
    return callback(new Error('Usuario o contraseña incorrectos'))
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', async () => {
      const n = ++count
      const name = `${String(n).padStart(6, '0')}.eml`
      const envelope = `X-Test-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n`
      try {
        await writeFile(path.join(dir, `.${name}.tmp`), Buffer.concat([Buffer.from(envelope), ...chunks]))
        await rename(path.join(dir, `.${name}.tmp`), path.join(dir, name))
        callback()
      } catch (error) {
        callback(error as Error)
      }
    })
  },
})

server.listen(Number(process.env.SMTP_TEST_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
