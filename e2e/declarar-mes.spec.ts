import { readFile } from 'node:fs/promises'
import { expect, expectAccessible, test } from './fixtures'

/**
 * 'Declarar un mes' (docs/decisions/plame-afpnet-files.md): a company's PLAME files for a month
 * from every payroll of the period. The end-to-end system seeds two June 2026 payrolls of Comercial
 * Andina S.A.C. (scripts/e2e-server.ts: PL-BOLETAS-JS and PL-BOLETAS-NOJS, three workers each, only
 * the first with concepts, every line with 240 ordinary hours and 2 h 30 min of overtime).
 */
const COMPANY = 'Comercial Andina S.A.C. (20100070970)'
/** The seeded workers' DNIs: 10,000,000 + 900,000…900,002 and 900,100…900,102. */
const WORKERS = [900_000, 900_001, 900_002, 900_100, 900_101, 900_102].map((n) => String(10_000_000 + n))

test.describe('Declarar un mes', () => {
  test('the .jor joins both payrolls of the month; the .rem names every line without concepts', async ({
    page,
    signIn,
  }) => {
    await signIn('rrhh')
    await page.goto('/')
    const entry = page
      .getByRole('complementary', { name: 'Menú principal' })
      .locator('[data-menu="Declarar un mes"]')
    await expect(entry).toHaveAttribute('href', '/planillas/declaracion')
    await page.goto('/planillas/declaracion')
    await expect(page.getByRole('heading', { level: 1, name: 'Declarar un mes' })).toBeVisible()
    await page.getByLabel('Empresa que declara').selectOption({ label: COMPANY })
    await page.getByLabel('Periodo').selectOption('202606')

    const jorDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Descargar .jor' }).click()
    const jor = await jorDownload
    expect(jor.suggestedFilename()).toBe('060120260620100070970.jor')
    const lines = (await readFile((await jor.path()) as string, 'ascii')).split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines).toEqual(WORKERS.map((dni) => `01|${dni}|240|0|2|30|`))

    // The .rem cannot be written: four lines have no concepts. Each is named, the choice is kept.
    await page.getByRole('button', { name: 'Descargar .rem' }).click()
    const alert = page.getByRole('alert')
    await expect(alert.getByRole('listitem')).toHaveCount(4)
    await expect(alert).toContainText(
      `Planilla PL-BOLETAS-JS, fila 3 (documento ${WORKERS[1]}): la línea no tiene conceptos de la tabla 22`,
    )
    await expect(alert).toContainText(`Planilla PL-BOLETAS-NOJS, fila 4 (documento ${WORKERS[5]})`)
    await expect(page.getByLabel('Empresa que declara').locator('option:checked')).toHaveText(COMPANY)
    await expect(page.getByLabel('Periodo')).toHaveValue('202606')
    await expectAccessible(page)

    // A month without payrolls of the company says so.
    await page.getByLabel('Periodo').selectOption('202605')
    await page.getByRole('button', { name: 'Descargar hoja AFPnet' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'La empresa no tiene planillas vigentes del periodo 202605 con trabajadores suyos (por su contrato o su ficha)',
    )
  })

  test('fits a 390 px phone', async ({ page, signIn }) => {
    await signIn('rrhh')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/planillas/declaracion')
    await expect(page.getByRole('button', { name: 'Descargar .rem' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
