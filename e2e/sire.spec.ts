import { addDays, rucCheckDigit, SIRE_PROPOSAL_HEADER, todayInLima } from '@planillas/domain'
import { expect, expectAccessible, signIn, test } from './fixtures'
import { expectFits, registerFactura, uniqueNumber } from './vouchers'
import { readDownloadedSheet } from './xlsx'

/**
 * 'Pagos a proveedores › Conciliación SIRE' (docs/decisions/sire-proposal.md): SUNAT's purchase
 * proposal uploaded for a company and period, its counts and lines shown, and the same form as Excel,
 * with and without JavaScript.
 */

/** The demo's Servicios Generales Lima S.A.C. */
const SERVICIOS_RUC = `2055502345${rucCheckDigit('2055502345')}`
const issued = addDays(todayInLima(), -1)
const period = issued.slice(0, 7).replace('-', '')

/** The proposal in SIRE's layout (BOM, comma, d/m/yyyy): the voucher as registered, and one never registered. */
function proposal(series: string, registered: string, unknown: string) {
  const day = issued.split('-').reverse().map(Number).join('/')
  const row = (number: string) => {
    const values: Record<string, string> = {
      'Fecha de emisión': day,
      'Tipo CP/Doc.': '01',
      'Serie del CDP': series,
      'Nro CP o Doc. Nro Inicial (Rango)': number.padStart(8, '0'),
      'Tipo Doc Identidad': '6',
      'Nro Doc Identidad': SERVICIOS_RUC,
      'Apellidos Nombres/ Razón  Social': '"SERVICIOS GENERALES LIMA, S.A.C."',
      'BI Gravado DG': '1000.00',
      'IGV / IPM DG': '180.00',
      'IGV / IPM DGNG': '0.00',
      'IGV / IPM DNG': '0.00',
      'Total CP': '1180.00',
      Moneda: 'PEN',
    }
    return SIRE_PROPOSAL_HEADER.map((h) => values[h] ?? '').join(',')
  }
  return Buffer.from(
    `\uFEFF${[SIRE_PROPOSAL_HEADER.join(','), row(registered), row(unknown)].join('\r\n')}\r\n`,
  )
}

test.describe('Conciliación SIRE', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a proposal uploaded shows its counts and lines, and the same form downloads them as Excel', async ({
    page,
    javaScriptEnabled,
  }) => {
    const series = javaScriptEnabled === false ? 'S902' : 'S901'
    const registered = uniqueNumber()
    const unknown = uniqueNumber()
    await signIn(page, 'rrhh')
    // A factura of S/ 1,180.00 of Servicios Generales Lima, issued yesterday (`issued`).
    await registerFactura(page, { series, number: registered, description: 'Mantenimiento de áreas verdes' })

    // In the menu's 'Pagos a proveedores' section (kept closed on other sections' pages).
    const menu = page.locator('[aria-label="Menú principal"]')
    await expect(menu.locator('[data-menu="Conciliación SIRE"]')).toHaveAttribute('href', '/pagos/sire')
    await page.goto('/pagos/sire')
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación SIRE' })).toBeVisible()
    await page.getByLabel('Empresa').selectOption({ index: 1 })
    await page.getByLabel('Periodo (AAAAMM)').fill(period)
    const file = {
      name: 'propuesta.csv',
      mimeType: 'text/csv',
      buffer: proposal(series, registered, unknown),
    }
    await page.getByLabel('Propuesta del Registro de Compras (.csv)').setInputFiles(file)
    await page.getByRole('button', { name: 'Conciliar' }).click()

    const counts = page.getByTestId('sire-counts')
    await expect(counts.getByText('Coincide', { exact: true }).locator('..')).toContainText('1')
    await expect(counts.getByText('En SUNAT, no registrado').locator('..')).toContainText('1')
    const lines = page.getByRole('table', { name: 'Comprobantes conciliados' })
    await expect(lines.getByRole('row').filter({ hasText: `${series}-${unknown}` })).toContainText(
      'No está registrado en el sistema',
    )
    await expect(lines.getByRole('row').filter({ hasText: `${series}-${registered}` })).toContainText(
      'Coincide',
    )
    // The pointer off 'Conciliar': the check reads the page at rest, not the button's hover colour.
    await page.mouse.move(0, 0)
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await expectFits(page)

    // The same form as Excel (the file chosen again: a page posted without JavaScript comes back empty).
    await page.getByLabel('Periodo (AAAAMM)').fill(period)
    await page.getByLabel('Empresa').selectOption({ index: 1 })
    await page.getByLabel('Propuesta del Registro de Compras (.csv)').setInputFiles(file)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Descargar Excel' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sire-${period}-.*\\.xlsx$`))
    const [header, ...rows] = await readDownloadedSheet(download)
    const at = (name: string) => header.indexOf(name)
    const unknownRow = rows.find((r) => r[at('Serie y número')] === `${series}-${unknown}`)
    expect(unknownRow?.[at('Resultado')]).toBe('En SUNAT, no registrado')
    expect(unknownRow?.[at('Motivo')]).toBe('No está registrado en el sistema')
    const matchedRow = rows.find((r) => r[at('Serie y número')] === `${series}-${registered}`)
    expect(matchedRow?.[at('Resultado')]).toBe('Coincide')
  })
})
