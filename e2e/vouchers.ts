import { addDays, formatDate, todayInLima } from '@planillas/domain'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import type { Page } from '@playwright/test'
import { type DemoUser, expect, pickBySearch, signIn } from './fixtures'

/**
 * What the supplier-payment specs share: a voucher number no other run has used, signing in as
 * another demo user, registering and authorizing a factura through the pages, and the check that
 * a page fits the window's width.
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
 * A factura of S/ 1,180.00 (1,000.00 and IGV 180.00) of Servicios Generales Lima, issued yesterday
 * and due in 29 days, registered by the HR clerk for `company` (the list's first unless named) and
 * authorized; answers its id.
 */
export async function authorizedFactura(
  page: Page,
  {
    series,
    number,
    description,
    company,
  }: { series: string; number: string; description: string; company?: string },
): Promise<number> {
  const today = todayInLima()
  await signInAs(page, 'rrhh')
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
  await page.getByLabel('Base imponible').fill('1000.00')
  await page.getByLabel('IGV').fill('180.00')
  await page.getByLabel('Total').fill('1180.00')
  await page.getByLabel('Descripción').fill(description)
  await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
  await page.getByLabel('PDF del comprobante').setInputFiles({
    name: `${series}-${number}.pdf`,
    mimeType: 'application/pdf',
    buffer: await receiptPdf(`${series}-${number}`),
  })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  const id = Number(/\/pagos\/(\d+)\//.exec(page.url())?.[1])
  // Each step on its own page (the dialog's form, with or without JavaScript).
  await page.goto(`/pagos/${id}/autorizar`)
  await page.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
  await page.getByLabel('Periodo').fill('202611-001')
  await page.getByRole('button', { name: 'Autorizar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  return id
}

/** The page is no wider than the window: nothing to scroll sideways. */
export async function expectFits(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}
