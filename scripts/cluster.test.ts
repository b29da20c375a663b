import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { openDatabase } from '@planillas/db'
import { signInThroughProvider } from '@planillas/dev-idp/sign-in-client'
import { CLIENT_ADDRESS_HEADER, DEMO_ROLES, todayInLima, WEB_TIER_SECRET_HEADER } from '@planillas/domain'
import { adminQuery, signedInToken } from '@planillas/testing/database'
import { insertFixturePayroll, paymentsWorkbook, receiptPdf } from '@planillas/testing/payment-fixtures'
import {
  ensureFixtureBanks,
  fixtureDni,
  insertFixtureEmployees,
  payrollWorkbook,
  validRow,
} from '@planillas/testing/payroll-fixtures'
import { type LocalS3, startLocalS3 } from '@planillas/testing/s3-server'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_SWEEP_SCHEDULER_ID } from '../worker/src/contract-sweep-schedule'
import { type Cluster, NGINX, startCluster } from './cluster'

/**
 * Two API, two web and two worker processes on one PostgreSQL, one Redis and one object
 * store (s3rver), behind Debian's nginx (.ci/run installs it: scripts/install/nginx.sh), as
 * `npm run start:cluster` runs them. Every claim is proven with real requests to real processes.
 */
const { DATABASE_URL, REDIS_URL } = process.env
const SIGN_IN_LIMIT = 6

/** A payroll upload's form: its code, period (YYYYMM), name, type 1 and the workbook. */
function payrollForm(code: string, period: string, name: string, file: Buffer) {
  const form = new FormData()
  form.set('code', code)
  form.set('period', period)
  form.set('name', name)
  form.set('type', '1')
  form.set('file', new Blob([new Uint8Array(file)]), 'planilla.xlsx')
  return form
}

/** Uploads a payroll to one API process; it must be accepted (200). */
async function uploadPayroll(api: string, auth: Record<string, string>, form: FormData) {
  const uploaded = await fetch(`${api}/api/v1/payroll-batch`, { method: 'POST', headers: auth, body: form })
  expect(uploaded.status).toBe(200)
  return ((await uploaded.json()) as { payload: { id: number } }).payload
}

/** The upload's status once a worker has finished it (3 PROCESADO or later), or the last seen after a minute. */
async function statusWhenDone(api: string, auth: Record<string, string>, batchId: number) {
  const deadline = Date.now() + 60_000
  let status = 0
  while (Date.now() < deadline) {
    const batch = await fetch(`${api}/api/v1/payroll-batch/${batchId}`, { headers: auth })
    status = ((await batch.json()) as { payload: { status: number } }).payload.status
    if (status >= 3) break
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return status
}

/** Whether a response's whole body arrived (false when there was none, or it was cut short). */
const arrived = (response: Response | null) =>
  response
    ? response.arrayBuffer().then(
        () => true,
        () => false,
      )
    : Promise.resolve(false)

/** A browser: its cookies, kept across requests to any of the processes. */
class Browser {
  jar = new Map<string, string>()
  async fetch(url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)]
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie) || /max-age=0/i.test(cookie))
        this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return response
  }
}

/** Signs in as a person would: the form on web `start`, the provider, the callback on web `finish`. */
async function signIn(browser: Browser, start: string, finish: string, email: string, password: string) {
  const begun = await browser.fetch(`${start}/login`, { method: 'POST' })
  expect(begun.status).toBe(302)
  const { callbackUrl } = await signInThroughProvider(String(begun.headers.get('location')), email, password)
  const back = await browser.fetch(`${finish}/login/callback${callbackUrl.search}`)
  expect(back.status).toBe(302)
  expect(back.headers.get('location')).toBe('/')
}

let cluster: Cluster
let s3: LocalS3
let dbName: string

const admin = (statement: string) => adminQuery(String(DATABASE_URL), statement)
const databaseUrl = () => {
  const url = new URL(String(DATABASE_URL))
  url.pathname = `/${dbName}`
  return url.toString()
}

describe.runIf(DATABASE_URL && REDIS_URL)('two of every process behind nginx', () => {
  beforeAll(async () => {
    expect(existsSync(NGINX), 'nginx (scripts/install/nginx.sh)').toBe(true)
    dbName = `planillas_cluster_${randomBytes(5).toString('hex')}`
    await admin(`create database ${dbName}`)
    s3 = await startLocalS3('planillas-cluster')
    cluster = await startCluster({
      databaseUrl: databaseUrl(),
      redisUrl: String(REDIS_URL),
      storageEnv: s3.env,
      // Ports base … base+21 (CLUSTER_PORT_BASE, else a random base away from the other tests' ports).
      base: Number(process.env.CLUSTER_PORT_BASE) || 20_000 + Math.floor(Math.random() * 200) * 40,
      queuePrefix: `cluster-test-${process.pid}-${Date.now()}`,
      env: { AUTH_RATE_LIMIT_MAX: String(SIGN_IN_LIMIT) },
    })
  }, 240_000)

  afterAll(async () => {
    await cluster?.close()
    await s3?.close()
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`)
  }, 60_000)

  it('signs in through one web process and opens the next page through the other; nginx serves from both', async () => {
    const [web1, web2] = cluster.webUrls
    const browser = new Browser()
    await signIn(browser, web1, web2, 'rrhh@planillas.pe', 'rrhh')
    for (const web of [web2, web1]) {
      const page = await browser.fetch(`${web}/colaboradores`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Colaboradores')
    }
    // Through the proxy, round robin: both web processes answer the same session.
    const upstreams = new Set<string>()
    for (let i = 0; i < 4; i++) {
      const page = await browser.fetch(`${cluster.url}/colaboradores`)
      expect(page.status).toBe(200)
      upstreams.add(String(page.headers.get('x-upstream')))
    }
    expect([...upstreams].sort()).toEqual(cluster.webUrls.map((u) => new URL(u).host).sort())
  })

  it('signs out through one web process and its session ends at both APIs within moments', async () => {
    const [web1, web2] = cluster.webUrls
    const browser = new Browser()
    await signIn(browser, web2, web1, 'auditor@planillas.pe', 'auditor')
    const before = new Map(browser.jar)
    expect((await browser.fetch(`${web2}/auditoria`)).status).toBe(200)
    const out = await browser.fetch(`${web1}/logout`, { method: 'POST' })
    expect(out.status).toBe(302)
    // The cookie as it was before the logout, replayed on each web process (each calls both APIs).
    // The other API learns of the logout by PostgreSQL's notification, delivered within moments of
    // the answer (a loaded machine may take a few milliseconds): each replay is asked again for up to 2 s.
    for (const web of [web1, web2]) {
      const replay = new Browser()
      replay.jar = new Map(before)
      await expect
        .poll(
          async () => {
            const page = await replay.fetch(`${web}/auditoria`)
            return `${page.status} ${page.headers.get('location') ?? ''}`
          },
          { timeout: 2_000, interval: 50 },
        )
        .toMatch(/^302 .*\/login/)
    }
  })

  it('shows an area created through one web process in the employee form of the other at once', async () => {
    const [web1, web2] = cluster.webUrls
    const browser = new Browser()
    await signIn(browser, web1, web2, 'rrhh@planillas.pe', 'rrhh')
    const description = `Tesorería ${randomBytes(3).toString('hex')}`
    const option = new RegExp(`<option value="\\d+">${description}</option>`)
    const employeeForm = async (web: string) => {
      const page = await browser.fetch(`${web}/colaboradores/crear`)
      expect(page.status, web).toBe(200)
      return page.text()
    }
    // Both web processes have the areas cached (the form's options) before the change.
    for (const web of [web2, web1, web2]) {
      const html = await employeeForm(web)
      expect(html).toMatch(/<option value="\d+">[^<]+<\/option>/)
      expect(html).not.toContain(description)
    }
    const created = await browser.fetch(`${web1}/areas/crear`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ description }),
    })
    expect(created.status).toBe(302)
    // Web 2 never heard of the change (web 1 made it): the catalogue's version tells it.
    expect(await employeeForm(web2)).toMatch(option)
    expect(await employeeForm(web1)).toMatch(option)
  })

  it('an upload received by one API is processed once, by either worker, and its file read through the other API', async () => {
    const handle = await openDatabase({ url: databaseUrl(), poolSize: 1 })
    let token: string
    try {
      await insertFixtureEmployees(handle.db, 3)
      token = await signedInToken(handle.db, cluster.secrets.JWT_SECRET, {
        email: 'rrhh@planillas.pe',
        name: 'Rosa Recursos Humanos',
        roles: ['planillas_carga', 'planillas_lista'],
      })
    } finally {
      await handle.close()
    }
    const [api1, api2] = cluster.apiUrls
    const file = await payrollWorkbook([validRow(0), validRow(1), validRow(2)])
    const auth = { authorization: `Bearer ${token}` }
    const form = payrollForm(
      `PL-CLUSTER-${Date.now() % 100_000}`,
      '202611',
      'Planilla de varias copias',
      file,
    )
    const payload = await uploadPayroll(api1, auth, form)
    expect(await statusWhenDone(api2, auth, payload.id)).toBe(3) // PROCESADO
    const processedBy = cluster.processes.filter(
      (p) =>
        p.name.startsWith('worker-') && p.output().includes(`"batchId":${payload.id},"outcome":"processed"`),
    )
    expect(processedBy).toHaveLength(1)
    const download = await fetch(`${api2}/api/v1/payroll-batch/${payload.id}/file`, { headers: auth })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true)
  }, 90_000)

  it("builds an abonos upload's merged receipts once, though both APIs are asked for them", async () => {
    const handle = await openDatabase({ url: databaseUrl(), poolSize: 1 })
    const code = `PL-CONST-${randomBytes(3).toString('hex')}`
    let token: string
    try {
      await ensureFixtureBanks(handle.db)
      await insertFixtureEmployees(handle.db, 2, 100)
      await insertFixturePayroll(handle.db, code, [
        { employee: 100, amount: '1500.00' },
        { employee: 101, amount: '2300.50' },
      ])
      token = await signedInToken(handle.db, cluster.secrets.JWT_SECRET, {
        email: 'rrhh@planillas.pe',
        name: 'Rosa Recursos Humanos',
        roles: [...DEMO_ROLES.rrhh],
      })
    } finally {
      await handle.close()
    }
    const [api1, api2] = cluster.apiUrls
    const auth = { authorization: `Bearer ${token}` }
    const form = new FormData()
    form.set('payrollNumber', code)
    form.set('payrollDesc', 'Quincena')
    form.set('paymentDate', todayInLima())
    const excel = await paymentsWorkbook([
      [1, fixtureDni(100), 1500, 'OP-9101', 'primera.pdf'],
      [1, fixtureDni(101), 2300.5, 'OP-9102', 'segunda.pdf'],
    ])
    form.set('file', new Blob([new Uint8Array(excel)]), 'abonos.xlsx')
    for (const name of ['primera.pdf', 'segunda.pdf'])
      form.append('records', new Blob([new Uint8Array(await receiptPdf(name))]), name)
    const uploaded = await fetch(`${api1}/api/v1/payment-batches`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const { id } = ((await uploaded.json()) as { payload: { id: number } }).payload

    // 'Descargar constancias' through both APIs at once, again and again from the upload on (while
    // the batch is processed, and while its merge is built), until both hand over the PDF.
    const pdfs = new Map<string, Buffer>()
    const deadline = Date.now() + 60_000
    while (pdfs.size < 2 && Date.now() < deadline) {
      await Promise.all(
        [api1, api2].map(async (api) => {
          const answer = await fetch(`${api}/api/v1/payment-batches/${id}/receipts`, { headers: auth })
          if (answer.status === 200) pdfs.set(api, Buffer.from(await answer.arrayBuffer()))
          else {
            expect(answer.status, api).toBe(409)
            await answer.body?.cancel()
          }
        }),
      )
      if (pdfs.size < 2) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect([...pdfs.keys()].sort()).toEqual([api1, api2].sort())
    const [first, second] = [...pdfs.values()]
    expect(first.subarray(0, 5).toString()).toBe('%PDF-')
    expect(first.equals(second)).toBe(true)
    // Built and stored by one worker, and no copy built by another and thrown away.
    const workers = cluster.processes.filter((p) => p.name.startsWith('worker-'))
    const lines = (text: string) =>
      workers.flatMap((w) =>
        w
          .output()
          .split('\n')
          .filter((line) => line.includes(text) && line.includes(`"batchId":${id}`)),
      )
    expect(lines('Constancias de la carga de abonos unidas en un PDF')).toHaveLength(1)
    expect(lines('se descarta esta copia')).toEqual([])
  }, 90_000)

  it('schedules the daily contract sweep once, whichever worker started first', async () => {
    const connection = new Redis(String(REDIS_URL), { maxRetriesPerRequest: null })
    const queue = new Queue('planillas', { connection, prefix: cluster.queuePrefix })
    try {
      const schedulers = await queue.getJobSchedulers()
      expect(schedulers.map((s) => s.key)).toEqual([CONTRACT_SWEEP_SCHEDULER_ID])
    } finally {
      await queue.close()
      connection.disconnect()
    }
  })

  it('counts one sign-in limit across the API processes, not one each', async () => {
    const attempt = (api: string) =>
      fetch(`${api}/api/v1/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CLIENT_ADDRESS_HEADER]: '203.0.113.77',
          [WEB_TIER_SECRET_HEADER]: cluster.secrets.CLIENT_ADDRESS_SECRET,
        },
        body: '{}',
      })
    const [api1, api2] = cluster.apiUrls
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await attempt(i % 2 ? api2 : api1)).status).not.toBe(429)
    expect((await attempt(api1)).status).toBe(429)
    expect((await attempt(api2)).status).toBe(429)
  })

  it('compresses what nginx serves', async () => {
    const login = await fetch(`${cluster.url}/login`, { headers: { 'accept-encoding': 'gzip' } })
    expect(login.status).toBe(200)
    expect(login.headers.get('content-encoding')).toBe('gzip')
    const script = (await login.text()).match(/\/assets\/[^"]+\.js/)?.[0]
    expect(script).toBeDefined()
    const asset = await fetch(`${cluster.url}${script}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-encoding')).toBe('gzip')
  })

  // Last: it kills processes the tests above need.
  it('loses one API, one web and one worker process under load: every page 2xx or a retried 2xx, nothing lost', async () => {
    const browser = new Browser()
    await signIn(browser, cluster.url, cluster.url, 'rrhh@planillas.pe', 'rrhh')
    const pages = ['/colaboradores', '/', '/planillas', '/colaboradores?page=2']
    const outcomes = { first: 0, retried: 0, failed: [] as string[] }
    let loading = true
    /** A clerk opening pages through nginx; a page that fails is asked once more, as a reload. */
    const clerk = async (n: number) => {
      for (let i = n; loading; i++) {
        const page = pages[i % pages.length]
        // A page counts when its whole body arrived: one cut short by a killed process is reloaded.
        const first = await browser.fetch(`${cluster.url}${page}`).catch(() => null)
        if ((await arrived(first)) && first?.status === 200) {
          outcomes.first++
          continue
        }
        const again = await browser.fetch(`${cluster.url}${page}`).catch(() => null)
        if ((await arrived(again)) && again?.status === 200) outcomes.retried++
        else
          outcomes.failed.push(
            `${page}: ${first?.status ?? 'sin respuesta'} → ${again?.status ?? 'sin respuesta'}`,
          )
      }
    }
    const clerks = Array.from({ length: 4 }, (_, n) => clerk(n))
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const killed = (name: string) => {
      const victim = cluster.processes.find((p) => p.name === name)
      expect(victim, name).toBeDefined()
      victim?.child.kill('SIGKILL')
    }
    await pause(2_000)
    killed('api-1')
    await pause(3_000)
    killed('web-1')
    await pause(3_000)
    killed('worker-1')
    await pause(4_000)
    loading = false
    await Promise.all(clerks)
    expect(outcomes.failed).toEqual([])
    expect(outcomes.first).toBeGreaterThan(20)

    // Nothing lost: an upload made now, through the API left, is processed by the worker left.
    const handle = await openDatabase({ url: databaseUrl(), poolSize: 1 })
    let token: string
    try {
      token = await signedInToken(handle.db, cluster.secrets.JWT_SECRET, {
        email: 'rrhh@planillas.pe',
        name: 'Rosa Recursos Humanos',
        roles: ['planillas_carga', 'planillas_lista'],
      })
      await insertFixtureEmployees(handle.db, 3).catch(() => undefined)
    } finally {
      await handle.close()
    }
    const auth = { authorization: `Bearer ${token}` }
    const api2 = cluster.apiUrls[1]
    const file = await payrollWorkbook([validRow(0), validRow(2)])
    const form = payrollForm(`PL-KILL-${Date.now() % 100_000}`, '202612', 'Planilla tras las caídas', file)
    const payload = await uploadPayroll(api2, auth, form)
    expect(await statusWhenDone(api2, auth, payload.id)).toBe(3) // PROCESADO
  }, 120_000)
})
