import type { Page } from '@playwright/test'
import { cardToggle, clickRowAction, demoDocuments, expect, test } from './fixtures'
import { createPayroll } from './payrolls'

/**
 * A payroll's details, a contract's details and an employee's page print as a clean document: no
 * menu, header, buttons or forms, names whole, and the sheet's number at its foot (`@page`,
 * remix/app/tailwind.css). Printing is the browser's; the print media is emulated here.
 */

/** Shown on screen and gone on paper: the menu and every button. */
async function expectPrintsClean(page: Page, name: string) {
  const menu = page.getByRole('complementary', { name: 'Menú principal' })
  const back = page.getByRole('link', { name: 'Volver' })
  await page.emulateMedia({ media: 'screen' })
  await expect(back).toBeVisible()
  if ((page.viewportSize()?.width ?? 0) >= 992) await expect(menu).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(menu).toBeHidden()
  await expect(page.locator('header').first()).toBeHidden()
  await expect(back).toBeHidden()
  for (const button of await page.getByRole('button').all()) await expect(button).toBeHidden()
  for (const control of await page.locator('main select, main input:not([type="hidden"])').all()) {
    await expect(control).toBeHidden()
  }
  // Nothing is cut after two lines on paper.
  const clamped = await page.evaluate(
    () =>
      [...document.querySelectorAll('main *')].filter((el) => {
        const style = getComputedStyle(el)
        return style.display !== 'none' && style.webkitLineClamp !== 'none' && style.webkitLineClamp !== ''
      }).length,
  )
  expect(clamped).toBe(0)
  // The sheets are numbered: 'Página 1 de 2' at the foot.
  const numbered = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some(
        (rule) => rule instanceof CSSPageRule && /counter\(page\).*counter\(pages\)/.test(rule.cssText),
      ),
    ),
  )
  expect(numbered).toBe(true)
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
  await page.emulateMedia({ media: 'screen' })
}

test.describe('Impresión', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  test("an employee's page and a contract's details print as documents", async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/contratos')
    const row = page.getByRole('table', { name: 'Contratos' }).getByRole('row').nth(1)
    const number = (await row.getByRole('cell').first().textContent())?.trim() ?? ''
    await page.goto(`/contratos?search=${encodeURIComponent(number)}`)
    await clickRowAction(page.getByRole('row', { name: new RegExp(number) }), 'Ver datos')
    await expect(page.getByRole('heading', { name: 'Datos del contrato' })).toBeVisible()
    await expectPrintsClean(page, 'contrato')
    await page.getByRole('region', { name: 'Información del Colaborador' }).getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Datos del colaborador' })).toBeVisible()
    await expectPrintsClean(page, 'colaborador')
  })

  test("a payroll's details print as a document, every line whole", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const code = `PL-IMP-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`
    await signIn('rrhh')
    const documents = await demoDocuments(page, 3)
    await createPayroll(
      page,
      code,
      documents.map((document, i) => ({ document, amount: 1000 + i, account: `1912000000${i}` })),
    )
    await expect(page.getByRole('heading', { name: `Planilla ${code}`, level: 1 })).toBeVisible()
    await expectPrintsClean(page, 'planilla')
    // On paper the lines are a table (not the phone's cards), with every document in it.
    await page.emulateMedia({ media: 'print' })
    const lines = page.getByRole('table', { name: 'Líneas de la planilla' })
    await expect(lines).toBeVisible()
    for (const document of documents) await expect(lines.getByText(`DNI ${document}`)).toBeVisible()
    // On an A4 sheet's width too (about 720 px of CSS pixels).
    await page.setViewportSize({ width: 720, height: 1000 })
    await expect(lines).toBeVisible()
    // Not the phone's cards (the same markup below 992 px on a screen): headers, no 'Detalle'.
    await expect(lines.getByRole('columnheader').first()).toBeVisible()
    await expect(cardToggle(lines.getByRole('row').nth(1))).toBeHidden()
    // Each name breaks between words only, and each account stays on one line.
    for (const cell of await lines.locator('tbody tr td:nth-child(3), tbody tr td:nth-child(4)').all()) {
      const { words, lines: shown } = await cell.evaluate((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return { words: (td.textContent ?? '').trim().split(/\s+/).length, lines: tops.size }
      })
      expect(shown, (await cell.textContent()) ?? '').toBeLessThanOrEqual(Math.min(words, 2))
    }
    await page.screenshot({ path: test.info().outputPath('planilla-a4.png'), fullPage: true })
  })
})
