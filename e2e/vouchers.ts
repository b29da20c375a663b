import { readFile } from 'node:fs/promises'
import {
  addDays,
  formatDate,
  MESSAGES,
  PAYMENT_TEMPLATE_HEADERS,
  PAYMENT_TEMPLATE_SHEET,
  todayInLima,
} from '@planillas/domain'
import { checkBnDetraccionesFile } from '@planillas/domain/bank-files'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { type DemoUser, expect, pickBySearch, signIn } from './fixtures'

/**
 * What the supplier-payment specs share: a voucher number no other run has used, signing in as
 * another demo user, registering and authorizing a factura through the pages, a voucher's steps and
 * status, the bank's proof of a run, and the check that a page fits the window's width.
 */

let counter = 0

/** A voucher number no other run of these specs (nor the other project) has used. */
export const uniqueNumber = () => String(((Date.now() % 9_000_000) * 10 + (counter++ % 10)) % 99_999_999 || 1)

/** Signs in as `who` in place of whoever was signed in. */
export async function signInAs(page: Page, who: DemoUser) {
  await page.context().clearCookies()
  await signIn(page, who)
}

/**
 * On the open 'Registrar comprobante' form, its fields filled: attaches the voucher's PDF and saves
 * it; answers its id (the details page it lands on).
 */
export async function saveVoucher(page: Page, series: string, number: string): Promise<number> {
  await page.getByLabel('PDF del comprobante').setInputFiles({
    name: `${series}-${number}.pdf`,
    mimeType: 'application/pdf',
    buffer: await receiptPdf(`${series}-${number}`),
  })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  return Number(/\/pagos\/(\d+)\//.exec(page.url())?.[1])
}

/**
 * Authorizes voucher `id` as the signed-in clerk, on the step's own page (the dialog's form, with or
 * without JavaScript).
 */
export async function authorizeVoucher(page: Page, id: number) {
  await page.goto(`/pagos/${id}/autorizar`)
  await page.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
  await page.getByLabel('Periodo').fill('202611-001')
  await page.getByRole('button', { name: 'Autorizar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
}

/**
 * A factura of 1,180.00 (1,000.00 and IGV 180.00; in `currency`, the list's label, when not soles)
 * of Servicios Generales Lima, issued yesterday and due in 29 days, registered by the signed-in
 * clerk for `company` (the list's first unless named); answers its id.
 */
export async function registerFactura(
  page: Page,
  {
    series,
    number,
    description,
    company,
    currency,
  }: { series: string; number: string; description: string; company?: string; currency?: string },
): Promise<number> {
  const today = todayInLima()
  await page.goto('/pagos/registrar')
  const companies = page.getByLabel('Empresa')
  if (company) {
    const value = await companies.locator('option', { hasText: company }).getAttribute('value')
    await companies.selectOption(value ?? '')
  } else await companies.selectOption({ index: 1 })
  await pickBySearch(page, 'Proveedor', 'servicios generales', /Servicios Generales Lima/)
  await page.getByLabel('Serie').fill(series)
  await page.getByLabel('Número').fill(number)
  await page.getByLabel('Fecha de emisión').fill(formatDate(addDays(today, -1)))
  await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 29)))
  if (currency) await page.getByLabel('Moneda').selectOption({ label: currency })
  await page.getByLabel('Base imponible').fill('1000.00')
  await page.getByLabel('IGV').fill('180.00')
  await page.getByLabel('Total').fill('1180.00')
  await page.getByLabel('Descripción').fill(description)
  await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
  return saveVoucher(page, series, number)
}

/**
 * A factura of S/ 1,180.00 (`registerFactura`) registered by the HR clerk and authorized; answers
 * its id.
 */
export async function authorizedFactura(
  page: Page,
  factura: { series: string; number: string; description: string; company?: string },
): Promise<number> {
  await signInAs(page, 'rrhh')
  const id = await registerFactura(page, factura)
  await authorizeVoucher(page, id)
  return id
}

/**
 * Opens a step from the voucher's details page: with JavaScript its dialog (the form's scope),
 * without it the step's own page.
 */
export async function openStep(page: Page, javaScript: boolean, name: string): Promise<Locator> {
  await page.getByRole('link', { name, exact: true }).click()
  if (javaScript) {
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible()
    return dialog
  }
  await page.waitForURL(/\/pagos\/\d+\/(autorizar|aprobar|pagar|rechazar|anular)/)
  return page.getByRole('main')
}

/** A step just taken: its toast, and the voucher's new status on its details. */
export async function expectStatus(page: Page, status: string) {
  await expect(page.getByTestId('toast')).toHaveText(MESSAGES.statusUpdated)
  await expect(
    page.getByRole('region', { name: 'Datos del comprobante' }).getByText(status, { exact: true }),
  ).toBeVisible()
}

/**
 * Downloads both files of a run of one voucher under detracción (`run`, its row on 'Generar pagos'):
 * the BN file must read back clean with one deposit of `detractionCents`; answers the CCI workbook's
 * amount paid (its first line's 'Monto'), as exceljs reads the cell.
 */
export async function downloadRunFiles(page: Page, run: Locator, detractionCents: number) {
  const excelDownload = page.waitForEvent('download')
  await run.getByRole('link', { name: /^Descargar pago-proveedores/ }).click()
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await (await excelDownload).path())
  const bnDownload = page.waitForEvent('download')
  await run.getByRole('link', { name: /^Descargar D\d{11}\d{6}\.txt, Detracciones lote \d{6}$/ }).click()
  const bn = await bnDownload
  const reread = checkBnDetraccionesFile(await readFile(await bn.path()), {
    lineCount: 1,
    fileName: bn.suggestedFilename(),
  })
  expect(reread.problems).toEqual([])
  expect(reread.summary?.totalCents).toBe(detractionCents)
  return workbook.worksheets[0].getRow(2).getCell(6).value
}

/**
 * Fills 'Cargar abonos de proveedores' (the page open) without sending it: run `order`, paid today,
 * the bank's proof as the template has it (one row paying `document` its `amount` with `operation`)
 * and the constancia that row names.
 */
export async function fillSupplierPayments(
  page: Page,
  {
    order,
    document,
    amount,
    operation,
  }: { order: string; document: string; amount: number; operation: string },
) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(PAYMENT_TEMPLATE_SHEET)
  sheet.addRow([...PAYMENT_TEMPLATE_HEADERS])
  sheet.addRow([6, document, amount, operation, 'constancia.pdf'])
  await page.getByLabel('N° de orden de pago').fill(order)
  await page.getByLabel('Fecha de abono').fill(formatDate(todayInLima()))
  await page.getByLabel('Excel de abonos (.xlsx)').setInputFiles({
    name: 'abonos-proveedores.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  })
  await page.getByLabel('Constancias (.pdf)').setInputFiles({
    name: 'constancia.pdf',
    mimeType: 'application/pdf',
    buffer: await receiptPdf('Constancia'),
  })
}

/** The page is no wider than the window: nothing to scroll sideways. */
export async function expectFits(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}
