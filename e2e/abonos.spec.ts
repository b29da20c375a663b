import { readFile } from 'node:fs/promises'
import { formatDate, REPEATED_ABONOS_CONFIRM, todayInLima } from '@planillas/domain'
import { paymentsWorkbook, pdfPageTexts, receiptPdf } from '@planillas/testing/payment-fixtures'
import { demoDocuments, expect, expectAccessible, test } from './fixtures'
import { confirmObservedLines } from './line-review'
import { createPayroll } from './payrolls'

const AMOUNTS = [1850.5, 1200, 990.25]

test.describe('Abonos', () => {
  test('upload the proof of payment of a small payroll: PROCESADO, 100 %, merged receipts', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const code = `PL-E2E-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`
    await signIn('rrhh')
    const documents = await demoDocuments(page, AMOUNTS.length)
    await createPayroll(
      page,
      code,
      documents.map((document, i) => ({ document, amount: AMOUNTS[i], account: `1910000000${i}` })),
    )
    // Lines flagged for review (SIN CONTRATO, other verified bank data) are confirmed before paying.
    await confirmObservedLines(page)

    await page.goto('/planillas/abonos')
    await expect(page.getByRole('heading', { name: 'Carga de abonos' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Cargar', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Cargar abonos' })).toBeVisible()
    await expect(
      page.getByText('Seleccione los siguientes campos para poder cargar sus archivos.'),
    ).toBeVisible()
    await expect(page.getByLabel('Fecha de abono')).toHaveAttribute('placeholder', 'DD/MM/AAAA')
    await expectAccessible(page)

    // A bad form first: every problem listed at once, what was typed kept.
    await page.getByLabel('N° de planilla').fill('NO-EXISTE-E2E')
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByRole('heading', { name: /^Errores: \d+$/ })).toBeVisible()
    await expect(page.getByTestId('upload-errors')).toContainText('Fecha de abono es requerida')
    await expect(page.getByTestId('upload-errors')).toContainText('El archivo Excel de abonos es requerido')
    // The unknown payroll number with them, with JavaScript too (the browser holds the files back).
    await expect(page.getByTestId('upload-errors')).toContainText(
      "No existe una planilla con el número 'NO-EXISTE-E2E'",
    )
    await expect(page.getByRole('heading', { name: 'Errores: 3' })).toBeVisible()
    await expect(page.getByLabel('N° de planilla')).toHaveValue('NO-EXISTE-E2E')

    // The bank's Excel names two receipts; the third row's receipt is found by its document number.
    const excel = await paymentsWorkbook(
      documents.map((dni, i) => [
        1,
        dni,
        AMOUNTS[i],
        `OP-${i + 1}`,
        i < 2 ? `constancia-${i + 1}.pdf` : null,
      ]),
    )
    await page.getByLabel('N° de planilla').fill(code)
    await page.getByLabel('Descripción de planilla').fill('Abono quincenal')
    await page.getByLabel('Fecha de abono').fill(formatDate(todayInLima()))
    await page
      .getByLabel('Excel de abonos (.xlsx)')
      .setInputFiles({ name: 'abonos.xlsx', mimeType: 'application/octet-stream', buffer: excel })
    await page.getByLabel('Constancias (.pdf)').setInputFiles([
      { name: `${documents[2]}.pdf`, mimeType: 'application/pdf', buffer: await receiptPdf('tres', 1) },
      { name: 'constancia-1.pdf', mimeType: 'application/pdf', buffer: await receiptPdf('uno', 2) },
      { name: 'constancia-2.pdf', mimeType: 'application/pdf', buffer: await receiptPdf('dos', 1) },
    ])
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page).toHaveURL(/\/planillas\/abonos\?carga=\d+$/)
    // One notice, the list's, which its end replaces; no toast saying it again.
    await expect(page.getByTestId('toast')).toHaveCount(0)

    // The list refreshes by itself until the batch is done (revalidation, or a meta refresh without JS).
    const row = page.getByRole('row', { name: new RegExp(code) })
    await expect(row).toContainText('PROCESADO', { timeout: 30_000 })
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO (3 de 3 abonados).',
    )
    await expect(row).toContainText('3 de 3')
    await expect(row.getByRole('link', { name: 'Ver observaciones' })).toHaveCount(0)
    // At 1280 px the row's links stay inside the table (they spilled past its edge).
    const table = (await page.getByRole('table', { name: 'Cargas de abonos' }).boundingBox()) ?? {
      x: 0,
      width: 0,
    }
    const link = await row.getByRole('link', { name: 'Descargar constancias' }).boundingBox()
    expect((link?.x ?? 0) + (link?.width ?? 0)).toBeLessThanOrEqual(table.x + table.width)

    // One stamped page per receipt page, in the order of the Excel.
    const download = page.waitForEvent('download')
    await row.getByRole('link', { name: 'Descargar constancias' }).click()
    const pages = await pdfPageTexts(await readFile(await (await download).path()))
    expect(pages).toHaveLength(4)
    expect(pages.map((p) => p.split('\n')[1])).toEqual([
      `Planilla ${code} · Doc. ${documents[0]} · Op. OP-1 · constancia-1.pdf · hoja 1/2`,
      `Planilla ${code} · Doc. ${documents[0]} · Op. OP-1 · constancia-1.pdf · hoja 2/2`,
      `Planilla ${code} · Doc. ${documents[1]} · Op. OP-2 · constancia-2.pdf · hoja 1/1`,
      `Planilla ${code} · Doc. ${documents[2]} · Op. OP-3 · ${documents[2]}.pdf · hoja 1/1`,
    ])

    // The payroll is fully paid.
    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    const payroll = page.getByRole('row', { name: new RegExp(code) })
    await expect(payroll.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')

    // Its details show every line paid, with the date, the operation and a link to its receipt.
    await payroll.getByRole('link', { name: 'Ver detalle' }).click()
    const lines = page.getByRole('table', { name: 'Líneas de la planilla' })
    await expect(lines.getByText('ABONADO')).toHaveCount(3)
    await expect(lines.getByRole('row', { name: new RegExp(documents[1]) })).toContainText('OP-2')
    await expect(lines.getByRole('link', { name: 'Ver constancia' })).toHaveCount(3)
    // At 1280 px names show whole (no cut after two lines) and an account number on one line.
    for (const cell of await lines.locator('tbody tr td:nth-child(3), tbody tr td:nth-child(4)').all()) {
      const fits = await cell.evaluate((td) => {
        const cut = [...td.querySelectorAll('*')].some((el) => el.scrollHeight > el.clientHeight + 1)
        return !cut && td.scrollWidth <= td.clientWidth
      })
      expect(fits, (await cell.textContent()) ?? '').toBe(true)
    }
    for (const account of await lines.locator('tbody tr td:nth-child(4)').all()) {
      const lineTops = await account.evaluate((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
      })
      expect(lineTops, `${await account.textContent()} en una línea`).toBe(1)
    }
    await page.screenshot({ path: test.info().outputPath('detalles-planilla-1280.png'), fullPage: true })

    // The same bank Excel again for the same payroll: refused, what was typed kept, and the box
    // that confirms a deliberate repeat offered.
    await page.goto('/planillas/abonos/carga')
    await page.getByLabel('N° de planilla').fill(code)
    await page.getByLabel('Fecha de abono').fill(formatDate(todayInLima()))
    await page
      .getByLabel('Excel de abonos (.xlsx)')
      .setInputFiles({ name: 'abonos.xlsx', mimeType: 'application/octet-stream', buffer: excel })
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByTestId('upload-errors')).toContainText(
      `El Excel de abonos es idéntico al de la carga #`,
    )
    await expect(page.getByTestId('upload-errors')).toContainText(`de la planilla ${code}: no se cargó`)
    await expect(page.getByLabel(REPEATED_ABONOS_CONFIRM)).not.toBeChecked()
    await expect(page.getByLabel('N° de planilla')).toHaveValue(code)
  })
})
