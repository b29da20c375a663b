import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Confirms, on the open payroll details page, every line flagged for review (issue 11: demo
 * employees may be SIN CONTRATO or have other verified bank data), as a clerk would before paying.
 */
export async function confirmObservedLines(page: Page) {
  await expect(page.getByRole('table', { name: 'Líneas de la planilla' })).toBeVisible()
  const buttons = page.getByRole('button', { name: /^Confirmar la línea de la fila/ })
  for (let left = await buttons.count(); left > 0; left--) {
    await buttons.first().click()
    await expect(page.getByTestId('toast')).toHaveText('Línea confirmada: ya puede abonarse')
    await expect(buttons).toHaveCount(left - 1)
  }
}
