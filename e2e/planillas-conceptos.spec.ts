import { readFile } from 'node:fs/promises'
import { periodOptions } from '@planillas/domain'
import { CONCEPTS_HEADER, payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { demoDocuments, expect, expectAccessible, listRow, openCard, test } from './fixtures'
import { openPayrollWhenListed, uploadPayrollForm, waitForPayrollUpload } from './payrolls'

/** Uploads `file` as payroll `code`, waits for CON ERRORES and opens the upload's errors. */
async function uploadRefused(page: Page, code: string, file: Buffer) {
  await uploadPayrollForm(page, { code, name: `Planilla ${code}` }, file)
  await waitForPayrollUpload(page, code, 'CON ERRORES')
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('link', { name: /errores/i })
    .first()
    .click()
}

test.describe('Planillas con conceptos', () => {
  test.describe.configure({ timeout: 120_000 })

  test('upload with concepts, see them on the details, download the .rem and the AFPnet sheet', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('rrhh')
    const [afp, onp] = await demoDocuments(page, 2)
    const code = `PLC-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`.toUpperCase()
    // The June 2026 worked row (net S/ 2,266.78) and a simpler ONP row (net S/ 1,130.00).
    const file = await payrollWorkbook(
      [
        [
          1,
          afp,
          'COLABORADOR 1',
          '002',
          '19100000001',
          null,
          2266.78,
          2500,
          113,
          261.3,
          40.5,
          44.42,
          235.17,
          30,
          192,
          1.5,
          'AFP',
          '123456ABCDE7',
        ],
        [
          1,
          onp,
          'COLABORADOR 2',
          '002',
          '19100000002',
          null,
          1130,
          1130,
          null,
          null,
          null,
          null,
          101.7,
          30,
          192,
          0,
          'ONP',
          null,
        ],
      ],
      { header: CONCEPTS_HEADER },
    )
    await uploadPayrollForm(page, { code, name: `Planilla ${code}`, type: 'ADMINISTRATIVOS' }, file)
    // Accepted: the clerk is on the list the upload's notice is on.
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
    await openPayrollWhenListed(page, code)
    await expect(page.getByRole('heading', { level: 1, name: `Planilla ${code}` })).toBeVisible()

    // The line's concepts open under 'Conceptos (6)' (a <details>: no JavaScript needed).
    const table = page.getByRole('table', { name: 'Líneas de la planilla' })
    const afpRow = table.getByRole('row', { name: new RegExp(afp) })
    await afpRow.locator('summary', { hasText: 'Conceptos (6)' }).click()
    const concepts = afpRow.getByRole('list', { name: 'Conceptos de la fila 2' })
    await expect(concepts).toBeVisible()
    const item = (text: RegExp) => concepts.getByRole('listitem').filter({ hasText: text })
    await expect(item(/0121 Remuneración o jornal básico/)).toContainText('S/ 2,500.00')
    await expect(item(/0804/)).toContainText('Aporte del empleador')
    await expect(item(/Neto/)).toContainText('S/ 2,266.78')
    await expect(afpRow).toContainText('123456ABCDE7')
    await expectAccessible(page)

    // The .rem: one line per worker and concept, CRLF, a trailing '|', named as SUNAT names it.
    const remDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Descargar .rem' }).click()
    const rem = await remDownload
    expect(rem.suggestedFilename()).toMatch(new RegExp(`^0601${periodOptions()[1]}\\d{11}\\.rem$`))
    const remText = await readFile(await rem.path(), 'ascii')
    const lines = remText.split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines).toContain(`01|${afp}|0121|2500.00|2500.00|`)
    expect(lines).toContain(`01|${afp}|0804|235.17|235.17|`)
    expect(lines).toContain(`01|${onp}|0121|1130.00|1130.00|`)
    expect(lines).toHaveLength(8)
    for (const line of lines) {
      const fields = line.split('|')
      expect(fields).toHaveLength(6)
      expect(fields[5]).toBe('')
      expect(Number(fields[3])).toBeGreaterThanOrEqual(0)
    }

    // The AFPnet sheet: the AFP line only, 17 columns, no header row, L the remuneración asegurable.
    const afpnetDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Descargar hoja AFPnet' }).click()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await (await afpnetDownload).path())
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(1)
    const values = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(values).toHaveLength(17)
    expect(values.slice(0, 4)).toEqual([1, '123456ABCDE7', 0, afp])
    expect(values[11]).toBe(2613)

    // At 390 px the line is a card: its concepts are inside it, the downloads still reachable.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    const card = listRow(page, 'Líneas de la planilla', afp)
    await openCard(card)
    await card.locator('summary', { hasText: 'Conceptos (6)' }).click()
    await expect(card.getByRole('list', { name: 'Conceptos de la fila 2' })).toContainText('S/ 2,266.78')
    await expect(page.getByRole('button', { name: 'Descargar .rem' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('a row whose net differs from its amount is refused, naming both figures', async ({
    page,
    signIn,
  }) => {
    await signIn('rrhh')
    const [dni] = await demoDocuments(page, 1)
    const code = `PLN-${Date.now().toString(36)}`.toUpperCase()
    const file = await payrollWorkbook(
      [
        [
          1,
          dni,
          'COLABORADOR 1',
          '002',
          '19100000003',
          null,
          1000,
          1130,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
      ],
      { header: CONCEPTS_HEADER },
    )
    await uploadRefused(page, code, file)
    await expect(
      page.getByTitle(/es S\/ 1,130\.00 y el monto a pagar es S\/ 1,000\.00: deben ser iguales/),
    ).toBeVisible()
  })

  test('with its AFP and commission type, a 0608 that is not 10 % is refused on upload, naming both amounts', async ({
    page,
    signIn,
  }) => {
    await signIn('rrhh')
    const [dni] = await demoDocuments(page, 1)
    const code = `PLA-${Date.now().toString(36)}`.toUpperCase()
    // The June row with 0608 at S/ 250.00 (10 % is S/ 261.30); the net still equals the amount.
    const row = [1, dni, 'COLABORADOR 1', '002', '19100000003', null, 2278.08, 2500, 113, 250, 40.5, 44.42]
    const file = await payrollWorkbook(
      [[...row, 235.17, 30, 192.5, 1.5, 'AFP', '123456ABCDE7', 'INTEGRA', 'FLUJO']],
      { header: [...CONCEPTS_HEADER, 'AFP', 'Tipo de comisión AFP'] },
    )
    await uploadRefused(page, code, file)
    await expect(
      page.getByTitle(
        /El concepto 0608 \(aporte obligatorio AFP INTEGRA\) es S\/ 250\.00 y debería ser S\/ 261\.30/,
      ),
    ).toBeVisible()
  })
})
