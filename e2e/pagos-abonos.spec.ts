import { addDays, formatDate, rucCheckDigit, todayInLima } from '@planillas/domain'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, pickBySearch, test } from './fixtures'
import {
  downloadRunFiles,
  expectStatus,
  fillSupplierPayments,
  openStep,
  saveVoucher,
  signInAs,
  uniqueNumber,
} from './vouchers'

/**
 * 'Abonos de proveedores' (docs/decisions/payments-made.md): a voucher approved with its detracción
 * goes into a run on /pagos/generar (both bank files), the bank's proof is uploaded on /pagos/abonos,
 * and the voucher is PAGADO with the operation number.
 */

const today = todayInLima()
const SUPPLIER_RUC = `2055502345${rucCheckDigit('2055502345')}`

/**
 * rrhh registers and authorizes a S/ 1,180.00 voucher, tesorería approves it (SPOT 037, 12 %:
 * S/ 142.00; who registers may not approve); its details URL, tesorería signed in.
 */
async function approvedVoucher(page: Page, js: boolean, number: string) {
  await signInAs(page, 'rrhh')
  await page.goto('/pagos/registrar')
  await page.getByLabel('Empresa').selectOption({ index: 1 })
  await pickBySearch(page, 'Proveedor', 'servicios generales', /Servicios Generales Lima/)
  await page.getByLabel('Serie').fill('E002')
  await page.getByLabel('Número').fill(number)
  await page.getByLabel('Fecha de emisión').fill(formatDate(addDays(today, -2)))
  await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 28)))
  await page.getByLabel('Base imponible').fill('1000.00')
  await page.getByLabel('IGV').fill('180.00')
  await page.getByLabel('Total').fill('1180.00')
  await page.getByLabel('Descripción').fill('Mantenimiento de equipos, abonos e2e')
  await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
  await saveVoucher(page, 'E002', number)
  const details = page.url()

  const authorize = await openStep(page, js, 'Autorizar')
  await authorize.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
  await authorize.getByLabel('Periodo').fill('202411-001')
  await authorize.getByRole('button', { name: 'Autorizar' }).click()
  await expectStatus(page, 'AUTORIZADO')

  await signInAs(page, 'tesoreria')
  await page.goto(details)
  const approve = await openStep(page, js, 'Aprobar')
  await approve.getByLabel('Código de detracción').selectOption('037')
  if (!js) await approve.getByRole('button', { name: 'Calcular' }).click()
  await expect(approve.getByLabel('Porcentaje de detracción')).toHaveValue('12')
  await approve.getByRole('button', { name: 'Aprobar' }).click()
  await expectStatus(page, 'APROBADO')
  return details
}

const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test.describe('Abonos de proveedores', () => {
  test.describe.configure({ timeout: 240_000 })

  test('an approved voucher is paid by a run and marked PAGADO by the bank’s proof uploaded on /pagos/abonos', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    const number = uniqueNumber()
    const fullNumber = `E002-${number.padStart(8, '0')}`
    const details = await approvedVoucher(page, js, number)

    // The run: only this voucher, the first debit account.
    await page.goto('/pagos/generar')
    await page.getByRole('checkbox', { name: new RegExp(fullNumber) }).check()
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByLabel('Referencia').fill(`Abonos e2e ${js ? 'JS' : 'HTML'}`)
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByTestId('toast')).toContainText('generada: 1 proveedor, 1 comprobante')
    const run = page.getByRole('table', { name: 'Órdenes de pago a proveedores' }).getByRole('row').nth(1)
    await expect(run).toContainText('S/ 1,038.00')
    const orderId = Number(/\d+/.exec((await run.getByText(/^Orden N° \d+$/).textContent()) ?? '')?.[0])
    expect(orderId).toBeGreaterThan(0)

    // Both files: the CCI Excel pays the net, the BN TXT deposits the detracción.
    const net = Number(await downloadRunFiles(page, run, 14_200))
    expect(net).toBe(1038)

    // The proof of payment, uploaded from the menu's 'Abonos de proveedores'.
    await page.goto('/pagos')
    await page.getByRole('link', { name: 'Abonos de proveedores' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Abonos de proveedores' })).toBeVisible()
    await page.getByRole('link', { name: 'Cargar', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Cargar abonos de proveedores' })).toBeVisible()
    await expectAccessible(page)
    const operation = `OP${number}`.slice(0, 20)
    const fill = (order: string) =>
      fillSupplierPayments(page, { order, document: SUPPLIER_RUC, amount: net, operation })
    // A run that does not exist: the Spanish message, what was typed kept, nothing recorded.
    await fill('99999999')
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByRole('alert')).toContainText(
      'No existe una orden de pago a proveedores con el número 99999999',
    )
    await expect(page.getByLabel('N° de orden de pago')).toHaveValue('99999999')
    await fill(String(orderId))
    await page.getByRole('button', { name: 'Procesar' }).click()
    await page.waitForURL(/\/pagos\/abonos(\?|$)/)

    // Processed by the worker: the batch ends PROCESADO with its row paid.
    const batches = page.getByRole('table', { name: 'Abonos de proveedores' })
    await expect
      .poll(
        async () => {
          await page.goto('/pagos/abonos')
          return (await batches.getByRole('row').nth(1).textContent()) ?? ''
        },
        { timeout: 90_000, intervals: [1000, 2000, 3000] },
      )
      .toContain('PROCESADO')
    const batch = batches.getByRole('row').nth(1)
    await expect(batch).toContainText(String(orderId))
    await expect(batch).toContainText('1 de 1')
    await expect(batch.getByRole('link', { name: 'Descargar constancias' })).toBeVisible()

    // The voucher: PAGADO, the date of payment and the operation number.
    await page.goto(details)
    await expect(
      page.getByRole('region', { name: 'Datos del comprobante' }).getByText('PAGADO', { exact: true }),
    ).toBeVisible()
    const paid = page.getByRole('region', { name: 'Pago' })
    await expect(paid).toContainText(operation)
    await expect(paid).toContainText(formatDate(today))
    await expect(paid).toContainText('S/ 1,038.00')
  })

  test('the list and the upload form fit a phone (390 px) with no horizontal overflow', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn('admin')
    for (const path of ['/pagos/abonos', '/pagos/abonos/carga']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await noHorizontalOverflow(page), path).toBe(true)
    }
    const template = page.waitForEvent('download')
    await page.getByRole('link', { name: 'plantilla de abonos de proveedores' }).click()
    expect((await template).suggestedFilename()).toBe('plantilla-abonos-proveedores.xlsx')
  })
})
