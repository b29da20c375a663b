import type { Page } from '@playwright/test'
import { DEMO, expect, expectAccessible, fillProviderLogin, signInThroughProvider, test } from './fixtures'

const HEADLINE = 'Controla los pagos de tus proveedores fácilmente'
const STATE_ERROR = 'Hubo un error al autenticar al usuario, por favor intenta nuevamente'
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menú principal' })

/**
 * 'Cerrar sesión' in the app, then through the provider's logout (RP-initiated) back to /login:
 * its page posts itself with JavaScript; without it, the user presses its one button.
 */
async function signOut(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Cerrar sesión' }).click()
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect(page.getByRole('heading', { name: 'Cerrar sesión' })).toBeVisible()
    expect(new URL(page.url()).searchParams.get('id_token_hint')).toBeTruthy()
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  }
  await expect(page).toHaveURL(/\/login$/)
}

test.describe('sign-in', () => {
  test('the landing page offers sign-in and the user guide', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Documentación' }).click()
    await expect(page).toHaveURL(/\/ayuda$/)
    await expect(page.getByRole('heading', { name: 'Guía de uso' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Abrir la documentación de la API' })).toHaveAttribute(
      'href',
      '/api/docs',
    )
    await expectAccessible(page)
  })

  test('a demo user signs in through the provider and signs out', async ({ page }) => {
    await signInThroughProvider(page, 'rrhh')
    await expect(sidebar(page).getByText(DEMO.rrhh.name)).toBeVisible()
    await expect(sidebar(page).getByText(DEMO.rrhh.email)).toBeVisible()
    // The sign-out goes through the provider's end_session_endpoint with the ID token as hint.
    const providerLogout = page.waitForRequest((r) => new URL(r.url()).pathname === '/session/end')
    await signOut(page)
    const hint = new URL((await providerLogout).url()).searchParams
    expect(hint.get('id_token_hint')?.split('.')).toHaveLength(3)
    expect(hint.get('post_logout_redirect_uri')).toMatch(/\/login$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
    // The session is gone: the dashboard sends us back to the landing page.
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('after signing out, the next sign-in can be another user', async ({ page }) => {
    await signInThroughProvider(page, 'admin')
    await expect(sidebar(page).getByText(DEMO.admin.name)).toBeVisible()
    await signOut(page)
    await signInThroughProvider(page, 'auditor')
    await expect(sidebar(page).getByText(DEMO.auditor.name)).toBeVisible()
  })

  test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
    await signInThroughProvider(page, 'lector')
    await page.goto('/login')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Control de pagos' })).toBeVisible()
  })

  test('a callback whose state does not match shows the error on /login', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible()
    await page.goto('/login/callback?code=forjado&state=otro-estado')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert').filter({ hasText: STATE_ERROR })).toBeVisible()
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('the provider refuses a wrong password, and cancelling returns to the landing page', async ({
    page,
  }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await expect(page.getByRole('heading', { name: 'Usuarios de demostración' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Correo electrónico').fill(DEMO.admin.email)
    await page.getByLabel('Contraseña').fill('incorrecta')
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña incorrectos.')
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert').filter({ hasText: 'Se canceló el inicio de sesión' })).toBeVisible()
    // And the user can still sign in afterwards.
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await fillProviderLogin(page, 'admin')
    await expect(page.getByRole('heading', { name: 'Control de pagos' })).toBeVisible()
  })
})

test.describe('session and request safety', () => {
  test('a cookie copied before sign-out no longer opens anything afterwards', async ({ page, browser }) => {
    await signInThroughProvider(page, 'lector')
    const copied = await page.context().cookies()
    await signOut(page)
    const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    await elsewhere.addCookies(copied)
    const thief = await elsewhere.newPage()
    await thief.goto('/areas')
    await expect(thief).toHaveURL(/\/login$/)
    await elsewhere.close()
  })

  test('a post from another site is refused whatever its shape; ours still work', async ({
    page,
    baseURL,
  }) => {
    await signInThroughProvider(page, 'admin')
    const description = `Intrusa ${Date.now().toString(36)}`
    const attempts: [string, Record<string, string>][] = [
      ['/areas/crear?_data=routes%2Fareas.crear', { Origin: 'http://evil.example' }],
      ['/areas/crear.data', { Origin: 'http://evil.example' }],
      ['/areas/crear', { Origin: 'null' }],
      ['/areas/crear?_data=routes%2Fareas.crear', { Referer: 'http://evil.example/trampa' }],
      ['/areas/crear.data', { 'Sec-Fetch-Site': 'cross-site' }],
    ]
    for (const [url, headers] of attempts) {
      const response = await page.request.post(url, { form: { description }, headers, maxRedirects: 0 })
      expect(response.status(), `${url} ${JSON.stringify(headers)}`).toBe(403)
      expect(await response.text()).toContain('Solicitud rechazada')
      expect(response.headers()['set-cookie']).toBeUndefined()
    }
    // Nothing was created, and the user is still signed in.
    await page.goto(`/areas?search=${encodeURIComponent(description)}`)
    await expect(page.getByRole('heading', { name: 'Áreas' })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(description) })).toHaveCount(0)

    // Our own form, with JavaScript or without it, is accepted.
    await page.goto('/areas/crear')
    await page.getByLabel('Descripción').fill(description)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    const ours = await page.request.post('/areas/crear', {
      form: { description: `${description} 2` },
      headers: { Origin: new URL(baseURL ?? '').origin },
      maxRedirects: 0,
    })
    expect(ours.status()).toBe(302)
  })

  test('the status page follows back only to our own paths', async ({ page, baseURL }) => {
    await signInThroughProvider(page, 'admin')
    const origin = new URL(baseURL ?? '').origin
    for (const back of [
      '/\\evil.example',
      '//evil.example',
      '/\\/evil.example',
      'http://evil.example',
      '/%5Cevil.example/x',
      // Normalising the dot segments makes `//evil.example` of these.
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/.\t//evil.example',
      '/\uff0f\uff0fevil.example',
    ]) {
      const query = `status=1&back=${encodeURIComponent(back)}`
      await page.goto(`/estado/areas/1?${query}`)
      const cancel = page.getByRole('link', { name: 'Cancelar' })
      const href = (await cancel.getAttribute('href')) ?? ''
      expect(new URL(href, origin).origin, back).toBe(origin)
      const posted = await page.request.post(`/estado/areas/1?${query}`, {
        form: {},
        headers: { Origin: origin },
        maxRedirects: 0,
      })
      expect(posted.status(), back).toBe(302)
      expect(new URL(posted.headers().location, origin).origin, back).toBe(origin)
    }
    // Also written raw or encoded in the query string itself.
    for (const back of [
      '%2F%5Cevil.example',
      '/.//evil.example',
      '%2F.%2F%2Fevil.example',
      '/%2e%2e/%2fevil.example',
    ]) {
      await page.goto(`/estado/areas/1?status=1&back=${back}`)
      const href = (await page.getByRole('link', { name: 'Cancelar' }).getAttribute('href')) ?? ''
      expect(new URL(href, origin).origin, back).toBe(origin)
      const posted = await page.request.post(`/estado/areas/1?status=1&back=${back}`, {
        form: {},
        headers: { Origin: origin },
        maxRedirects: 0,
      })
      expect(posted.headers().location, back).toMatch(/^\/(?![/\\])/)
    }
  })
})
