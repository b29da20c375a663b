import {
  DETRACTION_MESSAGES as D,
  formatDate,
  rucCheckDigit,
  SUNAT_CONSTANCIA_HEADER,
  todayInLima,
} from '@planillas/domain'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { authorizedFactura, expectFits, signInAs, uniqueNumber } from './vouchers'

/**
 * 'Pagos a proveedores › Detracciones' (docs/decisions/detracciones-deposited.md): the vouchers
 * with a detracción, its deposit at the Banco de la Nación recorded from SUNAT's file of constancias
 * (imported in the background, its rows not recorded listed) or by hand, with and without JavaScript.
 */

const today = todayInLima()
/** The demo's Servicios Generales Lima S.A.C., which has a detracciones account. */
const SERVICIOS_RUC = `2055502345${rucCheckDigit('2055502345')}`

/**
 * A factura of S/ 1,180.00 of Servicios Generales Lima, registered and authorized by the HR clerk
 * and approved by tesorería under SPOT 037 (12 %: S/ 142.00 of detracción); answers its number.
 */
async function approvedWithDetraction(page: Page, series: string): Promise<string> {
  const number = uniqueNumber()
  const id = await authorizedFactura(page, { series, number, description: 'Mantenimiento de áreas verdes' })
  await signInAs(page, 'tesoreria')
  await page.goto(`/pagos/${id}/aprobar?spotCode=037`)
  await expect(page.getByLabel('Porcentaje de detracción')).toHaveValue('12')
  await page.getByRole('button', { name: 'Aprobar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  await expect(
    page.getByRole('region', { name: 'Datos del comprobante' }).getByText('APROBADO', { exact: true }),
  ).toBeVisible()
  return `${series}-${number.padStart(8, '0')}`
}

/** The list's row of a voucher, found by its number. */
async function rowOf(page: Page, fullNumber: string): Promise<Locator> {
  await page.goto(`/pagos/detracciones?search=${fullNumber}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Detracciones' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: fullNumber })
  await expect(row).toHaveCount(1)
  return row
}

test.describe('Detracciones', () => {
  test.describe.configure({ timeout: 180_000 })

  test("SUNAT's constancias deposit the matching detracción and list the row that matches nothing; one deposit by hand", async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    const imported = await approvedWithDetraction(page, 'D001')
    const byHand = await approvedWithDetraction(page, 'D002')

    // Owed and within its deadline: PENDIENTE, S/ 142.00, with the supplier's R.U.C.
    const row = await rowOf(page, imported)
    await expect(row).toContainText('PENDIENTE')
    await expect(row).toContainText('S/ 142.00')
    await expect(row).toContainText(SERVICIOS_RUC)
    await expectAccessible(page)

    // The dashboard links to the detracciones within their deadline: this one is among them.
    await page.goto('/')
    await page
      .getByRole('list', { name: 'Detracciones' })
      .getByRole('link', { name: 'Pendientes, en plazo' })
      .click()
    await expect(page).toHaveURL(/\/pagos\/detracciones\?states=pendiente$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Detracciones' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Detracciones' })
    await expect(table.getByRole('row').filter({ hasText: 'PENDIENTE' }).first()).toBeVisible()
    await expect(table.getByRole('row').filter({ hasText: /VENCIDO|DEPOSITADO/ })).toHaveCount(0)
    await expect(page.getByText('Total de la lista filtrada')).toBeVisible()
    await page.goto(`${page.url()}&search=${imported}`)
    await expect(table.getByRole('row').filter({ hasText: imported })).toContainText('PENDIENTE')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/pagos/detracciones')

    // SOL's export ('|', Windows-1252, its 17 named columns): the voucher's row and one that matches no voucher.
    const [series, number] = imported.split('-')
    const constancia = `26${Date.now() % 1_000_000_000}${js ? 1 : 2}`
    const paid = today.split('-').reverse().join('/')
    const period = today.slice(0, 7).replace('-', '')
    const sunatRow = (c: string, ruc: string, s: string, n: string) =>
      [
        'D',
        '00000123456',
        c,
        period,
        ruc,
        'SERVICIOS GENERALES LIMA S.A.C.',
        '6',
        '20601234567',
        'EMPRESA DEMOSTRACIÓN S.A.C.',
        paid,
        '142.00',
        '037',
        '01',
        '01',
        s,
        n,
        `9${c}`,
      ].join('|')
    const csv = Buffer.from(
      [
        SUNAT_CONSTANCIA_HEADER.join('|'),
        sunatRow(constancia, SERVICIOS_RUC, series, number),
        sunatRow(`${constancia}9`, '20999999999', 'F001', '00099999'),
      ].join('\r\n'),
      'latin1',
    )
    await page.getByRole('link', { name: 'Importar constancias' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Importar constancias de detracción' }),
    ).toBeVisible()
    // Without a file: the message, nothing recorded.
    await page.getByRole('button', { name: 'Procesar' }).click()
    await expect(page.getByText('Adjunte el archivo CSV de constancias de SUNAT')).toBeVisible()
    await page
      .getByLabel('Archivo de constancias')
      .setInputFiles({ name: 'constancias.txt', mimeType: 'text/plain', buffer: csv })
    await page.getByRole('button', { name: 'Procesar' }).click()
    // Accepted at once: the list of loads follows it (live with JavaScript, a meta refresh without).
    await expect(page).toHaveURL(/\/pagos\/detracciones\/constancias\?carga=\d+$/)
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO (1 depósito registrado, 1 fila sin registrar).',
      { timeout: 60_000 },
    )
    const load = page
      .getByRole('table', { name: 'Archivos de constancias de SUNAT cargados' })
      .getByRole('row')
      .nth(1)
    await expect(load).toContainText('1 depósito registrado · 1 fila sin registrar')
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The row not recorded, with its reason, on the load's page and in its Excel.
    await page.getByRole('link', { name: 'Ver sin registrar' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Carga de constancias' })).toBeVisible()
    const unmatched = page.getByRole('table', { name: 'Filas sin registrar' }).getByRole('row')
    await expect(unmatched).toHaveCount(2)
    await expect(unmatched.nth(1)).toContainText('3')
    await expect(unmatched.nth(1)).toContainText('F001-00099999')
    await expect(unmatched.nth(1)).toContainText(D.unmatched)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar filas sin registrar' }).click()
    expect((await download).suggestedFilename()).toMatch(/^constancias-sin-registrar-\d+\.xlsx$/)
    await page.mouse.move(0, 0)
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The voucher's detracción is DEPOSITADO, with its constancia.
    const deposited = await rowOf(page, imported)
    await expect(deposited).toContainText('DEPOSITADO')
    await expect(deposited).toContainText(`Constancia ${constancia}`)
    await expect(deposited.getByRole('link', { name: 'Registrar depósito' })).toHaveCount(0)

    // By hand: a dialog with JavaScript, its own page without.
    const owed = await rowOf(page, byHand)
    await owed.getByRole('link', { name: 'Registrar depósito' }).click()
    const form = js ? page.getByRole('dialog') : page.getByRole('main')
    if (!js) await page.waitForURL(/\/pagos\/detracciones\/\d+\/depositar/)
    await expect(form.getByText(`Registrar el depósito de la detracción de ${byHand}`)).toBeVisible()
    await form.getByLabel('Número de constancia').fill('12-34')
    await form.getByRole('button', { name: 'Registrar depósito' }).click()
    await expect(form.getByTestId('field-error')).toHaveText([D.constancia])
    await expect(form.getByLabel('Número de constancia')).toHaveValue('12-34')
    await form.getByLabel('Número de constancia').fill('250000000777')
    await form.getByRole('button', { name: 'Registrar depósito' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se registró el depósito de la detracción')
    await expect(page).toHaveURL(/\/pagos\/detracciones\?search=/)
    const done = page.getByRole('row').filter({ hasText: byHand })
    await expect(done).toContainText('DEPOSITADO')
    await expect(done).toContainText(`Constancia 250000000777 del ${formatDate(today)}`)
  })
})
