import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { type RunningProcess, startProcess, waitFor } from './processes'

export type TestSmtp = {
  /** `smtp://127.0.0.1:<port>` (with the login when one is required): what SMTP_URL is set to. */
  url: string
  port: number
  dir: string
  process: RunningProcess
  /** The messages received so far, parsed (mailparser), in the order they arrived. */
  messages(): Promise<ParsedMail[]>
  /** Waits until at least `count` messages arrived, and gives them. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>
  stop(): Promise<void>
}

/** Starts the tests' SMTP server (testing/src/smtp-server-main.ts) as a separate process. */
export async function startTestSmtp(
  options: { port?: number; dir?: string; user?: string; password?: string } = {},
): Promise<TestSmtp> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'planillas-smtp-')))
  const child = startProcess('testing/src/smtp-server-main.ts', {
    ...process.env,
    SMTP_TEST_DIR: dir,
    SMTP_TEST_PORT: String(options.port ?? 0),
    SMTP_TEST_USER: options.user ?? '',
    SMTP_TEST_PASSWORD: options.password ?? '',
  })
  const port = await waitFor(
    'el servidor SMTP de pruebas',
    () => {
      if (!child.alive()) throw new Error(`El servidor SMTP de pruebas terminó: ${child.output()}`)
      const match = /\{"ready":true,"port":(\d+)\}/.exec(child.output())
      return match ? Number(match[1]) : null
    },
    30_000,
  )
  const auth = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@`
    : ''
  const messages = async () => {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort()
    return Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))))
  }
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    dir,
    process: child,
    messages,
    async waitForMessages(count, timeoutMs = 30_000) {
      return waitFor(
        `${count} mensajes en el servidor SMTP de pruebas`,
        async () => {
          const names = (await readdir(dir)).filter((n) => n.endsWith('.eml'))
          return names.length >= count ? messages() : null
        },
        timeoutMs,
      )
    },
    async stop() {
      await child.stop()
      if (!options.dir) await rm(dir, { recursive: true, force: true })
    },
  }
}
