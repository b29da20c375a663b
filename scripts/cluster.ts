import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@planillas/db'
import { seedDemo } from '@planillas/db/seed'
import { createStorage } from '@planillas/storage'
import { ensureRemixBuild } from './build-remix'
import { buildServers, NODE_FLAGS, type ServerName, serverFile } from './server-build'

/**
 * Several copies of every process on one machine, as a deployment on several hosts runs them
 * (docs/decisions/several-copies.md): `copies` API, web and worker processes on one PostgreSQL,
 * one Redis and one file store, the development identity provider, and Debian's nginx in front of
 * the web processes (round robin, gzip). Every web process calls every API process (API_URL lists
 * them all: remix/app/api-pool.server.ts). Every process gets the
 * same secrets, queue prefix and storage settings: what a deployment must share.
 */
export type ClusterOptions = {
  databaseUrl: string
  redisUrl: string
  /** STORAGE and S3_* (an object store), or STORAGE=local with a FILES_DIR every process sees. */
  storageEnv: Record<string, string>
  /** The proxy listens on `base`, the provider on base+1, web i on base+10+i, API i on base+20+i. */
  base: number
  copies?: number
  queuePrefix?: string
  /** Extra settings for every process (AUTH_RATE_LIMIT_MAX, LOG_LEVEL…). */
  env?: Record<string, string>
  /** Where each process's output goes; by default it is kept for `output()`. */
  echo?: boolean
}

export type ClusterProcess = { name: string; child: ChildProcess; output: () => string }

export type Cluster = {
  url: string
  issuer: string
  webUrls: string[]
  apiUrls: string[]
  secrets: {
    JWT_SECRET: string
    SESSION_SECRET: string
    CLIENT_ADDRESS_SECRET: string
    OIDC_CLIENT_SECRET: string
  }
  queuePrefix: string
  processes: ClusterProcess[]
  close: () => Promise<void>
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const NGINX = '/usr/sbin/nginx'

/** nginx in front of the web processes: round robin, gzip, the browser's address forwarded. */
export function nginxConfig(dir: string, port: number, webPorts: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Uploads of up to 100 MB go through (REQUEST_TIMEOUT_SECONDS bounds them in the web tier).
  client_max_body_size 110m;
  proxy_request_buffering off;
  gzip on;
  gzip_proxied any;
  gzip_vary on;
  gzip_min_length 1024;
  gzip_types text/css application/javascript text/javascript application/json text/plain image/svg+xml;
  upstream web {
${webPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
      # Which web process answered: the several-copies test reads it.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
}

/** A process as the image runs it: its built JavaScript (`npm run build:server`) and node flags. */
function startNode(
  name: string,
  server: ServerName,
  env: Record<string, string>,
  echo: boolean,
): ClusterProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS[server], serverFile(server)], {
    cwd: ROOT,
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return collect(name, child, echo)
}

function collect(name: string, child: ChildProcess, echo: boolean): ClusterProcess {
  let output = ''
  const take = (chunk: Buffer) => {
    output += chunk
    if (echo) for (const line of String(chunk).split('\n')) if (line) console.log(`[${name}] ${line}`)
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  return { name, child, output: () => output }
}

async function waitUntil(what: string, probe: () => Promise<boolean>, processes: ClusterProcess[]) {
  const deadline = Date.now() + 120_000
  for (;;) {
    const dead = processes.find((p) => p.child.exitCode !== null)
    if (dead) throw new Error(`${dead.name} terminó al arrancar:\n${dead.output()}`)
    if (await probe().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} no respondió en 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const answers = (url: string) => fetch(url, { redirect: 'manual' }).then((r) => r.status < 500)

async function stop(process: ClusterProcess) {
  const { child } = process
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000)
  await exited
  clearTimeout(timer)
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const copies = options.copies ?? 2
  const { base } = options
  const echo = options.echo ?? false
  const url = `http://localhost:${base}`
  const issuer = `http://localhost:${base + 1}`
  const webPorts = Array.from({ length: copies }, (_, i) => base + 10 + i)
  const apiPorts = Array.from({ length: copies }, (_, i) => base + 20 + i)
  const secret = () => randomBytes(32).toString('hex')
  const secrets = {
    JWT_SECRET: process.env.JWT_SECRET ?? secret(),
    SESSION_SECRET: process.env.SESSION_SECRET ?? secret(),
    CLIENT_ADDRESS_SECRET: process.env.CLIENT_ADDRESS_SECRET ?? secret(),
    OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET ?? secret(),
  }
  const queuePrefix = options.queuePrefix ?? `cluster-${base}`

  ensureRemixBuild()
  await buildServers()
  // Migrations and the demo data once, before any copy starts (each would also migrate, under a lock).
  const handle = await openDatabase({ url: options.databaseUrl, poolSize: 2 })
  try {
    await seedDemo(handle.db, createStorage(options.storageEnv))
  } finally {
    await handle.close()
  }

  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    QUEUE_PREFIX: queuePrefix,
    WEB_URL: url,
    OIDC_ISSUER: issuer,
    LOG_LEVEL: 'info',
    ...secrets,
    ...options.storageEnv,
    ...options.env,
  }
  const processes: ClusterProcess[] = []
  const dir = mkdtempSync(path.join(tmpdir(), 'planillas-cluster-'))
  const close = async () => {
    await Promise.all(processes.map(stop))
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    processes.push(
      // The development provider refuses production: it stands in for the company's provider here.
      startNode('idp', 'idp', { ...shared, NODE_ENV: 'development', IDP_PORT: String(base + 1) }, echo),
    )
    apiPorts.forEach((port, i) => {
      processes.push(startNode(`api-${i + 1}`, 'api', { ...shared, API_PORT: String(port) }, echo))
    })
    for (let i = 0; i < copies; i++) processes.push(startNode(`worker-${i + 1}`, 'worker', shared, echo))
    webPorts.forEach((port, i) => {
      processes.push(
        startNode(
          `web-${i + 1}`,
          'web',
          {
            ...shared,
            WEB_PORT: String(port),
            // Its own API first, then the others: each page survives the loss of any one of them.
            API_URL: [...apiPorts.slice(i), ...apiPorts.slice(0, i)]
              .map((p) => `http://127.0.0.1:${p}`)
              .join(','),
            TRUST_PROXY: 'loopback',
          },
          echo,
        ),
      )
    })
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub))
    const conf = path.join(dir, 'nginx.conf')
    writeFileSync(conf, nginxConfig(dir, base, webPorts))
    processes.push(
      collect('nginx', spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] }), echo),
    )

    await waitUntil(
      'el proveedor de identidad',
      () => answers(`${issuer}/.well-known/openid-configuration`),
      processes,
    )
    for (const port of apiPorts)
      await waitUntil(`la API en ${port}`, () => answers(`http://127.0.0.1:${port}/api/health`), processes)
    for (const port of webPorts)
      await waitUntil(`la web en ${port}`, () => answers(`http://127.0.0.1:${port}/login`), processes)
    await waitUntil('nginx', () => answers(`${url}/login`), processes)
  } catch (error) {
    await close()
    throw error
  }
  return {
    url,
    issuer,
    webUrls: webPorts.map((p) => `http://127.0.0.1:${p}`),
    apiUrls: apiPorts.map((p) => `http://127.0.0.1:${p}`),
    secrets,
    queuePrefix,
    processes,
    close,
  }
}

/**
 * `npm run start:cluster`: two of every process behind nginx on WEB_PORT (3000) with the demo data,
 * on DATABASE_URL and REDIS_URL; files in the object store of STORAGE=s3 and S3_*, else in FILES_DIR
 * (.data/cluster-files), which every process on this machine shares.
 */
async function main() {
  const { DATABASE_URL, REDIS_URL } = process.env
  if (!DATABASE_URL || !REDIS_URL) {
    console.error('start:cluster necesita DATABASE_URL y REDIS_URL (PostgreSQL y Redis compartidos).')
    process.exit(1)
  }
  const storageEnv: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env))
    if ((name === 'STORAGE' || name.startsWith('S3_') || name === 'FILES_DIR') && value)
      storageEnv[name] = value
  if (storageEnv.STORAGE !== 's3') {
    storageEnv.STORAGE = 'local'
    storageEnv.FILES_DIR = path.resolve(storageEnv.FILES_DIR ?? path.join(ROOT, '.data/cluster-files'))
  }
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    storageEnv,
    base: Number(process.env.WEB_PORT ?? 3000),
    queuePrefix: process.env.QUEUE_PREFIX,
    echo: true,
  })
  console.log(`Planillas (2 API, 2 web, 2 workers detrás de nginx) está listo: ${cluster.url}`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, async () => {
      await cluster.close()
      process.exit(0)
    })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
