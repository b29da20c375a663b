import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'

/**
 * Test support for faults met by real processes (the API's and the worker's entry points): start
 * one, read what it printed, wait for a condition, and end a PostgreSQL backend as a restart would.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export type RunningProcess = {
  child: ChildProcess
  /** Everything printed so far on stdout and stderr. */
  output: () => string
  /** Whether it is still running. */
  alive: () => boolean
  /** SIGTERM, then SIGKILL after `graceMs` (5 s); resolves with the exit code (null when killed). */
  stop: (graceMs?: number) => Promise<number | null>
}

/** Everything a child process writes on stdout and stderr, as it comes (for messages and log checks). */
export function collectOutput(child: ChildProcess): () => string {
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return () => output
}

/** Runs a TypeScript entry point (`api/src/server.ts`, `worker/src/main.ts`) with tsx and the given env. */
export function startProcess(entry: string, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = collectOutput(child)
  const alive = () => child.exitCode === null && child.signalCode === null
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    output,
    alive,
    async stop(graceMs = 5000) {
      if (!alive()) return child.exitCode
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

/** Polls `probe` until it gives something truthy; fails with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false | null> | T | undefined | false | null,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const value = await probe()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Tiempo agotado esperando: ${what}`)
}

/** A separate session on the test's database, for locks the test holds and backends it ends. */
export async function adminSession(url: string) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows
  return {
    client,
    query: (text: string, values?: unknown[]) => client.query(text, values),
    /** The backends of this database (not this session) waiting for a lock with their query. */
    async lockWaiters(): Promise<{ pid: number; query: string }[]> {
      // Inside a transaction PostgreSQL keeps its first look at the activity: take a fresh one.
      await client.query('select pg_stat_clear_snapshot()')
      const result = await client.query(
        `select pid, query from pg_stat_activity
          where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
        [pid],
      )
      return result.rows
    },
    /** Ends a backend as `pg_ctlcluster … restart` would end every one. */
    async terminate(backend: number) {
      await client.query('select pg_terminate_backend($1)', [backend])
    },
    end: () => client.end(),
  }
}

/** A port nobody listens on now, for a server the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * A Redis of the test's own that keeps nothing on disk (`--save ""`, no append-only file): killing
 * and starting it again is an outage that loses every key. Never the shared Redis.
 */
export async function startOwnRedis(port: number) {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await waitFor(`redis-server en ${port}`, () => canConnect(port), 10_000)
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Ends it at once, as a crash would. */
    async kill() {
      child.kill('SIGKILL')
      await exited
    },
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The lines a process printed, each parsed as JSON; a line that is not JSON fails the caller. */
export function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>
      } catch {
        throw new Error(`Línea que no es JSON: ${line}`)
      }
    })
}

const RESOLVE_HOOKS = `
import { appendFileSync } from 'node:fs'
let out
export function initialize(data) { out = data.out }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  appendFileSync(out, resolved.url + '\\n')
  return resolved
}
`

/**
 * The files a fresh Node process loads to import `entry` (a path from the repository's root), with
 * tsx as the servers run: a module hook writes down every module it resolves. Lets a test prove that
 * heavy libraries (exceljs, pdf-lib, the xlsx reader) load only when their work first runs.
 */
export async function modulesLoadedBy(entry: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'planillas-loaded-'))
  try {
    const out = path.join(dir, 'loaded.txt')
    const register = path.join(dir, 'register.mjs')
    await writeFile(path.join(dir, 'hooks.mjs'), RESOLVE_HOOKS)
    await writeFile(
      register,
      `import { register } from 'node:module'\n` +
        `register(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)}, { data: { out: ${JSON.stringify(out)} } })\n`,
    )
    await writeFile(out, '')
    const target = pathToFileURL(path.join(REPO_ROOT, entry)).href
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        register,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(target)})`,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
    )
    const urls = (await readFile(out, 'utf8')).split('\n').filter((url) => url.startsWith('file:'))
    return [...new Set(urls.map((url) => decodeURIComponent(new URL(url).pathname)))]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export type CuttableProxy = {
  /** The PostgreSQL URL through the proxy (same database and user as the target). */
  url: string
  /** An outage: every open connection is cut and new ones are refused until `restore`. */
  cut: () => void
  restore: () => void
  close: () => Promise<void>
}

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: what a process behind it sees is what a
 * stopped or unreachable database looks like (reset connections, then refused ones), while the
 * database itself and the test's own connections stay up.
 */
export async function startCuttableProxy(targetUrl: string): Promise<CuttableProxy> {
  const target = new URL(targetUrl)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => undefined)
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const port = await freePort()
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen()
  const url = new URL(targetUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return {
    url: url.toString(),
    cut() {
      // Not listening: new connections are refused (ECONNREFUSED), as with a stopped server.
      server.close()
      for (const socket of sockets) socket.resetAndDestroy()
    },
    restore: () => void listen(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        if (server.listening) server.close(() => resolve())
        else resolve()
      }),
  }
}
