import { PADRON_MESSAGES, rucCheckDigit } from '@planillas/domain'
import { buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * 'Mantenimiento › Padrones de SUNAT' (docs/decisions/sunat-padrones.md): an administrator uploads
 * the padrón reducido as SUNAT serves it (a ZIP with one ISO-8859-1 TXT), the load runs in the
 * background and the list tells its end. RUCs of no demo supplier, so no other screen changes.
 */
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|'
const padron = () =>
  buildZip([
    deflatedPart(
      'padron_reducido_ruc.txt',
      Buffer.from(
        [
          HEADER,
          `${ruc('1099000001')}|PEÑA QUISPE JOSÉ|ACTIVO|HABIDO|-|-|-|-|-|-|-|-|-|-|-|`,
          `${ruc('2099000002')}|EMPRESA DE PRUEBA S.A.C.|BAJA DE OFICIO|NO HABIDO|150131|AV.|LIMA|-|-|1|-|-|-|-|-|`,
          '',
        ].join('\r\n'),
        'latin1',
      ),
    ),
  ])

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('Padrones de SUNAT', () => {
  test.describe.configure({ timeout: 120_000 })

  test('an administrator uploads the padrón reducido and follows its load to the end', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? 'js' : 'html'
    await signIn('admin')
    await page.goto('/padrones')
    await expect(page.getByRole('heading', { name: 'Padrones de SUNAT' })).toBeVisible()
    await page.getByRole('link', { name: 'Cargar padrón' }).click()
    await expect(page.getByRole('heading', { name: 'Cargar padrón de SUNAT' })).toBeVisible()

    // Something that is not SUNAT's ZIP: refused at once, in Spanish, what was chosen kept.
    await page.locator('select#kind').selectOption({ label: 'Padrón reducido del RUC' })
    await page.getByLabel('Fecha del padrón (DD/MM/AAAA)').fill('20/08/2026')
    await page
      .getByLabel('Archivo (.zip o .txt)')
      .setInputFiles({ name: 'padron.zip', mimeType: 'application/zip', buffer: Buffer.from('no es un zip') })
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByText(PADRON_MESSAGES.notZip).first()).toBeVisible()
    await expect(page.getByLabel('Fecha del padrón (DD/MM/AAAA)')).toHaveValue('20/08/2026')

    await page.locator('select#kind').selectOption({ label: 'Padrón reducido del RUC' })
    await page
      .getByLabel('Archivo (.zip o .txt)')
      .setInputFiles({ name: `padron-${mode}.zip`, mimeType: 'application/zip', buffer: padron() })
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoSideScroll(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO (2 RUC).',
      { timeout: 60_000 },
    )
    const row = page.getByRole('row').filter({ hasText: `padron-${mode}.zip` })
    await expect(row).toContainText('20/08/2026')
    await expect(row).toContainText('PROCESADO')
    await page.screenshot({ path: `/tmp/padrones-${mode}-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoSideScroll(page)
    await page.screenshot({ path: `/tmp/padrones-${mode}-390.png`, fullPage: true })
  })

  test('is not offered to the HR clerk', async ({ page, signIn }) => {
    await signIn('rrhh')
    await page.goto('/padrones')
    await expect(page.getByRole('heading', { name: 'Padrones de SUNAT' })).toHaveCount(0)
  })
})
