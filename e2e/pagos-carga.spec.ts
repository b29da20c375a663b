import { rucCheckDigit, todayInLima, voucherNumber } from '@planillas/domain'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { facturaRow, vouchersWorkbook } from '@planillas/testing/voucher-fixtures'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

/** A demo supplier (db/src/seed-payments.ts) and a RUC nobody registered. */
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const SUPPLIER = ruc('2055501234')
const NOBODY = ruc('2099999999')

/** Fills and sends the 'Cargar comprobantes' form with a generated file. */
async function upload(page: Page, name: string, file: Buffer) {
  await page.goto('/pagos/carga')
  await page.getByRole('link', { name: 'Cargar', exact: true }).click()
  await page.getByLabel('Empresa').selectOption({ index: 1 })
  await page.getByLabel('Archivo (.xlsx)').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  })
  await page.getByRole('button', { name: 'Procesar' }).click()
}

test.describe('Carga de comprobantes', () => {
  test.describe.configure({ timeout: 120_000 })

  test('template, a file with a bad row listed, then a good file registered', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('rrhh')
    await page.goto('/pagos/carga')
    await expect(page.getByRole('heading', { name: 'Carga de comprobantes' })).toBeVisible()
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar plantilla' }).click(),
    ])
    expect((await readDownloadedSheet(template))[0].slice(0, 3)).toEqual([
      'RUC del proveedor',
      'Tipo de comprobante',
      'Serie',
    ])

    const mode = javaScriptEnabled ? 'js' : 'html'
    // Numbers of their own per project: both projects share the demo database.
    const base = javaScriptEnabled ? 7100 : 7200
    const today = todayInLima()
    await upload(
      page,
      `malo-${mode}.xlsx`,
      await vouchersWorkbook([facturaRow(SUPPLIER, base + 1, today), facturaRow(NOBODY, base + 2, today)]),
    )
    // One notice, the list's (replaced by the end); no toast saying it again.
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: CON ERRORES (1 error).',
      { timeout: 60_000 },
    )
    await page.screenshot({ path: `/tmp/pagos-carga-${mode}-1280.png`, fullPage: true })
    await page
      .getByRole('row', { name: new RegExp(`malo-${mode}`) })
      .getByRole('link', { name: 'Ver errores' })
      .click()
    await expect(page.getByRole('heading', { name: 'Errores de la carga de comprobantes' })).toBeVisible()
    const errorRow = page.getByRole('row', { name: /No existe un proveedor registrado con ese RUC/ })
    await expect(errorRow.getByRole('cell').first()).toHaveText('3')
    await expectAccessible(page)

    await upload(
      page,
      `bueno-${mode}.xlsx`,
      await vouchersWorkbook([facturaRow(SUPPLIER, base + 1, today), facturaRow(SUPPLIER, base + 2, today)]),
    )
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO (2 comprobantes registrados).',
      { timeout: 60_000 },
    )
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `/tmp/pagos-carga-${mode}-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    // A voucher registered by the file has no PDF: its details say so and take it.
    await page.goto(`/pagos?search=${encodeURIComponent(voucherNumber('F001', base + 1))}`)
    await page.getByRole('link', { name: 'Ver detalle' }).first().click()
    await expect(page.getByText('PDF pendiente')).toBeVisible()
    await page.getByRole('link', { name: 'Adjuntar PDF' }).click()
    const pdf = page.getByLabel('PDF del comprobante')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(pdf).toHaveAccessibleDescription('El PDF del comprobante es requerido')
    // A file that is not a PDF: the API's refusal beside the field, the XML's beside its own.
    await pdf.setInputFiles({ name: 'constancia.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') })
    await page.getByLabel('XML del comprobante').setInputFiles({
      name: 'comprobante.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hola'),
    })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(pdf).toHaveAccessibleDescription('El comprobante debe ser un archivo .pdf')
    await expect(page.getByLabel('XML del comprobante')).toHaveAccessibleDescription(
      'El XML del comprobante debe ser un archivo .xml',
    )
    // Without JavaScript the page comes back from the server without the files chosen, and says so.
    if (mode === 'html') await expect(page.getByText('Vuelva a elegir el archivo.')).toHaveCount(2)
    await page.getByLabel('XML del comprobante').setInputFiles([])
    await pdf.setInputFiles({
      name: `F001-${base + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: await receiptPdf(`F001-${base + 1}`),
    })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('link', { name: `F001-${base + 1}.pdf` })).toBeVisible()
    await expect(page.getByText('PDF pendiente')).toHaveCount(0)
  })
})
