import { periodOptions, XLSX_MIME } from '@planillas/domain'
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
  const response = await postPayroll(page, code, file)
  expect(response.ok()).toBe(true)
  await openPayrollWhenListed(page, code)
}

/**
 * Posts a payroll workbook to 'Carga de planillas' as its form does (next month's period, the first
 * type, named `Planilla <code>`); answers the response, redirects followed unless `maxRedirects`.
 */
export function postPayroll(page: Page, code: string, file: Buffer, options: { maxRedirects?: number } = {}) {
  return page.request.post('/planillas/externas/carga', {
    ...options,
    multipart: {
      code,
      period: periodOptions()[1],
      name: `Planilla ${code}`,
      type: '1',
      file: { name: `${code}.xlsx`, mimeType: 'application/octet-stream', buffer: file },
    },
  })
}

/** Reloads Planillas searched for `code` until it lists the payroll, then opens its details. */
export async function openPayrollWhenListed(page: Page, code: string) {
  await expect(async () => {
    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 60_000 })
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('link', { name: 'Ver detalle' })
    .click()
}

/**
 * Fills and sends 'Cargar planilla' (/planillas/externas/carga) as a clerk does, with a generated
 * file, for next month's period; `type` is the list's label (OPERADORES unless said). 'twice' is a
 * quick second press, as an impatient clerk does.
 */
export async function uploadPayrollForm(
  page: Page,
  fields: { code: string; name: string; type?: string },
  file: Buffer,
  press: 'once' | 'twice' = 'once',
) {
  await page.goto('/planillas/externas/carga')
  await page.getByLabel('Código de planilla').fill(fields.code)
  await page.getByLabel('Periodo').selectOption(periodOptions()[1])
  await page.getByLabel('Nombre de planilla').fill(fields.name)
  await page.getByLabel('Tipo').selectOption({ label: fields.type ?? 'OPERADORES' })
  await page
    .getByLabel('Archivo (.xlsx)')
    .setInputFiles({ name: `${fields.code}.xlsx`, mimeType: XLSX_MIME, buffer: file })
  if (press === 'twice') await page.getByRole('button', { name: 'Procesar' }).dblclick()
  else await page.getByRole('button', { name: 'Procesar' }).click()
}

/**
 * Waits for the form's answer (accepted: the list the upload's notice is on), then reloads 'Carga de
 * planillas' until the upload shows the expected status. Leaving the form before its answer would
 * cancel the upload with JavaScript on (the form is sent by fetch).
 */
export async function waitForPayrollUpload(page: Page, code: string, status: string) {
  await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
  await expect(async () => {
    await page.goto(`/planillas/externas?search=${encodeURIComponent(code)}`)
    await expect(page.getByRole('row', { name: new RegExp(code) }).getByText(status)).toBeVisible({
      timeout: 1000,
    })
  }).toPass({ timeout: 60_000 })
}
