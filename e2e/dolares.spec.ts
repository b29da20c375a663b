import { addDays, formatDate, todayInLima } from '@planillas/domain'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, pickBySearch, test } from './fixtures'
import { expectFits, signInAs, uniqueNumber } from './vouchers'

/**
 * Vouchers in US dollars (docs/decisions/usd-vouchers.md), with and without JavaScript, at 1280 and
 * 390 px: the administrator enters the SBS venta rates, a factura is registered in dollars, its
 * detracción is approved in soles at the issue date's rate and listed with its deadline, a run
 * refuses it naming the supplier, and another paid by hand has its IGV retention in soles at the
 * payment date's rate, on its CRE with the rate.
 */

const today = todayInLima()
const yesterday = addDays(today, -1)
/** The demo's retention agent (the seed makes the last of its first five companies one). */
const AGENT = 'Minera Cordillera Blanca S.A.A.'

/** 'Tipo de cambio': a day's SBS venta rate, saved and listed. */
async function enterRate(page: Page, day: string, rate: string) {
  await page.getByLabel('Fecha').fill(formatDate(day))
  await page.getByLabel('Tipo de cambio (S/ por US$)').fill(rate)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByTestId('toast')).toContainText('Se almacenó la información correctamente')
  // The row of the day (its 'Origen' also names when it was entered: today).
  const table = page.getByRole('table', { name: 'Tipos de cambio registrados' })
  await expect(table.getByRole('row', { name: new RegExp(`^${formatDate(day)} ${rate} `) })).toHaveCount(1)
}

/**
 * A factura of US$ 1,180.00 from Servicios Generales Lima issued yesterday, registered in dollars
 * and authorized by rrhh; answers its id and number as the lists write it.
 */
async function registeredInDollars(page: Page, series: string, company?: string) {
  const number = uniqueNumber()
  await signInAs(page, 'rrhh')
  await page.goto('/pagos/registrar')
  const companies = page.getByLabel('Empresa')
  if (company)
    await companies.selectOption(
      (await companies.locator('option', { hasText: company }).getAttribute('value')) ?? '',
    )
  else await companies.selectOption({ index: 1 })
  await pickBySearch(page, 'Proveedor', 'servicios generales', /Servicios Generales Lima/)
  await page.getByLabel('Serie').fill(series)
  await page.getByLabel('Número').fill(number)
  await page.getByLabel('Fecha de emisión').fill(formatDate(yesterday))
  await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 29)))
  await page.getByLabel('Moneda').selectOption({ label: 'DÓLARES (USD)' })
  await page.getByLabel('Base imponible').fill('1000.00')
  await page.getByLabel('IGV').fill('180.00')
  await page.getByLabel('Total').fill('1180.00')
  await page.getByLabel('Descripción').fill('Licencias de software en dólares')
  await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
  await page.getByLabel('PDF del comprobante').setInputFiles({
    name: `${series}-${number}.pdf`,
    mimeType: 'application/pdf',
    buffer: await receiptPdf(`${series}-${number}`),
  })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  const id = Number(/\/pagos\/(\d+)\//.exec(page.url())?.[1])
  await expect(page.getByRole('region', { name: 'Importes' })).toContainText('US$ 1,180.00')
  await page.goto(`/pagos/${id}/autorizar`)
  await page.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
  await page.getByLabel('Periodo').fill('202611-001')
  await page.getByRole('button', { name: 'Autorizar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  return { id, fullNumber: `${series}-${number.padStart(8, '0')}`, short: `${series}-${Number(number)}` }
}

test.describe('Comprobantes en dólares', () => {
  test.describe.configure({ timeout: 240_000 })

  test('rates entered; a USD factura approved with its detracción in soles, refused by a run; another paid by hand with its retention in soles', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false

    // The administrator's rate table: a bad rate is refused in Spanish and kept as typed.
    await signInAs(page, 'admin')
    await page.goto('/pagos/catalogos')
    await page.getByRole('link', { name: 'Tipo de cambio (SBS venta)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Tipo de cambio (SBS venta)' })).toBeVisible()
    await page.getByLabel('Fecha').fill(formatDate(yesterday))
    await page.getByLabel('Tipo de cambio (S/ por US$)').fill('0')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(
      page.getByText('El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)'),
    ).toBeVisible()
    await expect(page.getByLabel('Tipo de cambio (S/ por US$)')).toHaveValue('0')
    await enterRate(page, yesterday, '3.800')
    await enterRate(page, today, '3.790')
    // The page as it is read, not with the pointer still on the button just pressed.
    await page.mouse.move(0, 0)
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // Under SPOT 037: US$ 1,180.00 at 3.800 = S/ 4,484.00 → 12 % = S/ 538.08 → S/ 538.00.
    const detracted = await registeredInDollars(page, js ? 'U001' : 'U002')
    await signInAs(page, 'tesoreria')
    await page.goto(`/pagos/${detracted.id}/aprobar?spotCode=037`)
    const summary = page.getByLabel('Resumen', { exact: true })
    await expect(summary).toContainText(`Total en soles (T.C. 3.800 del ${formatDate(yesterday)})`)
    await expect(summary).toContainText('S/ 4,484.00')
    await expect(summary).toContainText('S/ 538.00')
    await expect(summary).toContainText('US$ 1,038.42')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const amounts = page.getByRole('region', { name: 'Importes' })
    await expect(amounts).toContainText('US$ 1,180.00')
    await expect(amounts).toContainText(`3.800 del ${formatDate(yesterday)}`)
    await expect(amounts).toContainText('S/ 538.00')
    await expect(amounts).toContainText('US$ 1,038.42')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The detracción to deposit, in soles, with its deadline.
    await page.goto(`/pagos/detracciones?search=${detracted.fullNumber}`)
    const owed = page.getByRole('row').filter({ hasText: detracted.fullNumber })
    await expect(owed).toContainText('S/ 538.00')
    await expect(owed).toContainText('PENDIENTE')
    await expect(owed).toContainText(/\d{2}\/\d{2}\/\d{4}/)

    // A run pays soles only: it refuses the dollar voucher naming the supplier.
    await page.goto('/pagos/generar')
    await page.getByRole('checkbox', { name: new RegExp(detracted.fullNumber) }).check()
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByLabel('Referencia').fill('Dólares e2e')
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByRole('alert')).toContainText(
      `Servicios Generales Lima S.A.C. · ${detracted.fullNumber}: está en dólares (USD)`,
    )

    // To the retention agent, without SPOT: US$ 1,180.00 at today's 3.790 = S/ 4,472.20 → 3 % = S/ 134.17,
    // US$ 35.40 at that rate: the supplier is paid US$ 1,144.60.
    const retained = await registeredInDollars(page, js ? 'U003' : 'U004', AGENT)
    await signInAs(page, 'tesoreria')
    await page.goto(`/pagos/${retained.id}/aprobar`)
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await page.goto(`/pagos/${retained.id}/pagar`)
    await expect(page.getByLabel('Monto pagado (US$)')).toHaveValue('1144.60')
    await page.getByRole('button', { name: 'Marcar como pagado' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const paid = page.getByRole('region', { name: 'Importes' })
    await expect(paid).toContainText('S/ 134.17')
    await expect(paid).toContainText('3.790')
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText('US$ 1,144.60')

    // Its CRE: the retention in soles, the document with its currency and rate.
    await page.goto('/pagos/retenciones/comprobantes')
    const cre = page.getByRole('row').filter({ hasText: `01 ${retained.short} (USD, T.C. 3.790)` })
    await expect(cre).toHaveCount(1)
    await expect(cre).toContainText('S/ 134.17')
    await expect(cre).toContainText('S/ 4,472.20')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
  })
})
