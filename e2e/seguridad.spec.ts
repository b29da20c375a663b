import { expect, type Page, test } from '@playwright/test'
import { signIn } from './fixtures'

/**
 * What any request gets, however it is made: a malformed form is a Spanish 400 on every action,
 * pages and downloads are never cached, and a user reads only what their roles say.
 */

/** A multipart body broken each way a client can break it. */
const MALFORMED: Record<string, { contentType: string; body: string }> = {
  'sin boundary': { contentType: 'multipart/form-data', body: 'description=Hola' },
  truncado: {
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nHol',
  },
  'otro boundary': {
    contentType: 'multipart/form-data; boundary=AbC',
    body: '--XyZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nHola\r\n--XyZ--\r\n',
  },
  vacío: { contentType: 'multipart/form-data; boundary=XyZ', body: '' },
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasAction?: boolean }

/** Values for the route parameters whose action checks them before reading the body. */
const PARAM_VALUES: Record<string, string> = { resource: 'areas', code: '002' }
/** What an action checks in the address before reading the body: the status change it applies. */
const QUERY_OF: [RegExp, string][] = [[/^\/estado\/[^/]+\/[^/]+$/, 'status=2']]
/**
 * Actions that read no form: sign-in starts at the provider, sign-out ends the session, a boleta's
 * acknowledgement records the worker's click on its link (the token in the address is all it reads).
 */
const NO_FORM = new Set(['/login', '/logout', '/boletas/acuse/1'])
/**
 * Uploads stream the body to the API unread (remix/app/upload.server.ts): the API's Spanish 400
 * names what it could not read.
 */
const STREAMED = /\/(carga|carga\/nueva|carga\/xml|padrones\/cargar|importar|sire)$/

/**
 * Every route with an action, as the built app's route manifest lists them (whatever folder its file
 * lives in): its address with each parameter filled in, `?index` for an index route.
 */
async function actionAddresses(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/login')).text()
  const manifestPath = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0]
  expect(manifestPath, 'the page names its route manifest').toBeTruthy()
  const script = await (await page.request.get(manifestPath as string)).text()
  const json = /window\.__(?:remix|reactRouter)Manifest\s*=\s*(\{.*\})\s*;?\s*$/s.exec(script)?.[1]
  const routes = (JSON.parse(json ?? '{}') as { routes: Record<string, ManifestRoute> }).routes
  const pathOf = (route: ManifestRoute | undefined): string =>
    route
      ? [pathOf(route.parentId ? routes[route.parentId] : undefined), route.path ?? '']
          .filter(Boolean)
          .join('/')
      : ''
  return Object.values(routes)
    .filter((route) => route.hasAction)
    .map((route) => {
      const path = pathOf(route)
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? (PARAM_VALUES[segment.slice(1).replace(/\?$/, '')] ?? '1') : segment,
        )
        .join('/')
      const address = `/${path}`
      const query = [route.index ? 'index' : '', QUERY_OF.find(([re]) => re.test(address))?.[1] ?? '']
        .filter(Boolean)
        .join('&')
      return query ? `${address}?${query}` : address
    })
    .filter((address) => !NO_FORM.has(address))
}

test.describe('a malformed form', () => {
  test('every action answers 400 in Spanish to each broken multipart body', async ({ page, baseURL }) => {
    // About 200 posts: minutes on a loaded machine.
    test.setTimeout(480_000)
    await signIn(page, 'admin')
    const addresses = await actionAddresses(page)
    // The app's forms: a manifest read wrong would pass by testing nothing.
    expect(addresses.length).toBeGreaterThan(30)
    expect(addresses).toContain('/areas/crear')
    const origin = new URL(baseURL ?? '').origin
    const failures: string[] = []
    for (const address of addresses) {
      for (const [name, malformed] of Object.entries(MALFORMED)) {
        const response = await page.request.post(address, {
          headers: { 'Content-Type': malformed.contentType, Origin: origin },
          data: malformed.body,
          maxRedirects: 0,
        })
        const text = await response.text()
        const named = STREAMED.test(address.split('?')[0]) || text.includes('El formulario llegó incompleto')
        if (response.status() !== 400 || !named) failures.push(`${address} (${name}): ${response.status()}`)
      }
    }
    expect(failures).toEqual([])
  })
})

test.describe('caching', () => {
  test('pages and downloads with personal or bank data say no-store; the static files keep their cache', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signIn(page, 'admin')
    for (const address of [
      '/',
      '/colaboradores',
      '/colaboradores/1',
      '/planillas',
      '/pagos',
      '/proveedores',
      '/descargar/colaboradores',
      '/descargar/proveedores',
      '/planillas/abonos/plantilla',
    ]) {
      const response = await page.request.get(address)
      expect(response.status(), address).toBe(200)
      expect(response.headers()['cache-control'], address).toBe('no-store')
    }
    const html = await (await page.request.get('/')).text()
    const asset = /\/assets\/[\w-]+\.js/.exec(html)?.[0] as string
    expect((await page.request.get(asset)).headers()['cache-control']).toContain('max-age')
  })
})

test.describe('who reads the payroll abonos', () => {
  test("tesorería gets 403 on every payroll abonos page and download; the payroll's clerk does not", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signIn(page, 'tesoreria')
    const payrollAbonos = [
      '/planillas/abonos',
      '/planillas/abonos/1/observaciones',
      '/planillas/abonos/1/descargar/constancias',
      '/planillas/abonos/1/descargar/excel',
      '/planillas/abonos/1/descargar/observaciones',
      '/planillas/abonos/1/constancias/1',
    ]
    for (const address of payrollAbonos) {
      expect((await page.request.get(address, { maxRedirects: 0 })).status(), address).toBe(403)
    }
    // Its own supplier abonos still open, and the menu does not offer the payroll's.
    await page.goto('/pagos/abonos')
    await expect(page.getByRole('heading', { name: 'Abonos de proveedores' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cargar abonos' })).toHaveCount(0)
  })
})
