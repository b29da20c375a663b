import { readFile } from 'node:fs/promises'
import {
  addDays,
  formatDate,
  MESSAGES,
  PAYMENT_TEMPLATE_HEADERS,
  PAYMENT_TEMPLATE_SHEET,
  rucCheckDigit,
  todayInLima,
} from '@planillas/domain'
import { checkBnDetraccionesFile } from '@planillas/domain/bank-files'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import type { Locator, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { type DemoUser, expect, expectAccessible, pickBySearch, signIn, test } from './fixtures'

/**
 * 'Abonos de proveedores' (docs/decisions/payments-made.md): a voucher approved with its detracción
 * goes into a run on /pagos/generar (both bank files), the bank's proof is uploaded on /pagos/abonos,
 * and the voucher is PAGADO with the operation number.
 */

const today = todayInLima()
const SUPPLIER_RUC = `2055502345${rucCheckDigit('2055502345')}`
let counter = 0
const uniqueNumber = () => String(((Date.now() % 9_000_000) * 10 + (counter++ % 10)) % 99_999_999 || 1)

/** Switches the demo user: the session cookies go, then that user's session (`signIn`). */
async function signInAs(page: Page, who: DemoUser) {
  await page.context().clearCookies()
  await signIn(page, who)
}

/** With JavaScript a step is a dialog; without it, a page of its own. */
async function openStep(page: Page, js: boolean, name: string): Promise<Locator> {
  await page.getByRole('link', { name, exact: true }).click()
  if (!js) return page.getByRole('main')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible()
  return dialog
}

async function expectStatus(page: Page, status: string) {
  await expect(page.getByTestId('toast')).toHaveText(MESSAGES.statusUpdated)
  await expect(
    page.getByRole('region', { name: 'Datos del comprobante' }).getByText(status, { exact: true }),
  ).toBeVisible()
}

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
  await page
    .getByLabel('PDF del comprobante')
    .setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: await receiptPdf('F') })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
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

/** The bank's proof as the template has it: one row paying the supplier its net. */
async function paymentsExcel(net: number, operation: string) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(PAYMENT_TEMPLATE_SHEET)
  sheet.addRow([...PAYMENT_TEMPLATE_HEADERS])
  sheet.addRow([6, SUPPLIER_RUC, net, operation, 'constancia-e2e.pdf'])
  return Buffer.from(await workbook.xlsx.writeBuffer())
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
    const excelDownload = page.waitForEvent('download')
    await run.getByRole('link', { name: /^Descargar pago-proveedores/ }).click()
    const transfers = new ExcelJS.Workbook()
    await transfers.xlsx.readFile(await (await excelDownload).path())
    const net = Number(transfers.worksheets[0].getRow(2).getCell(6).value)
    expect(net).toBe(1038)
    const bnDownload = page.waitForEvent('download')
    await run.getByRole('link', { name: /^Descargar D\d{11}\d{6}\.txt, Detracciones lote \d{6}$/ }).click()
    const bn = await bnDownload
    const reread = checkBnDetraccionesFile(await readFile(await bn.path()), {
      lineCount: 1,
      fileName: bn.suggestedFilename(),
    })
    expect(reread.problems).toEqual([])
    expect(reread.summary?.totalCents).toBe(14_200)

    // The proof of payment, uploaded from the menu's 'Abonos de proveedores'.
    await page.goto('/pagos')
    await page.getByRole('link', { name: 'Abonos de proveedores' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Abonos de proveedores' })).toBeVisible()
    await page.getByRole('link', { name: 'Cargar', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Cargar abonos de proveedores' })).toBeVisible()
    await expectAccessible(page)
    const operation = `OP${number}`.slice(0, 20)
    const fill = async (order: string) => {
      await page.getByLabel('N° de orden de pago').fill(order)
      await page.getByLabel('Fecha de abono').fill(formatDate(today))
      await page.getByLabel('Excel de abonos (.xlsx)').setInputFiles({
        name: 'abonos-proveedores.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await paymentsExcel(net, operation),
      })
      await page.getByLabel('Constancias (.pdf)').setInputFiles({
        name: 'constancia-e2e.pdf',
        mimeType: 'application/pdf',
        buffer: await receiptPdf('Constancia e2e'),
      })
    }
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
