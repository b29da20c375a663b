import { readFile } from 'node:fs/promises'
import { DUPLICATE_FILE_CONFIRM, todayInLima, XLSX_MIME } from '@planillas/domain'
import { payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { demoDocuments, expect, expectAccessible, signIn, test } from './fixtures'
import { confirmObservedLines } from './line-review'
import { createPayroll, uploadPayrollForm } from './payrolls'

const AMOUNTS = [1850.5, 1200, 990.25]

/**
 * Signs the HR clerk in; answers a suffix for this run's codes (its project, the clock) and the
 * documents of `count` demo employees.
 */
async function clerkWithDocuments(page: Page, javaScriptEnabled: boolean, count: number) {
  const suffix = `${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`.toUpperCase()
  await signIn(page, 'rrhh')
  return { suffix, documents: await demoDocuments(page, count) }
}

/** The payroll's lines for `documents`: AMOUNTS in order, to BCP accounts. */
const bcpLines = (documents: string[]) =>
  documents.map((document, i) => ({ document, amount: AMOUNTS[i], account: `1911234567801${i}` }))

/**
 * A payroll uploaded (`createPayroll`), its observed lines confirmed, and its 'Generar archivo de
 * pago' followed.
 */
async function openPaymentFile(page: Page, code: string, lines: Parameters<typeof createPayroll>[2]) {
  await createPayroll(page, code, lines)
  await confirmObservedLines(page)
  await page.getByRole('link', { name: 'Generar archivo de pago' }).click()
}

/**
 * Generates the file with the form as filled: the toast, the one file listed with the three lines'
 * S/ 4,040.75; answers the file downloaded.
 */
async function generateAndDownload(page: Page): Promise<Buffer> {
  await page.getByRole('button', { name: 'Generar archivo' }).click()
  await expect(page.getByTestId('toast')).toContainText('Archivo de pago generado')
  const files = page.getByRole('table', { name: 'Archivos de pago de la planilla' })
  await expect(files.getByRole('row')).toHaveCount(2)
  await expect(files).toContainText('S/ 4,040.75')
  const download = page.waitForEvent('download')
  await files.getByRole('link', { name: /^Descargar/ }).click()
  return readFile(await (await download).path())
}

test.describe('Pagar la planilla', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a bad line refuses the file with every problem; then generate, download and parse it, upload the result: 100 %', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { suffix, documents } = await clerkWithDocuments(page, javaScriptEnabled, AMOUNTS.length)
    expect(documents).toHaveLength(AMOUNTS.length)

    // A payroll whose second line has an 11-digit account: the BCP format refuses the whole file.
    const badCode = `PL-PAGO-BAD-${suffix}`
    await openPaymentFile(
      page,
      badCode,
      bcpLines(documents).map((line, i) => (i === 1 ? { ...line, account: '19100000001' } : line)),
    )
    await expect(
      page.getByRole('heading', { level: 1, name: `Archivo de pago · Planilla ${badCode}` }),
    ).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Generar archivo' }).click()
    await expect(page.getByRole('heading', { name: 'Errores: 1' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Fila 3: La cuenta del BCP debe tener 13 dígitos')
    await expect(
      page.getByRole('table', { name: 'Archivos de pago de la planilla' }).getByRole('link'),
    ).toHaveCount(0)
    // A form the order's schema refuses: its message, and still no file.
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByLabel('Referencia').fill(' ')
    await page.getByRole('button', { name: 'Generar archivo' }).click()
    await expect(page.getByRole('alert')).toContainText('Referencia es requerida')
    await expect(
      page.getByRole('table', { name: 'Archivos de pago de la planilla' }).getByRole('link'),
    ).toHaveCount(0)

    // A clean payroll: the file is generated, listed, downloaded and parsed.
    const code = `PL-PAGO-${suffix}`
    await openPaymentFile(page, code, bcpLines(documents))
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByLabel('Referencia').fill('Haberes e2e')
    const bytes = await generateAndDownload(page)
    const records = bytes.toString('latin1').split('\r\n')
    expect(records.map((r) => r.length)).toEqual([113, 195, 195, 195, 0])
    expect(records[0].slice(1, 7)).toBe('000003')
    expect(records[0].slice(41, 58)).toBe('00000000004040.75')
    expect(records.slice(1, 4).map((r) => r.slice(23, 31))).toEqual(documents)

    // The lines are ENVIADO on the details.
    await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('link', { name: 'Ver detalle' })
      .click()
    await expect(page.getByRole('table', { name: 'Líneas de la planilla' }).getByText('ENVIADO')).toHaveCount(
      3,
    )

    // The bank's result, uploaded in 'Cargar abonos': the payroll reaches 100 %.
    await page.goto('/planillas/abonos/carga')
    await page.getByLabel('N° de planilla').fill(code)
    await page.getByLabel('Descripción de planilla').fill('Resultado del banco')
    await page.getByLabel('Fecha de abono').fill(todayInLima())
    // The bank's processed-payroll report as it comes (its own columns), not our template.
    const result = new ExcelJS.Workbook()
    const sheet = result.addWorksheet('Resultado')
    sheet.addRow(['Tipo de documento', 'Nro. Documento', 'Beneficiario', 'Monto', 'Estado', 'N° Operación'])
    for (const [i, dni] of documents.entries()) {
      sheet.addRow(['DNI', dni, `COLABORADOR ${i + 1}`, AMOUNTS[i], 'Procesado', `OP-${i + 1}`])
    }
    const excel = Buffer.from(await result.xlsx.writeBuffer())
    await page
      .getByLabel('Excel de abonos (.xlsx)')
      .setInputFiles({ name: 'resultado.xlsx', mimeType: 'application/octet-stream', buffer: excel })
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(async () => {
      await page.goto(`/planillas?search=${encodeURIComponent(code)}`)
      await expect(
        page.getByRole('row', { name: new RegExp(code) }).getByRole('progressbar'),
      ).toHaveAttribute('aria-valuenow', '100', { timeout: 1000 })
    }).toPass({ timeout: 60_000 })
  })

  test('BBVA Net Cash: refused from a debit account of another bank; from a BBVA account, a file read back by position', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { suffix, documents } = await clerkWithDocuments(page, javaScriptEnabled, AMOUNTS.length)
    // A BBVA debit account in soles for the demo company that holds the seeded BCP one, registered
    // as its form posts it (the other browser's run may have registered it first: then it is there).
    const bbvaDebit = '001101230200456789'
    await page.goto('/empresas/1/detalle')
    await expect(page.getByRole('table', { name: 'Cuentas de cargo de la empresa' })).toContainText(
      '1910123456078',
    )
    await page.request.post('/empresas/1/detalle', {
      form: { bankCode: '011', currency: 'PEN', accountType: 'C', account: bbvaDebit },
    })
    await page.reload()
    await expect(page.getByRole('table', { name: 'Cuentas de cargo de la empresa' })).toContainText(bbvaDebit)

    const code = `PL-BBVA-${suffix}`
    await openPaymentFile(
      page,
      code,
      documents.map((document, i) => ({
        document,
        amount: AMOUNTS[i],
        bankCode: '011',
        account: `00110123010012345${i}`,
      })),
    )
    const format = page.getByLabel('Formato del banco')
    await expect(format.getByRole('option', { name: /^BBVA Net Cash/ })).toHaveText(
      'BBVA Net Cash · Haberes (.txt), fin de línea LF (por confirmar con el banco)',
    )
    // The seeded BCP account: refused, naming the bank the format needs.
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await format.selectOption('BBVA')
    await page.getByLabel('Referencia').fill('Haberes BBVA e2e')
    await page.getByRole('button', { name: 'Generar archivo' }).click()
    await expect(page.getByRole('alert')).toContainText('La cuenta de cargo debe ser una cuenta del BBVA')
    await expect(format).toHaveValue('BBVA')
    await expect(page.getByLabel('Referencia')).toHaveValue('Haberes BBVA e2e')

    // The BBVA account: the file is generated, listed, downloaded and read back by position.
    const bbvaOption = page.getByLabel('Cuenta de cargo').getByRole('option', { name: new RegExp(bbvaDebit) })
    await page.getByLabel('Cuenta de cargo').selectOption((await bbvaOption.getAttribute('value')) ?? '')
    const bytes = await generateAndDownload(page)
    expect(bytes.includes(0x0d)).toBe(false)
    const records = bytes.toString('latin1').split('\n')
    expect(records.map((r) => r.length)).toEqual([151, 233, 233, 233])
    expect(records[0].slice(0, 26)).toBe('70000110123000200456789PEN')
    expect(records[0].slice(26, 41)).toBe('000000000404075')
    expect(records[0].slice(51, 83)).toBe(`${'HABERES BBVA E2E'.padEnd(25)}000003S`)
    expect(records.slice(1).map((r) => r.slice(0, 17))).toEqual(
      documents.map((document) => `002L${document.padEnd(12)}P`),
    )
    expect(records.slice(1).map((r) => r.slice(17, 37))).toEqual(
      AMOUNTS.map((_, i) => `0011012300010012345${i}`), // '00' after the 8th of 18 digits
    )
  })

  test('the form keeps what was typed and says what is missing; a second file asks to confirm the order it replaces; annul frees the lines', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { suffix, documents } = await clerkWithDocuments(page, javaScriptEnabled, 2)
    const code = `PL-CTRL-${suffix}`
    await openPaymentFile(page, code, bcpLines(documents))
    await page.waitForURL(/\/planillas\/\d+\/pago$/)
    const payrollId = /\/planillas\/(\d+)\/pago/.exec(page.url())?.[1]
    const account = page.getByLabel('Cuenta de cargo')
    const generateButton = page.getByRole('button', { name: 'Generar archivo' })

    // No account: the app's own message (no browser bubble).
    await generateButton.click()
    await expect(page.getByRole('alert')).toContainText('Cuenta de cargo es requerida')

    // A date that does not exist: refused, and every field keeps what was typed.
    await account.selectOption({ index: 1 })
    const chosen = await account.inputValue()
    await page.getByLabel('Formato del banco').selectOption('CCI')
    await page.getByLabel('Fecha de pago').fill('31/11/2026')
    await page.getByLabel('Referencia').fill('Quincena control')
    await generateButton.click()
    await expect(page.getByRole('alert')).toContainText('Fecha de pago inválida')
    await expect(account).toHaveValue(chosen)
    await expect(page.getByLabel('Formato del banco')).toHaveValue('CCI')
    await expect(page.getByLabel('Fecha de pago')).toHaveValue('31/11/2026')
    await expect(page.getByLabel('Referencia')).toHaveValue('Quincena control')

    // The first file.
    await page.getByLabel('Formato del banco').selectOption('BCP')
    await page.getByLabel('Fecha de pago').fill(todayInLima().split('-').reverse().join('/'))
    await generateButton.click()
    await expect(page.getByTestId('toast')).toContainText('Archivo de pago generado')
    const files = page.getByRole('table', { name: 'Archivos de pago de la planilla' })
    const firstId = (await files.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim()

    // A second file: refused until the clerk confirms that it replaces the open order, named.
    await expect(
      page.getByRole('heading', { name: `Esta planilla ya se envió al banco en la orden N° ${firstId}` }),
    ).toBeVisible()
    await account.selectOption({ index: 1 })
    await generateButton.click()
    await expect(page.getByRole('alert')).toContainText(
      `ya se enviaron al banco en la orden de pago N° ${firstId}`,
    )
    await expect(files.getByRole('row')).toHaveCount(2)
    await account.selectOption({ index: 1 })
    await page.getByLabel(`Confirmo que este archivo reemplaza la orden N° ${firstId}`).check()
    await generateButton.click()
    await expect(page.getByTestId('toast')).toContainText('Archivo de pago generado')
    await expect(files.getByRole('row')).toHaveCount(3)
    await expect(files.getByRole('row').nth(2)).toContainText('REEMPLAZADO')
    await expect(files.getByRole('row').nth(1)).toContainText(`Reemplaza la orden N° ${firstId}`)

    // Annul the open order: a reason is required; then it is ANULADO and nothing is open.
    await files.getByRole('row').nth(1).getByRole('link', { name: 'Anular' }).click()
    const annulButton = page.getByRole('button', { name: 'Anular orden' })
    await annulButton.click()
    await expect(page.getByRole('alert')).toContainText('Indique el motivo de la anulación')
    await page.getByLabel('Motivo').fill('El banco rechazó el archivo')
    await annulButton.click()
    await expect(page.getByTestId('toast')).toContainText('anulada: sus líneas quedan libres')
    await expect(files.getByRole('row').nth(1)).toContainText('ANULADO')
    await expect(files.getByRole('row').nth(1)).toContainText('El banco rechazó el archivo')
    await expect(page.getByRole('heading', { name: /Esta planilla ya se envió al banco/ })).toHaveCount(0)

    // Downloads that do not exist here: the Spanish message on the payroll's page, never a 500.
    const missing = await page.goto(`/planillas/${payrollId}/pago/999999/archivo`)
    expect(missing?.status()).toBe(200)
    await expect(page.getByTestId('toast')).toContainText('No se encontró el registro solicitado')
    await expect(
      page.getByRole('heading', { level: 1, name: `Archivo de pago · Planilla ${code}` }),
    ).toBeVisible()
  })

  test('the same workbook twice for the same period and type: refused naming the payroll, loaded when confirmed', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { suffix, documents } = await clerkWithDocuments(page, javaScriptEnabled, 2)
    const file = await payrollWorkbook(
      documents.map((dni, i) => [1, dni, `COLABORADOR ${i + 1}`, '002', `1910000000${i}`, null, AMOUNTS[i]]),
    )
    const send = (code: string) => uploadPayrollForm(page, { code, name: `Repetida ${code}` }, file)
    const first = `PL-DUP-${suffix}`
    await send(first)
    // Accepted: the clerk is on the list the upload's notice is on.
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
    const second = `PL-DUP2-${suffix}`
    await send(second)
    await expect(page.getByRole('alert')).toContainText(
      `El archivo es idéntico al de la planilla ${first} 'Repetida ${first}'`,
    )
    await expect(page.getByLabel('Código de planilla')).toHaveValue(second)
    // Confirmed (the file attached again): accepted as another payroll.
    await page.getByLabel(DUPLICATE_FILE_CONFIRM).check()
    await page
      .getByLabel('Archivo (.xlsx)')
      .setInputFiles({ name: `${second}.xlsx`, mimeType: XLSX_MIME, buffer: file })
    await page.getByRole('button', { name: 'Procesar' }).click()
    // Accepted: the clerk is on the list the upload's notice is on.
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
  })
})
