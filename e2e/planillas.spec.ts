import { formatMoney, periodLabel, periodOptions } from '@planillas/domain'
import { payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import { demoDocuments, expect, expectAccessible, test } from './fixtures'
import { confirmObservedLinesTogether } from './line-review'
import { uploadPayrollForm, waitForPayrollUpload } from './payrolls'
import { readDownloadedSheet } from './xlsx'

const AMOUNTS = [2100.5, 1500, 1130.25]

test.describe('Planillas', () => {
  // An upload is processed in the background: allow for it on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 })

  test('template, a valid upload that becomes a payroll with its totals, and its details', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('rrhh')
    await page.getByRole('link', { name: 'Carga de planillas' }).first().click()
    await expect(page.getByRole('heading', { name: 'Carga de planillas' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Cargar', exact: true }).click()
    await expect(page.getByText('Seleccione el periodo para poder cargar su archivo XLSX.')).toBeVisible()
    await expectAccessible(page)

    const templatePromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar plantilla' }).click()
    const template = await readDownloadedSheet(await templatePromise)
    expect(template[0].length).toBeGreaterThanOrEqual(6)

    const documents = await demoDocuments(page, AMOUNTS.length)
    const code = `PL-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`.toUpperCase()
    const file = await payrollWorkbook(
      documents.map((dni, i) => [1, dni, `COLABORADOR ${i + 1}`, '002', `1910000000${i}`, null, AMOUNTS[i]]),
    )
    await uploadPayrollForm(page, { code, name: `Planilla ${code}` }, file)
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
    // One notice, the list's, which its end replaces; no toast saying it again.
    await expect(page.getByTestId('toast')).toHaveCount(0)
    // The list says when this upload ends, by itself (revalidation, or a meta refresh without JS).
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO.',
      { timeout: 60_000 },
    )
    await waitForPayrollUpload(page, code, 'PROCESADO')

    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    const row = page.getByRole('row', { name: new RegExp(code) })
    await expect(row.getByRole('cell', { name: periodLabel(periodOptions()[1]) })).toBeVisible()
    await expect(
      row.getByRole('cell', { name: formatMoney(AMOUNTS.reduce((a, b) => a + b, 0)), exact: true }),
    ).toBeVisible()
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
    await expectAccessible(page)
    await row.getByRole('link', { name: 'Ver detalle' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Planilla ${code}` })).toBeVisible()
    await confirmObservedLinesTogether(page)
    await expect(page.getByRole('table').getByText('PENDIENTE', { exact: true })).toHaveCount(AMOUNTS.length)
    await expect(page.getByRole('cell', { name: documents[0] }).first()).toBeVisible()
    await expectAccessible(page)

    // Its lines as a workbook, for the lines shown (search and payment state kept).
    const linesPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const lines = await readDownloadedSheet(await linesPromise)
    expect(lines[0].slice(0, 4)).toEqual([
      'Fila',
      'Tipo de documento',
      'Número de documento',
      'Apellidos y nombres',
    ])
    expect(
      lines
        .slice(1)
        .map((l) => l[2])
        .sort(),
    ).toEqual([...documents].sort())
    await page.goto(`${new URL(page.url()).pathname}?search=${documents[0]}`)
    const onePromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    expect((await readDownloadedSheet(await onePromise)).slice(1).map((l) => l[2])).toEqual([documents[0]])

    // 'Control de pagos' lists it among the payrolls still to be paid, newest first.
    await page.goto('/')
    const toPay = page.getByRole('region', { name: 'Planillas por abonar' })
    await expect(toPay.getByRole('link').first()).toHaveText(`${code} — Planilla ${code}`)
    await expect(toPay.getByRole('listitem').first()).toContainText(
      `0 de ${documents.length} abonados · S/ 0.00 de ${formatMoney(AMOUNTS.reduce((a, b) => a + b, 0))}`,
    )
    await expectAccessible(page)
  })

  test('a bad file is refused at once; a bad row ends CON ERRORES with the row named', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('rrhh')
    const code = `PLX-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`.toUpperCase()
    await uploadPayrollForm(
      page,
      { code, name: 'Archivo que no es Excel' },
      Buffer.from('esto no es una hoja de cálculo'),
    )
    await expect(page.getByRole('heading', { name: /Errores: \d+/ })).toBeVisible()
    await expect(page.getByTestId('upload-errors')).toContainText('xlsx')

    const [dni] = await demoDocuments(page, 1)
    const file = await payrollWorkbook([
      [1, dni, 'COLABORADOR UNO', '002', '19100000001', null, 1000],
      [1, '99999991', 'NADIE REGISTRADO', '002', '19100000002', null, 1000],
    ])
    await uploadPayrollForm(
      page,
      { code, name: 'Planilla con una fila mala' },
      file,
      javaScriptEnabled ? 'twice' : 'once',
    )
    await expect(page.getByTestId('upload-errors')).toHaveCount(0)
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: CON ERRORES (1 error).',
      { timeout: 60_000 },
    )
    // The end replaced 'Se recibió el archivo…': it is said once, neither in a toast nor in the header.
    await expect(page.getByText('Se recibió el archivo; se está procesando…')).toHaveCount(0)
    await expect(page.getByTestId('upload-notices')).toHaveCount(0)
    await waitForPayrollUpload(page, code, 'CON ERRORES')
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('link', { name: 'Ver errores' })
      .click()
    await expect(page.getByRole('heading', { name: 'Errores de la carga' })).toBeVisible()
    const errorRow = page.getByRole('row', { name: /99999991/ })
    await expect(errorRow.getByRole('cell').first()).toHaveText('3')
    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    await expect(page.getByText('No se encontraron resultados.')).toBeVisible()
  })
})
