import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'

/** Confirms a status change: a dialog with JavaScript, the confirmation page without. */
async function confirmStatus(page: Page, javaScript: boolean) {
  if (javaScript)
    await page
      .getByRole('dialog', { name: 'Cambiar estado' })
      .getByRole('button', { name: 'Aceptar' })
      .click()
  else {
    await expect(page.getByRole('heading', { name: 'Cambiar estado' })).toBeVisible()
    await page.getByRole('button', { name: 'Aceptar' }).click()
  }
  await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')
}

test.describe('Mantenimiento › Bancos', () => {
  test('an administrator adds a caja by its CCI code, finds it listed, renames and suspends it', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    // One code per project: both run against the same database.
    const code = javaScriptEnabled ? '901' : '902'
    const name = `Caja Municipal de Prueba ${code}`
    await signIn('admin')
    await page.getByRole('link', { name: 'Bancos', exact: true }).first().click()
    await expect(page.getByRole('heading', { name: 'Bancos' })).toBeVisible()
    await expect(page.getByRole('row', { name: /Banco de Crédito del Perú/ })).toBeVisible()
    await expectAccessible(page)

    // The form refuses a code that is not three digits and one already registered, beside the field.
    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nuevo banco' })).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Código CCE').fill('90')
    await page.getByLabel(/^Nombre(?! corto)/).fill(name)
    await page.getByLabel('Nombre corto').fill(`Caja ${code}`)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText('El código del banco debe tener 3 dígitos')
    await page.getByLabel('Código CCE').fill('002')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText('Ya existe un banco con el código 002')

    await page.getByLabel('Código CCE').fill(code)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page).toHaveURL(new RegExp(`/bancos/${code}$`))
    await expect(page.getByRole('heading', { name: 'Editar banco' })).toBeVisible()
    // The code is the key and the CCIs' prefix: shown, not editable.
    await expect(page.getByLabel('Código CCE')).toHaveAttribute('readonly', '')

    // Listed, found by its code.
    await page.getByRole('link', { name: 'Volver' }).click()
    await page.getByRole('searchbox').fill(code)
    await page.getByRole('button', { name: 'Buscar' }).click()
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('Usuario (agregado o editado)')).toBeVisible()
    await expect(row.getByText('ACTIVO')).toBeVisible()
    await page.screenshot({ path: `test-results/bancos-lista-${code}.png`, fullPage: true })

    // Renamed, then suspended.
    await row.getByRole('link', { name: 'Editar' }).click()
    await page.getByLabel('Nombre corto').fill(`Caja Prueba ${code}`)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await page.screenshot({ path: `test-results/bancos-formulario-${code}.png`, fullPage: true })
    await page.goto(`/bancos?search=${code}`)
    await expect(page.getByRole('row', { name: new RegExp(`Caja Prueba ${code}`) })).toHaveCount(1)
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name: 'Suspender' })
      .click()
    await confirmStatus(page, javaScriptEnabled)
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('SUSPENDIDO')).toBeVisible()
  })

  test('the read-only user sees the list without adding or editing', async ({ page, signIn }) => {
    await signIn('lector')
    await page.goto('/bancos')
    await expect(page.getByRole('row', { name: /Interbank/ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Agregar' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0)
    expect((await page.goto('/bancos/crear'))?.status()).toBe(403)
  })
})
