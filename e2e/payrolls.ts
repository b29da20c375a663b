import { periodOptions } from '@planillas/domain'
import { payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import { expect, type Page } from '@playwright/test'

/**
 * A small payroll of demo employees (accounts given by `account`, at the BCP unless `bankCode`
 * says another bank), uploaded through 'Carga de
 * planillas' (the form's action, posted as the browser would), waited for until Planillas lists it,
 * and opened at its details.
 */
export async function createPayroll(
  page: Page,
  code: string,
  lines: { document: string; amount: number; account: string; bankCode?: string }[],
) {
  const file = await payrollWorkbook(
    lines.map((l, i) => [
      1,
      l.document,
      `COLABORADOR ${i + 1}`,
      l.bankCode ?? '002',
      l.account,
      null,
      l.amount,
    ]),
  )
  const response = await page.request.post('/planillas/externas/carga', {
    multipart: {
      code,
      period: periodOptions()[1],
      name: `Planilla ${code}`,
      type: '1',
      file: { name: `${code}.xlsx`, mimeType: 'application/octet-stream', buffer: file },
    },
  })
  expect(response.ok()).toBe(true)
  await expect(async () => {
    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 60_000 })
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('link', { name: 'Ver detalle' })
    .click()
}
