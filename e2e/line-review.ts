import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Confirms, on the open payroll details page, every line flagged for review (demo
 * employees may be SIN CONTRATO or have other verified bank data), as a clerk would before paying.
 */
export async function confirmObservedLines(page: Page) {
  await expect(page.getByRole('table', { name: 'Líneas de la planilla' })).toBeVisible()
  const buttons = page.getByRole('button', { name: /^Confirmar la línea de la fila/ })
  for (let clicks = 0; (await buttons.count()) > 0; clicks++) {
    expect(clicks, 'clics para confirmar las líneas observadas').toBeLessThan(20)
    const label = (await buttons.first().getAttribute('aria-label')) ?? ''
    const line = page.getByRole('button', { name: label, exact: true })
    await buttons.first().click()
    // Without JavaScript the page's own refresh (an upload still watched) may cut the post short,
    // leaving the previous confirmation's toast on a page that still asks: that line is asked again.
    const confirmed = await expect(line)
      .toHaveCount(0, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false)
    if (confirmed) await expect(page.getByTestId('toast')).toHaveText('Línea confirmada: ya puede abonarse')
  }
}

/**
 * The same in one step: every observed line's 'Seleccionar', then 'Confirmar las
 * seleccionadas', one audit entry per line.
 */
export async function confirmObservedLinesTogether(page: Page) {
  await expect(page.getByRole('table', { name: 'Líneas de la planilla' })).toBeVisible()
  const boxes = page.getByRole('checkbox', { name: 'Seleccionar' })
  const count = await boxes.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) await boxes.nth(i).check()
  await page.getByRole('button', { name: 'Confirmar las seleccionadas' }).click()
  await expect(page.getByTestId('toast')).toHaveText(
    count === 1 ? 'Línea confirmada: ya puede abonarse' : `${count} líneas confirmadas: ya pueden abonarse`,
  )
  await expect(page.getByRole('button', { name: /^Confirmar la línea de la fila/ })).toHaveCount(0)
}
