import { MESSAGES } from '@planillas/domain'
import { expect, signIn, test } from './fixtures'

/**
 * A record that does not exist (an old link, a typed address): the page says so in Spanish and the
 * list it belongs to is shown, with JavaScript on and off. Never the generic error page.
 */
const MISSING: { address: string; list: string; heading: string }[] = [
  { address: '/areas/9999', list: '/areas', heading: 'Áreas' },
  { address: '/cargos/9999', list: '/cargos', heading: 'Cargos' },
  { address: '/empresas/9999', list: '/empresas', heading: 'Empresas' },
  { address: '/empresas/9999/detalle', list: '/empresas', heading: 'Empresas' },
  { address: '/bancos/999', list: '/bancos', heading: 'Bancos' },
  { address: '/colaboradores/9999', list: '/colaboradores', heading: 'Colaboradores' },
  { address: '/colaboradores/9999/detalle', list: '/colaboradores', heading: 'Colaboradores' },
  { address: '/contratos/9999/detalle', list: '/contratos', heading: 'Contratos' },
  { address: '/contratos/9999/editar', list: '/contratos', heading: 'Contratos' },
  { address: '/planillas/9999/detalles', list: '/planillas', heading: 'Planillas' },
  { address: '/planillas/9999/pago', list: '/planillas', heading: 'Planillas' },
  { address: '/planillas/externas/9999/errores', list: '/planillas/externas', heading: 'Carga de planillas' },
  { address: '/reclutamiento/vacantes/9999/detalle', list: '/reclutamiento/vacantes', heading: 'Vacantes' },
  { address: '/reclutamiento/vacantes/9999/editar', list: '/reclutamiento/vacantes', heading: 'Vacantes' },
  {
    address: '/reclutamiento/postulantes/9999/detalle',
    list: '/reclutamiento/postulantes',
    heading: 'Postulantes',
  },
  {
    address: '/reclutamiento/postulantes/9999/editar',
    list: '/reclutamiento/postulantes',
    heading: 'Postulantes',
  },
  { address: '/estado/areas/9999?status=2', list: '/areas', heading: 'Áreas' },
]

/** Addresses that cannot name a record: not a number in decimal (`0x1` is not area 1). */
const NOT_AN_ID = ['/areas/0x1', '/areas/0x10', '/cargos/1e0', '/estado/areas/0x1?status=2']

/** Downloads (no page to go back to): a Spanish 'not found', never a 500. */
const MISSING_FILES = [
  '/planillas/externas/999999/archivo',
  '/planillas/externas/999999/errores.xlsx',
  '/planillas/999999/descargar',
]

test.describe('un registro que no existe', () => {
  test('cada dirección muestra el mensaje en español y vuelve a la lista', async ({ page }) => {
    test.setTimeout(120_000)
    await signIn(page, 'admin')
    for (const { address, list, heading } of MISSING) {
      await test.step(address, async () => {
        const response = await page.goto(address)
        expect(response?.status(), address).toBe(200)
        expect(new URL(page.url()).pathname, address).toBe(list)
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
        await expect(page.getByRole('alert').filter({ hasText: MESSAGES.notFound })).toBeVisible()
      })
    }
  })

  test('una dirección cuyo número no es decimal no busca ningún registro: página no encontrada', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    for (const address of NOT_AN_ID) {
      const response = await page.goto(address)
      expect(response?.status(), address).toBe(404)
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
      // Not the form of record 1 (or 16): no field of a record is shown.
      await expect(page.getByLabel('Descripción')).toHaveCount(0)
    }
  })

  test('las descargas de un registro que no existe responden en español, sin error 500', async ({ page }) => {
    await signIn(page, 'admin')
    for (const address of MISSING_FILES) {
      const response = await page.request.get(address)
      expect(response.status(), address).toBe(404)
      expect(await response.text(), address).toBe(MESSAGES.notFound)
    }
  })
})
