import type { Page } from '@playwright/test'
import { confirmStatusChange, expect, expectAccessible, listRow, openCard, test } from './fixtures'

/**
 * The administrator's screens for the supplier payments' catalogues
 * (Líneas de gasto and its two siblings, the SPOT rates of catalogue 54, the retention rate), with
 * and without JavaScript, on a desktop and on a phone.
 */
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A future date no other run took (the API refuses a second row of a code from the same day). */
function futureDay(): { iso: string; typed: string } {
  const day = new Date(
    Date.UTC(2040, 0, 1) + (Date.now() % 20_000) * 86_400_000 + Math.floor(Math.random() * 1e3) * 86_400_000,
  )
  const iso = day.toISOString().slice(0, 10)
  const [y, m, d] = iso.split('-')
  return { iso, typed: `${d}/${m}/${y}` }
}

/** The badge of the row in force (the page also says 'Vigente desde' beside dates and fields). */
const inForceBadge = (page: Page) => page.locator('.badge', { hasText: /^Vigente$/ })

for (const size of SIZES) {
  test.describe(`Catálogos de pagos a ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size)
    })

    test('the administrator adds a línea de gasto and suspends it', async ({
      page,
      signIn,
      javaScriptEnabled,
    }) => {
      await signIn('admin')
      // The menu's links, also where a phone keeps the menu closed.
      const menu = page.locator('[aria-label="Menú principal"]')
      await expect(menu.locator('[data-menu="Catálogos"]')).toHaveAttribute('href', '/pagos/catalogos')
      await page.goto('/pagos/catalogos')
      await expect(page.getByRole('heading', { name: 'Catálogos de pagos a proveedores' })).toBeVisible()
      await expectAccessible(page)
      await page.getByRole('link', { name: /Líneas de gasto/ }).click()
      await expect(page.getByRole('heading', { name: 'Líneas de gasto' })).toBeVisible()
      await expectAccessible(page)

      await page.getByRole('link', { name: 'Agregar' }).click()
      await expect(page.getByRole('heading', { name: 'Nueva línea de gasto' })).toBeVisible()
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(page.getByTestId('field-error')).toHaveText('Descripción es requerida')
      const name = unique('Línea E2E')
      await page.getByLabel('Descripción').fill(name)
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await expect(page).toHaveURL(/\/pagos\/catalogos\/lineas-de-gasto\/\d+$/)
      await expect(page.getByRole('heading', { name: 'Editar línea de gasto' })).toBeVisible()

      await page.getByRole('link', { name: 'Volver' }).click()
      await page.getByRole('searchbox').fill(name)
      await page.getByRole('button', { name: 'Buscar' }).click()
      await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()
      const row = listRow(page, 'Líneas de gasto', name)
      await openCard(row)
      await row.getByRole('link', { name: 'Suspender' }).click()
      await confirmStatusChange(page, javaScriptEnabled)
      await expect(page).toHaveURL(/\/pagos\/catalogos\/lineas-de-gasto/)
      await openCard(row)
      await expect(row.getByText('SUSPENDIDO')).toBeVisible()
      await expect(row.getByRole('link', { name: 'Activar' })).toBeVisible()

      // Back to ACTIVO through the selection above the list (one call for the selected rows).
      await page.locator('input[type=checkbox][name=ids]:visible').check()
      await page.getByLabel('Pasar a', { exact: true }).selectOption({ label: 'ACTIVO' })
      await page.getByRole('button', { name: 'Cambiar estado de los seleccionados' }).click()
      // Asked first, as for one row.
      await expect(page.getByText('¿Está seguro que desea cambiar el estado?')).toBeVisible()
      await page.getByRole('button', { name: 'Aceptar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')
      expect(new URL(page.url()).searchParams.get('search')).toBe(name)
      await openCard(row)
      await expect(row.getByText('ACTIVO', { exact: true })).toBeVisible()
    })

    test('the administrator adds a SPOT rate valid from a future date; a bad rate is refused', async ({
      page,
      signIn,
    }) => {
      await signIn('admin')
      await page.goto('/pagos/catalogos')
      await page.getByRole('link', { name: /Tasas de detracción/ }).click()
      await expect(page.getByRole('heading', { name: 'Tasas de detracción (catálogo 54)' })).toBeVisible()
      await expectAccessible(page)
      const caption = 'Tasas de detracción por código'
      const before = await listRow(page, caption, /^\s*037/).count()
      expect(before).toBeGreaterThan(0)

      // A rate with three decimals: its Spanish message beside the field, everything typed kept.
      const day = futureDay()
      await page.getByRole('textbox', { name: 'Código' }).fill('037')
      await page.getByRole('textbox', { name: 'Descripción' }).fill('Demás servicios gravados con el IGV')
      await page.getByRole('textbox', { name: 'Tasa (%)' }).fill('12.345')
      await page.getByRole('textbox', { name: 'Monto mínimo (S/)' }).fill('700.00')
      await page.getByRole('textbox', { name: 'Vigente desde' }).fill(day.typed)
      await page.getByRole('button', { name: 'Agregar tasa' }).click()
      await expect(page.getByTestId('field-error')).toHaveText(
        'El porcentaje de detracción debe ser un porcentaje válido',
      )
      await expect(page.getByRole('textbox', { name: 'Tasa (%)' })).toHaveValue('12.345')
      await expect(page.getByRole('textbox', { name: 'Código' })).toHaveValue('037')
      await expect(page.getByRole('textbox', { name: 'Descripción' })).toHaveValue(
        'Demás servicios gravados con el IGV',
      )
      await expect(page.getByRole('textbox', { name: 'Monto mínimo (S/)' })).toHaveValue('700.00')
      await expect(page.getByRole('textbox', { name: 'Vigente desde' })).toHaveValue(day.typed)
      expect(await listRow(page, caption, /^\s*037/).count()).toBe(before)

      // Corrected and without a minimum (the form posts it empty, with or without JavaScript), it is
      // saved: a new row of 037 beside the one in force, the form empty again.
      await page.getByRole('textbox', { name: 'Tasa (%)' }).fill('11.5')
      await page.getByRole('textbox', { name: 'Monto mínimo (S/)' }).fill('')
      await page.getByRole('button', { name: 'Agregar tasa' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await expect(page.getByRole('textbox', { name: 'Código' })).toHaveValue('')
      const rows037 = listRow(page, caption, /^\s*037/)
      await expect(rows037).toHaveCount(before + 1)
      const added = rows037.filter({ hasText: day.typed })
      await openCard(added)
      await expect(added).toContainText('11.50 %')
      await expect(added).toContainText('Sin mínimo')
      await expect(added).toContainText('Programada')
      await expect(added).toContainText('Usuario')
      await expect(added).toContainText('admin@planillas.pe')
      const inForce = rows037.filter({ has: inForceBadge(page) })
      await expect(inForce).toHaveCount(1)

      // The same code from the same day again: the API's refusal beside 'Vigente desde'.
      await page.getByRole('textbox', { name: 'Código' }).fill('037')
      await page.getByRole('textbox', { name: 'Descripción' }).fill('Demás servicios gravados con el IGV')
      await page.getByRole('textbox', { name: 'Tasa (%)' }).fill('10')
      await page.getByRole('textbox', { name: 'Vigente desde' }).fill(day.typed)
      await page.getByRole('button', { name: 'Agregar tasa' }).click()
      await expect(page.getByTestId('field-error')).toHaveText(
        'Ya existe una tasa de ese código vigente desde esa fecha',
      )
      await expect(page.getByRole('textbox', { name: 'Tasa (%)' })).toHaveValue('10')
      await expect(rows037).toHaveCount(before + 1)
      // Nothing runs past the screen's width (a phone's cards, a desktop's fixed table).
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      if (size.width === 390) await page.screenshot({ path: '/tmp/paycat-spot-390.png', fullPage: true })
      else await page.screenshot({ path: '/tmp/paycat-spot-1280.png', fullPage: true })
    })

    test('the retention rate lists its history and refuses a missing minimum', async ({ page, signIn }) => {
      await signIn('admin')
      await page.goto('/pagos/catalogos/retencion')
      await expect(page.getByRole('heading', { name: 'Tasa de retención del IGV' })).toBeVisible()
      await expectAccessible(page)
      const caption = 'Tasas de retención del IGV'
      await expect(
        listRow(page, caption, /./)
          .filter({ has: inForceBadge(page) })
          .first(),
      ).toBeVisible()
      await page.getByRole('textbox', { name: 'Tasa (%)' }).fill('3')
      await page.getByRole('textbox', { name: 'Vigente desde' }).fill(futureDay().typed)
      await page.getByRole('button', { name: 'Agregar tasa' }).click()
      await expect(page.getByTestId('field-error')).toHaveText('Monto mínimo es requerido')
      await expect(page.getByRole('textbox', { name: 'Tasa (%)' })).toHaveValue('3')
    })

    test('treasury sees no Catálogos and its pages answer 403', async ({ page, signIn }) => {
      await signIn('tesoreria')
      // The menu's links, also where a phone keeps the menu closed.
      const menu = page.locator('[aria-label="Menú principal"]')
      await expect(menu.locator('[data-menu="Comprobantes"]')).toHaveCount(1)
      await expect(menu.locator('[data-menu="Catálogos"]')).toHaveCount(0)
      for (const path of [
        '/pagos/catalogos',
        '/pagos/catalogos/detracciones',
        '/pagos/catalogos/lineas-de-gasto',
      ]) {
        expect((await page.goto(path))?.status(), path).toBe(403)
        await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible()
      }
    })
  })
}
