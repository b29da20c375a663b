import { DEMO, expect, expectAccessible, fillProviderLogin, signIn, test } from './fixtures'

const HEADLINE = 'Controla los pagos de tus proveedores fácilmente'
const STATE_ERROR = 'Hubo un error al autenticar al usuario, por favor intenta nuevamente'
const sidebar = (page: import('@playwright/test').Page) =>
  page.getByRole('complementary', { name: 'Menú principal' })

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
    await signIn(page, 'rrhh')
    await expect(sidebar(page).getByText(DEMO.rrhh.name)).toBeVisible()
    await expect(sidebar(page).getByText(DEMO.rrhh.email)).toBeVisible()
    await sidebar(page).getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
    // The session is gone: the dashboard sends us back to the landing page.
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('after signing out, the next sign-in can be another user', async ({ page }) => {
    await signIn(page, 'admin')
    await expect(sidebar(page).getByText(DEMO.admin.name)).toBeVisible()
    await sidebar(page).getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await signIn(page, 'auditor')
    await expect(sidebar(page).getByText(DEMO.auditor.name)).toBeVisible()
  })

  test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
    await signIn(page, 'lector')
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
