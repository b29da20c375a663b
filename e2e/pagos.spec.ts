import {
  addDays,
  formatDate,
  VOUCHER_MESSAGES as M,
  MESSAGES,
  todayInLima,
  VOUCHER_STATUS_MESSAGES,
} from '@planillas/domain'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import type { Page } from '@playwright/test'
import {
  cardField,
  expect,
  expectAccessible,
  listRow,
  openCard,
  pickBySearch,
  pickFilterOption,
  test,
} from './fixtures'
import { expectStatus, openStep, signInAs, uniqueNumber } from './vouchers'
import { readDownloadedSheet } from './xlsx'

/**
 * 'Pagos a proveedores › Comprobantes' (docs/decisions/supplier-vouchers.md): the HR clerk (rrhh)
 * registers and authorizes vouchers, treasury (tesoreria) approves, pays, rejects and cancels them.
 * Each step is a dialog with JavaScript and a page of its own without.
 */

const today = todayInLima()

type VoucherInput = {
  supplier: RegExp
  supplierTerm: string
  series: string
  number: string
  base: string
  igv: string
  total: string
  description: string
}

const pdf = async (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: await receiptPdf(name),
})

/** Fills 'Registrar comprobante' (without saving): the fields a clerk types, and the PDF. */
async function fillVoucher(page: Page, v: VoucherInput, { pickSupplier = true } = {}) {
  if (pickSupplier) {
    await page.getByLabel('Empresa').selectOption({ index: 1 })
    await pickBySearch(page, 'Proveedor', v.supplierTerm, v.supplier)
  }
  await page.getByLabel('Serie').fill(v.series)
  await page.getByLabel('Número').fill(v.number)
  await page.getByLabel('Fecha de emisión').fill(formatDate(addDays(today, -2)))
  await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 28)))
  await page.getByLabel('Base imponible').fill(v.base)
  await page.getByLabel('IGV').fill(v.igv)
  await page.getByLabel('Total').fill(v.total)
  await page.getByLabel('Descripción').fill(v.description)
  await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
  await page.getByLabel('PDF del comprobante').setInputFiles(await pdf(`${v.series}-${v.number}.pdf`))
}

/** Registers a voucher as the signed-in clerk; answers its id (the details page it lands on). */
async function registerVoucher(page: Page, v: VoucherInput): Promise<number> {
  await page.goto('/pagos/registrar')
  await fillVoucher(page, v)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.waitForURL(/\/pagos\/\d+\/detalle/)
  await expect(page.getByTestId('toast')).toHaveText(MESSAGES.saved)
  return Number(/\/pagos\/(\d+)\//.exec(page.url())?.[1])
}

async function authorize(page: Page, javaScript: boolean) {
  const step = await openStep(page, javaScript, 'Autorizar')
  await step.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
  await step.getByLabel('Periodo').fill('2024-1')
  await step.getByRole('button', { name: 'Autorizar' }).click()
  await expect(step.getByTestId('field-error')).toHaveText(M.periodFormat)
  await step.getByLabel('Periodo').fill('202411-001')
  await step.getByRole('button', { name: 'Autorizar' }).click()
  await expectStatus(page, 'AUTORIZADO')
}

test.describe('Comprobantes por pagar', () => {
  test.describe.configure({ timeout: 150_000 })

  test('rrhh registers a voucher (a bad total first) and authorizes it; tesorería approves it with detracción and retención and marks it paid', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    const number = uniqueNumber()
    await signInAs(page, 'rrhh')
    await page.goto('/pagos')
    await page.getByRole('link', { name: 'Registrar comprobante' }).click()
    await expect(page.getByRole('heading', { name: 'Registrar comprobante' })).toBeVisible()
    await expectAccessible(page)

    // A total that is not base + IGV: its message beside it, everything typed kept.
    await fillVoucher(page, {
      supplier: /Servicios Generales Lima/,
      supplierTerm: 'servicios generales',
      series: 'E001',
      number,
      base: '1000.00',
      igv: '180.00',
      total: '1100.00',
      description: 'Mantenimiento de equipos, noviembre',
    })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText([M.totalMismatch])
    await expect(page.getByLabel('Total')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Serie')).toHaveValue('E001')
    await expect(page.getByLabel('Número')).toHaveValue(number)
    await expect(page.getByLabel('Base imponible')).toHaveValue('1000.00')
    await expect(page.getByLabel('Descripción')).toHaveValue('Mantenimiento de equipos, noviembre')
    await expect(page.locator('input[name="supplierId"], select[name="supplierId"]')).not.toHaveValue('')
    await expect(page).toHaveURL(/\/pagos\/registrar/)

    await page.getByLabel('Total').fill('1180.00')
    // Without JavaScript the refused form came back from the server: its PDF is chosen again.
    await page.getByLabel('PDF del comprobante').setInputFiles(await pdf(`E001-${number}.pdf`))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await expect(page.getByTestId('toast')).toHaveText(MESSAGES.saved)
    const details = page.url()
    await expect(
      page.getByRole('heading', { name: `Comprobante E001-${number.padStart(8, '0')}` }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: `E001-${number}.pdf` })).toBeVisible()
    // The clerk authorizes; approving and paying are not theirs to do.
    await expect(page.getByRole('link', { name: 'Aprobar', exact: true })).toHaveCount(0)
    await authorize(page, js)
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Autorizado')

    // Tesorería approves: SPOT 037 proposes 12 % (S/ 142), a percentage out of range is refused,
    // and retaining against the rule (a voucher under detracción) asks for its reason.
    await signInAs(page, 'tesoreria')
    await page.goto(details)
    await expect(page.getByRole('link', { name: 'Autorizar', exact: true })).toHaveCount(0)
    const approve = await openStep(page, js, 'Aprobar')
    await approve.getByLabel('Código de detracción').selectOption('037')
    if (!js) await approve.getByRole('button', { name: 'Calcular' }).click()
    await expect(approve.getByLabel('Porcentaje de detracción')).toHaveValue('12')
    await expectAccessible(page)
    await expect(approve.getByRole('definition').filter({ hasText: 'S/ 142.00' })).toBeVisible()
    await approve.getByLabel('Porcentaje de detracción').fill('0')
    await approve.getByRole('radio', { name: 'Retener', exact: true }).check()
    await approve.getByRole('button', { name: 'Aprobar' }).click()
    await expect(approve.getByTestId('field-error').first()).toHaveText(M.percentage)
    await approve.getByLabel('Porcentaje de detracción').fill('12')
    await approve.getByRole('button', { name: 'Aprobar' }).click()
    await expect(approve.getByTestId('field-error')).toHaveText([M.retentionReasonRequired])
    await approve.getByLabel('Motivo de no seguir la regla de retención').fill('Acuerdo con el proveedor')
    await approve.getByRole('button', { name: 'Aprobar' }).click()
    await expectStatus(page, 'APROBADO')
    const amounts = page.getByRole('region', { name: 'Importes' })
    await expect(amounts).toContainText('S/ 142.00')
    await expect(amounts).toContainText('S/ 35.40')
    await expect(amounts).toContainText('S/ 1,002.60')

    // Paid: the net proposed; commas refused with the specified message, the operation kept as typed.
    const pay = await openStep(page, js, 'Marcar como pagado')
    await expect(pay.getByLabel('Monto pagado')).toHaveValue('1002.60')
    await pay.getByLabel('Monto pagado').fill('1,002.60')
    await pay.getByLabel('N° de operación').fill('OP-778812')
    await pay.getByRole('button', { name: 'Marcar como pagado' }).click()
    await expect(pay.getByTestId('field-error')).toHaveText([M.noCommas])
    await expect(pay.getByLabel('N° de operación')).toHaveValue('OP-778812')
    await pay.getByLabel('Monto pagado').fill('1002.60')
    await pay.getByRole('button', { name: 'Marcar como pagado' }).click()
    await expectStatus(page, 'PAGADO')
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText(formatDate(today))
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText('OP-778812')
    const history = page.getByRole('region', { name: 'Historial' })
    await expect(history.getByRole('listitem')).toHaveText([
      /^Registrado.*por rrhh/,
      /^Autorizado.*por rrhh/,
      /^Aprobado.*por tesoreria/,
      /^Pagado.*por tesoreria/,
    ])
    await expectAccessible(page)

    // Paid this month with IGV retained: a row of this month's 'Registro de retenciones'.
    await page.goto('/pagos/retenciones')
    await expect(page.getByRole('heading', { name: 'Registro de retenciones' })).toBeVisible()
    await page.getByLabel('Periodo').selectOption(today.slice(0, 7).replace('-', ''))
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Descargar Excel' }).click()
    const [header, ...rows] = await readDownloadedSheet(await downloading)
    const row = rows.find((r) => r[header.indexOf('Serie y número')] === `E001-${number.padStart(8, '0')}`)
    expect(row, rows.map((r) => r.join(' | ')).join('\n')).toBeTruthy()
    expect(Number(row?.[header.indexOf('Retención')])).toBe(35.4)
    expect(row?.[header.indexOf('Fecha de pago')]).toBe(formatDate(today))
  })

  test('a rejected voucher keeps its number until a nota de crédito for it is registered', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    const number = uniqueNumber()
    const voucher = {
      supplier: /Distribuidora Norte/,
      supplierTerm: 'distribuidora',
      series: 'F002',
      number,
      base: '500.00',
      igv: '90.00',
      total: '590.00',
      description: 'Papel bond, cajas',
    }
    await signInAs(page, 'rrhh')
    await registerVoucher(page, voucher)
    const details = page.url()
    const reject = await openStep(page, js, 'Rechazar')
    await reject.getByRole('button', { name: 'Rechazar' }).click()
    await expect(reject.getByTestId('field-error')).toHaveText([M.rejectReasonRequired])
    await reject.getByLabel('Motivo de rechazo').selectOption({ index: 1 })
    await reject.getByRole('button', { name: 'Rechazar' }).click()
    await expectStatus(page, 'RECHAZADO')
    await expect(page.getByText('Ocupado hasta que se registre una nota de crédito')).toBeVisible()

    // Its number is still taken.
    await page.goto('/pagos/registrar')
    await fillVoucher(page, voucher)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText([M.duplicate])

    // The nota de crédito, from the rejected voucher's details: supplier and voucher come chosen.
    await page.goto(details)
    await page.getByRole('link', { name: 'Registrar nota de crédito' }).click()
    await expect(page.getByLabel('Tipo de comprobante')).toHaveValue('07')
    await fillVoucher(
      page,
      { ...voucher, series: 'FC02', description: 'Anula la factura rechazada' },
      { pickSupplier: false },
    )
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await expect(page.getByTestId('toast')).toHaveText(MESSAGES.saved)
    await expect(page.getByText('07 NOTA DE CRÉDITO')).toBeVisible()
    await page.getByRole('link', { name: `F002-${number.padStart(8, '0')}` }).click()
    await expect(page.getByText('Liberado por su nota de crédito')).toBeVisible()

    // Freed: the same series and number can be registered again.
    await registerVoucher(page, voucher)
    await expect(
      page.getByRole('region', { name: 'Datos del comprobante' }).getByText('REGISTRADO', { exact: true }),
    ).toBeVisible()
  })

  test('tesorería cancels an authorized voucher with its evidence; a step someone else took first answers 409', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    const number = uniqueNumber()
    await signInAs(page, 'rrhh')
    await registerVoucher(page, {
      supplier: /Transportes Huamán/,
      supplierTerm: 'huaman',
      series: 'F003',
      number,
      base: '300.00',
      igv: '54.00',
      total: '354.00',
      description: 'Flete Lima – Ica',
    })
    await authorize(page, js)
    const details = page.url()
    const id = Number(/\/pagos\/(\d+)\//.exec(details)?.[1])

    await signInAs(page, 'tesoreria')
    // A second tab opens 'Rechazar' before the voucher is cancelled in the first.
    const other = await page.context().newPage()
    await other.goto(`/pagos/${id}/rechazar`)
    await other.getByLabel('Motivo de rechazo').selectOption({ index: 1 })

    await page.goto(details)
    const cancel = await openStep(page, js, 'Anular')
    await expect(cancel.getByLabel('Correo del solicitante')).toHaveValue('tesoreria@planillas.pe')
    await cancel.getByLabel('Motivo de anulación').fill('El proveedor emitió el comprobante por error')
    await cancel.getByRole('button', { name: 'Anular' }).click()
    await expect(cancel.getByTestId('field-error')).toHaveText([M.evidenceRequired])
    await expect(cancel.getByLabel('Motivo de anulación')).toHaveValue(
      'El proveedor emitió el comprobante por error',
    )
    await cancel.getByLabel('Sustento').setInputFiles(await pdf('solicitud-anulacion.pdf'))
    await cancel.getByRole('button', { name: 'Anular' }).click()
    await expectStatus(page, 'ANULADO')
    await expect(page.getByRole('region', { name: 'Anulación' })).toContainText(
      'El proveedor emitió el comprobante por error',
    )
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'solicitud-anulacion.pdf' }).click()
    expect((await download).suggestedFilename()).toBe('solicitud-anulacion.pdf')

    // The other tab's step now meets an ANULADO voucher: the API's 409, in Spanish, above the form.
    await other.getByRole('button', { name: 'Rechazar' }).click()
    await expect(other.getByRole('alert')).toContainText(
      'No se puede rechazar un comprobante ANULADO: solo uno REGISTRADO o AUTORIZADO',
    )
    await other.close()
  })

  test('freight under code 027 is detracted on its valor referencial when it is greater', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    await signInAs(page, 'rrhh')
    await registerVoucher(page, {
      supplier: /Servicios Generales Lima/,
      supplierTerm: 'servicios generales',
      series: 'E001',
      number: uniqueNumber(),
      base: '847.46',
      igv: '152.54',
      total: '1000.00',
      description: 'Flete Lima - Arequipa',
    })
    const details = page.url()
    await authorize(page, js)
    await signInAs(page, 'tesoreria')
    await page.goto(details)
    const approve = await openStep(page, js, 'Aprobar')
    await approve.getByLabel('Código de detracción').selectOption('027')
    // 4 % of the freight, S/ 40, until the valor referencial (S/ 1,500) is typed: then 4 % of it.
    if (!js) await approve.getByRole('button', { name: 'Calcular' }).click()
    await expect(approve.getByRole('definition').filter({ hasText: 'S/ 40.00' })).toBeVisible()
    await approve.getByLabel('Valor referencial (S/)').fill('1500.00')
    if (!js) await approve.getByRole('button', { name: 'Calcular' }).click()
    await expect(approve.getByLabel('Valor referencial (S/)')).toHaveValue('1500.00')
    await expect(approve.getByRole('definition').filter({ hasText: 'S/ 60.00' })).toBeVisible()
    await approve.getByRole('button', { name: 'Aprobar' }).click()
    await expectStatus(page, 'APROBADO')
    await expect(page.getByRole('region', { name: 'Importes' })).toContainText('S/ 60.00')
    await expect(page.getByRole('region', { name: 'Importes' })).toContainText('S/ 940.00')
    await expect(page.getByRole('region', { name: 'Aprobación' })).toContainText('S/ 1,500.00')
  })

  test('who registered a voucher is not offered Aprobar, and its page says why before any form', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    // The administrator may register and approve, but not both on one voucher.
    await signInAs(page, 'admin')
    const number = uniqueNumber()
    const id = await registerVoucher(page, {
      supplier: /Servicios Generales Lima/,
      supplierTerm: 'servicios generales',
      series: 'E001',
      number,
      base: '500.00',
      igv: '90.00',
      total: '590.00',
      description: 'Separación de funciones',
    })
    await authorize(page, js)
    await expect(page.getByRole('link', { name: 'Rechazar', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Aprobar', exact: true })).toHaveCount(0)
    await page.goto(`/pagos?search=${number}`)
    const row = page.getByRole('row', { name: new RegExp(number) })
    await row.locator('summary', { hasText: 'Más' }).click()
    await expect(row.getByRole('link', { name: 'Aprobar', exact: true })).toHaveCount(0)
    // A direct visit: the reason in words, no form to fill.
    await page.goto(`/pagos/${id}/aprobar`)
    await expect(page.getByText(VOUCHER_STATUS_MESSAGES.ownVoucherPage)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aprobar', exact: true })).toHaveCount(0)
  })

  test('the list filters by state, downloads its Excel and shows only the steps the user may take', async ({
    page,
  }) => {
    await signInAs(page, 'tesoreria')
    await page.goto('/pagos')
    await expect(page.getByRole('heading', { name: 'Comprobantes por pagar' })).toBeVisible()
    // Tesorería registers nothing.
    await expect(page.getByRole('link', { name: 'Registrar comprobante' })).toHaveCount(0)
    await page.getByText(/^Filtrar/).click()
    await pickFilterOption(page, 'Estado', 'rech', 'RECHAZADO')
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page).toHaveURL(/statuses=5/)
    const table = page.getByRole('table', { name: 'Comprobantes por pagar' })
    const states = table.locator('tbody tr td:nth-child(9)')
    await expect(states.first()).toHaveText('RECHAZADO')
    expect(new Set(await states.allTextContents())).toEqual(new Set(['RECHAZADO']))
    // The totals row sums the filtered list (every page), in soles.
    await expect(page.getByTestId('totals').first()).toContainText(/S\/ [\d,]+\.\d{2}/)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    expect((await download).suggestedFilename()).toMatch(/^comprobantes.*\.xlsx$/)
    await expectAccessible(page)

    // An authorized voucher offers tesorería 'Aprobar', 'Rechazar', 'Anular', never 'Autorizar'.
    await page.goto('/pagos?statuses=2')
    const row = table.locator('tbody tr').first()
    await row.locator('summary', { hasText: 'Más' }).click()
    await expect(row.getByRole('link')).toHaveText(['Ver detalle', 'Aprobar', 'Rechazar', 'Anular'])
  })

  test('at 390 px the list is cards and the form, details and dialogs fit the screen', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAs(page, 'rrhh')
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.goto('/pagos?statuses=1')
    // The table's rows are cards: no column headers; each card's 'Detalle' opens the other columns.
    await expect(page.getByRole('columnheader')).toHaveCount(0)
    const card = listRow(page, 'Comprobantes por pagar', 'REGISTRADO').first()
    await expect(card).toBeVisible()
    await fits()
    await expect(cardField(card, 'Vencimiento')).toBeHidden()
    await openCard(card)
    await expect(cardField(card, 'Vencimiento')).toBeVisible()
    await card.getByRole('link', { name: 'Ver detalle' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await fits()
    const step = await openStep(page, js, 'Autorizar')
    await expect(step.getByLabel('Periodo')).toBeVisible()
    await fits()
    await page.goto('/pagos/registrar')
    await fits()
  })
})
