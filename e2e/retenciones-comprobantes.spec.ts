import { addDays, formatDate, rucCheckDigit, todayInLima } from '@planillas/domain'
import type { Download, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { authorizedFactura, expectFits, signInAs, uniqueNumber } from './vouchers'

/**
 * 'Pagos a proveedores › Comprobantes de retención' (docs/decisions/retention-receipts.md): a
 * voucher of the demo's retention agent paid by hand issues its CRE; the screen lists it, downloads
 * its XML and the month's PDT 626 file, and marks it sent, with and without JavaScript.
 */

const today = todayInLima()
const period = today.slice(0, 7).replace('-', '')
/** The demo's retention agent (the seed makes the last of its first five companies one). */
const AGENT = 'Minera Cordillera Blanca S.A.A.'
const AGENT_RUC = `2059988776${rucCheckDigit('2059988776')}`
const SERVICIOS_RUC = `2055502345${rucCheckDigit('2055502345')}`

/**
 * A factura of S/ 1,180.00 from Servicios Generales Lima to the retention agent: registered and
 * authorized by rrhh, approved by tesorería (3 % retention, S/ 35.40) and marked paid (S/ 1,144.60).
 */
async function paidWithRetention(page: Page, series: string): Promise<string> {
  const number = uniqueNumber()
  const id = await authorizedFactura(page, {
    series,
    number,
    description: 'Mantenimiento de equipos',
    company: AGENT,
  })
  await signInAs(page, 'tesoreria')
  await page.goto(`/pagos/${id}/aprobar`)
  await page.getByRole('button', { name: 'Aprobar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  await expect(page.getByRole('region', { name: 'Importes' })).toContainText('S/ 35.40')
  await page.goto(`/pagos/${id}/pagar`)
  await expect(page.getByLabel('Monto pagado')).toHaveValue('1144.60')
  await page.getByRole('button', { name: 'Marcar como pagado' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  return `${series}-${Number(number)}`
}

async function text(download: Download) {
  const path = await download.path()
  const { readFile } = await import('node:fs/promises')
  return readFile(path)
}

test.describe('Comprobantes de retención', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a voucher paid with retention issues its CRE: listed, its XML and the PDT 626 downloaded, marked sent', async ({
    page,
    javaScriptEnabled,
  }) => {
    const voucher = await paidWithRetention(page, javaScriptEnabled === false ? 'R901' : 'R902')

    // From the retention register's page to the CREs of this month.
    await page.goto('/pagos/retenciones')
    await page.getByRole('link', { name: 'Comprobantes de retención' }).last().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Comprobantes de retención' })).toBeVisible()
    await page.getByLabel('Estado').selectOption({ label: 'Pendiente de envío' })
    await page.getByRole('button', { name: 'Ver' }).click()
    await expect(page).toHaveURL(new RegExp(`periodo=${period}&estado=1`))
    const table = page.getByRole('table', { name: /Comprobantes de retención/ })
    const row = table.getByRole('row').filter({ hasText: `01 ${voucher}` })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Servicios Generales Lima')
    await expect(row).toContainText('S/ 1,180.00')
    await expect(row).toContainText('S/ 35.40')
    await expect(row).toContainText('S/ 1,144.60')
    await expect(row).toContainText('Pendiente de envío')
    const cre = /R001-\d+/.exec((await row.getByRole('rowheader').textContent()) ?? '')?.[0] ?? ''
    expect(cre).toMatch(/^R001-\d+$/)
    await expectAccessible(page)

    // Its XML: the CRE's number, both RUCs, the voucher and its retention to the céntimo.
    const xmlDownload = page.waitForEvent('download')
    await row.getByRole('link', { name: `XML ${cre}` }).click()
    const xmlFile = await xmlDownload
    expect(xmlFile.suggestedFilename()).toBe(`${AGENT_RUC}-20-${cre}.xml`)
    const xml = (await text(xmlFile)).toString('utf8')
    expect(xml).toContain(`<cbc:ID>${cre}</cbc:ID>`)
    expect(xml).toContain(`<cbc:ID schemeID="6">${AGENT_RUC}</cbc:ID>`)
    expect(xml).toContain(`<cbc:ID schemeID="6">${SERVICIOS_RUC}</cbc:ID>`)
    expect(xml).toContain(`<cbc:ID schemeID="01">${voucher}</cbc:ID>`)
    expect(xml).toContain('<sac:SUNATRetentionAmount currencyID="PEN">35.40</sac:SUNATRetentionAmount>')

    // The month's PDT 626 of the agent: this voucher's line, field by field.
    const txtDownload = page.waitForEvent('download')
    await page.getByRole('link', { name: `Descargar PDT 626 · ${AGENT}` }).click()
    const txtFile = await txtDownload
    expect(txtFile.suggestedFilename()).toBe(`0626${AGENT_RUC}${period}.TXT`)
    const lines = (await text(txtFile)).toString('latin1').split('\r\n').filter(Boolean)
    const [, number] = cre.split('-')
    const [vSeries, vNumber] = voucher.split('-')
    const line = lines.map((l) => l.split('|')).find((f) => f[6] === number && f[11] === vNumber)
    expect(line).toEqual([
      SERVICIOS_RUC,
      'Servicios Generales Lima S.A.C.',
      '',
      '',
      '',
      'R001',
      number,
      formatDate(today),
      '1180.00',
      '01',
      vSeries,
      vNumber,
      formatDate(addDays(today, -1)),
      '1180.00',
      '',
    ])

    // At 390 wide the page fits (the table scrolls inside its box).
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // Marked sent today: it leaves the pending list, and shows ENVIADO with its date.
    await row.getByText('Marcar enviado').click()
    await row.getByRole('button', { name: `Marcar ${cre} como enviado` }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se marcó el comprobante de retención como enviado')
    // (Another company's CRE may have the same series-number: the row is found by its voucher.)
    await expect(page.getByRole('row').filter({ hasText: `01 ${voucher}` })).toHaveCount(0)
    await page.getByLabel('Estado').selectOption({ label: 'Enviado' })
    await page.getByRole('button', { name: 'Ver' }).click()
    const sent = page.getByRole('row').filter({ hasText: `01 ${voucher}` })
    await expect(sent).toContainText('Enviado')
    await expect(sent).toContainText(`El ${formatDate(today)}`)

    // Annulled after it was sent: it goes in a resumen diario de reversiones, RR-<today>-n.
    await sent.locator('summary', { hasText: 'Anular' }).click()
    await sent.getByLabel('Motivo de la anulación').fill('Se retuvo a un proveedor equivocado')
    await sent.getByRole('button', { name: `Anular ${cre}` }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se anuló el comprobante de retención')
    await page.getByRole('link', { name: 'reversiones' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reversiones de retención' })).toBeVisible()
    const group = page
      .getByRole('region', { name: 'Por comunicar' })
      .getByRole('listitem')
      .filter({ hasText: `${cre}: Se retuvo a un proveedor equivocado` })
      .filter({ has: page.getByRole('button', { name: /^Generar resumen de / }) })
    await expect(group).toContainText(AGENT)
    await expectAccessible(page)
    await group.getByRole('button', { name: /^Generar resumen de / }).click()
    await expect(page.getByTestId('toast')).toHaveText(
      'Se generó el resumen de reversiones: descargue su XML para su OSE',
    )
    const summary = page
      .getByRole('list', { name: /^Resúmenes de reversiones de / })
      .getByRole('listitem')
      .filter({ hasText: cre })
    // biome-ignore lint/performance/useDomNodeTextContent: the code as the page shows it (a locator, not a DOM node)
    const code = (await summary.locator('p').first().innerText()).split(/\s/)[0]
    expect(code).toMatch(new RegExp(`^RR-${today.replaceAll('-', '')}-\\d+$`))
    await expect(summary).toContainText('Pendiente de envío')
    const reversalDownload = page.waitForEvent('download')
    await summary.getByRole('link', { name: `XML ${code}` }).click()
    const reversal = (await text(await reversalDownload)).toString('utf8')
    expect(reversal).toContain(`<cbc:ID>${code}</cbc:ID>`)
    expect(reversal).toContain('<cbc:DocumentTypeCode>20</cbc:DocumentTypeCode>')
    expect(reversal).toContain(`<sac:DocumentNumberID>${number}</sac:DocumentNumberID>`)
    expect(reversal).toContain(`<cbc:CustomerAssignedAccountID>${AGENT_RUC}</cbc:CustomerAssignedAccountID>`)
    await summary.getByText('Marcar enviado').click()
    await summary.getByRole('button', { name: `Marcar ${code} como enviado` }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se marcó el resumen de reversiones como enviado')
    await expect(summary).toContainText(`enviado el ${formatDate(today)}`)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
  })
})
