import { addDays, buildCci, formatDate, rucCheckDigit, todayInLima } from '@planillas/domain'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, expectAccessible, openFromList, pickBySearch, test } from './fixtures'
import {
  authorizeVoucher,
  expectFits,
  fillSupplierPayments,
  registerFactura,
  saveVoucher,
  signInAs,
  uniqueNumber,
} from './vouchers'

/**
 * Vouchers in US dollars (docs/decisions/usd-vouchers.md), with and without JavaScript, at 1280 and
 * 390 px: the administrator enters the SBS venta rates, a factura is registered in dollars, its
 * detracción is approved in soles at the issue date's rate and listed with its deadline, a run from
 * a soles account refuses it naming the supplier, and another paid by hand has its IGV retention in
 * soles at the payment date's rate, on its CRE with the rate. Then a dollar factura is paid by a run
 * from a dollar account (the workbook in USD) and a recibo por honorarios by a run in soles, both
 * marked PAGADO by the bank's proof: the IGV retention in soles with its rate, the fourth-category
 * retention, and the CRE's deadline on the screens.
 */

const today = todayInLima()
const yesterday = addDays(today, -1)
/** The demo's retention agent (the seed makes the last of its first five companies one). */
const AGENT = 'Minera Cordillera Blanca S.A.A.'

/** 'Tipo de cambio': a day's SBS venta rate, saved and listed. */
async function enterRate(page: Page, day: string, rate: string) {
  await page.getByLabel('Fecha').fill(formatDate(day))
  await page.getByLabel('Tipo de cambio (S/ por US$)').fill(rate)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByTestId('toast')).toContainText('Se almacenó la información correctamente')
  // The row of the day (its 'Origen' also names when it was entered: today).
  const table = page.getByRole('table', { name: 'Tipos de cambio registrados' })
  await expect(table.getByRole('row', { name: new RegExp(`^${formatDate(day)} ${rate} `) })).toHaveCount(1)
}

/**
 * A factura of US$ 1,180.00 from Servicios Generales Lima issued yesterday, registered in dollars
 * and authorized by rrhh; answers its id and number as the lists write it.
 */
async function registeredInDollars(page: Page, series: string, company?: string) {
  const number = uniqueNumber()
  await signInAs(page, 'rrhh')
  const id = await registerFactura(page, {
    series,
    number,
    description: 'Licencias de software en dólares',
    company,
    currency: 'DÓLARES (USD)',
  })
  await expect(page.getByRole('region', { name: 'Importes' })).toContainText('US$ 1,180.00')
  await authorizeVoucher(page, id)
  return { id, fullNumber: `${series}-${number.padStart(8, '0')}`, short: `${series}-${Number(number)}` }
}

test.describe('Comprobantes en dólares', () => {
  test.describe.configure({ timeout: 240_000 })

  test('rates entered; a USD factura approved with its detracción in soles, refused by a run; another paid by hand with its retention in soles', async ({
    page,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false

    // The administrator's rate table: a bad rate is refused in Spanish and kept as typed.
    await signInAs(page, 'admin')
    await page.goto('/pagos/catalogos')
    await page.getByRole('link', { name: 'Tipo de cambio (SBS venta)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Tipo de cambio (SBS venta)' })).toBeVisible()
    await page.getByLabel('Fecha').fill(formatDate(yesterday))
    await page.getByLabel('Tipo de cambio (S/ por US$)').fill('0')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(
      page.getByText('El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)'),
    ).toBeVisible()
    await expect(page.getByLabel('Tipo de cambio (S/ por US$)')).toHaveValue('0')
    await enterRate(page, yesterday, '3.800')
    await enterRate(page, today, '3.790')
    // The page as it is read, not with the pointer still on the button just pressed.
    await page.mouse.move(0, 0)
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // Under SPOT 037: US$ 1,180.00 at 3.800 = S/ 4,484.00 → 12 % = S/ 538.08 → S/ 538.00.
    const detracted = await registeredInDollars(page, js ? 'U001' : 'U002')
    await signInAs(page, 'tesoreria')
    await page.goto(`/pagos/${detracted.id}/aprobar?spotCode=037`)
    const summary = page.getByLabel('Resumen', { exact: true })
    await expect(summary).toContainText(`Total en soles (T.C. 3.800 del ${formatDate(yesterday)})`)
    await expect(summary).toContainText('S/ 4,484.00')
    await expect(summary).toContainText('S/ 538.00')
    await expect(summary).toContainText('US$ 1,038.42')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const amounts = page.getByRole('region', { name: 'Importes' })
    await expect(amounts).toContainText('US$ 1,180.00')
    await expect(amounts).toContainText(`3.800 del ${formatDate(yesterday)}`)
    await expect(amounts).toContainText('S/ 538.00')
    await expect(amounts).toContainText('US$ 1,038.42')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The detracción to deposit, in soles, with its deadline.
    await page.goto(`/pagos/detracciones?search=${detracted.fullNumber}`)
    const owed = page.getByRole('row').filter({ hasText: detracted.fullNumber })
    await expect(owed).toContainText('S/ 538.00')
    await expect(owed).toContainText('PENDIENTE')
    await expect(owed).toContainText(/\d{2}\/\d{2}\/\d{4}/)

    // A run from a soles account pays soles only: it refuses the dollar voucher naming the supplier.
    await page.goto('/pagos/generar')
    await page.getByRole('checkbox', { name: new RegExp(detracted.fullNumber) }).check()
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByLabel('Referencia').fill('Dólares e2e')
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByRole('alert')).toContainText(
      `Servicios Generales Lima S.A.C. · ${detracted.fullNumber}: está en dólares (USD)`,
    )

    // To the retention agent, without SPOT: US$ 1,180.00 at today's 3.790 = S/ 4,472.20 → 3 % = S/ 134.17,
    // US$ 35.40 at that rate: the supplier is paid US$ 1,144.60.
    const retained = await registeredInDollars(page, js ? 'U003' : 'U004', AGENT)
    await signInAs(page, 'tesoreria')
    await page.goto(`/pagos/${retained.id}/aprobar`)
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await page.goto(`/pagos/${retained.id}/pagar`)
    await expect(page.getByLabel('Monto pagado (US$)')).toHaveValue('1144.60')
    await page.getByRole('button', { name: 'Marcar como pagado' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const paid = page.getByRole('region', { name: 'Importes' })
    await expect(paid).toContainText('S/ 134.17')
    await expect(paid).toContainText('3.790')
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText('US$ 1,144.60')

    // Its CRE: the retention in soles, the document with its currency and rate.
    await page.goto('/pagos/retenciones/comprobantes')
    const cre = page.getByRole('row').filter({ hasText: `01 ${retained.short} (USD, T.C. 3.790)` })
    await expect(cre).toHaveCount(1)
    await expect(cre).toContainText('S/ 134.17')
    await expect(cre).toContainText('S/ 4,472.20')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
  })

  test('a dollar factura paid by a run from a dollar account and a recibo por honorarios by a run in soles: retentions and deadlines', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(420_000)
    const js = javaScriptEnabled !== false
    const tag = `${js ? 'J' : 'N'}${Date.now().toString(36).toUpperCase()}`

    // The administrator: today's rate, and a dollar account of the retention agent.
    await signInAs(page, 'admin')
    await page.goto('/pagos/catalogos/tipo-de-cambio')
    await enterRate(page, today, '3.790')
    const usdAccount = `191${String(Date.now()).slice(-10)}`
    await openFromList(page, '/empresas', 'Minera Cordillera Blanca', 'Ver datos')
    await page.locator('select[name="bankCode"]').selectOption('002')
    await page.locator('select[name="currency"]').selectOption('USD')
    await page.locator('input[name="account"]').fill(usdAccount)
    await page.getByRole('button', { name: 'Agregar cuenta' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Cuenta registrada correctamente')

    // A natural person with a CCI, for the recibo por honorarios.
    const stem = `10${String(Date.now()).slice(-8)}`
    const ruc = `${stem}${rucCheckDigit(stem)}`
    const personName = `Huamán Rojas Elena ${tag}`
    const ten = String(Date.now()).slice(-10)
    await signInAs(page, 'rrhh')
    await page.goto('/proveedores/crear')
    await page.getByLabel('R.U.C.').fill(ruc)
    await page.getByLabel('Razón social').fill(personName)
    await page.getByLabel('Domicilio fiscal').fill('Jr. Huallaga 320, Cercado de Lima')
    await page.getByLabel('Tipo de proveedor').selectOption({ label: 'SERVICIOS' })
    await page.getByLabel('Tipo de gestión contable').selectOption({ label: 'GASTO' })
    await page.getByLabel('Número de documento').fill(ruc)
    await page.getByLabel('Titular de la cuenta').fill(personName)
    await page.getByLabel('Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
    await page.getByLabel('Número de cuenta').fill(`191${ten}`)
    await page.getByLabel('Tipo de cuenta').selectOption({ label: 'CORRIENTE' })
    await page.getByLabel(/^CCI/).fill(buildCci('002', '191', ten))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')

    // The recibo: S/ 2,000.00 of the first company, registered and authorized by rrhh.
    const receiptNumber = String((Date.now() % 9_000_000) + (js ? 2 : 1))
    await page.goto('/pagos/registrar')
    await page.getByLabel('Empresa').selectOption({ index: 1 })
    await page.getByLabel('Tipo de comprobante').selectOption('02')
    await pickBySearch(page, 'Proveedor', ruc, new RegExp(tag))
    await page.getByLabel('Serie').fill('E001')
    await page.getByLabel('Número').fill(receiptNumber)
    await page.getByLabel('Fecha de emisión').fill(formatDate(today))
    await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 15)))
    await page.getByLabel('Base imponible').fill('2000.00')
    await page.getByLabel('IGV').fill('0.00')
    await page.getByLabel('Total').fill('2000.00')
    await page.getByLabel('Descripción').fill('Asesoría legal')
    await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
    const receiptId = await saveVoucher(page, 'E001', receiptNumber)
    const receipt = `E001-${receiptNumber.padStart(8, '0')}`
    await authorizeVoucher(page, receiptId)

    // The factura: US$ 1,180.00 to the retention agent, no SPOT.
    const factura = await registeredInDollars(page, js ? 'U005' : 'U006', AGENT)

    // tesorería approves both.
    await signInAs(page, 'tesoreria')
    for (const id of [receiptId, factura.id]) {
      await page.goto(`/pagos/${id}/aprobar`)
      await page.getByRole('button', { name: 'Aprobar' }).click()
      await page.waitForURL(/\/pagos\/\d+\/detalle/)
    }

    // 'Generar pagos': each account says the currency it pays; a dollar run from the agent's dollar account.
    await page.goto('/pagos/generar')
    const accounts = page.getByLabel('Cuenta de cargo')
    await expect(accounts).toHaveAccessibleDescription(/Una orden paga en la moneda de su cuenta de cargo/)
    const accountValue = async (text: RegExp) =>
      (await accounts.locator('option', { hasText: text }).first().getAttribute('value')) ?? ''
    const row = page.getByRole('checkbox', { name: new RegExp(factura.fullNumber) })
    await expect(page.locator('li').filter({ has: row })).toContainText('US$ 1,180.00')
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    const generate = async (voucher: string, account: RegExp, reference: string) => {
      await page.goto('/pagos/generar')
      await page.getByRole('checkbox', { name: new RegExp(voucher) }).check()
      await accounts.selectOption(await accountValue(account))
      await page.getByLabel('Referencia').fill(reference)
      await page.getByRole('button', { name: 'Generar orden de pago' }).click()
      await expect(page.getByTestId('toast')).toContainText('generada: 1 proveedor, 1 comprobante')
      const run = page.getByRole('table', { name: 'Órdenes de pago a proveedores' }).getByRole('row').nth(1)
      const orderId = Number(/\d+/.exec((await run.getByText(/^Orden N° \d+$/).textContent()) ?? '')?.[0])
      const download = page.waitForEvent('download')
      await run.getByRole('link', { name: /^Descargar pago-proveedores/ }).click()
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(await (await download).path())
      const line = workbook.worksheets[0].getRow(2)
      return {
        run,
        orderId,
        document: String(line.getCell(2).value),
        currency: String(line.getCell(5).value),
        amount: Number(line.getCell(6).value),
      }
    }
    // US$ 1,180.00 at 3.790 = S/ 4,472.20 → 3 % = S/ 134.17 (US$ 35.40): the workbook pays US$ 1,144.60.
    const dollarRun = await generate(
      factura.fullNumber,
      new RegExp(`${usdAccount}.*dólares`),
      `Dolares ${tag}`,
    )
    expect([dollarRun.currency, dollarRun.amount]).toEqual(['USD', 1144.6])
    await expect(dollarRun.run).toContainText('US$ 1,144.60')
    await expect(dollarRun.run).toContainText('(USD)')
    // S/ 2,000.00 less 8 % of fourth category (S/ 160.00): S/ 1,840.00 in soles.
    const solesRun = await generate(receipt, /Agroindustrial.*soles/, `Honorarios ${tag}`)
    expect([solesRun.currency, solesRun.amount]).toEqual(['PEN', 1840])

    // The bank's proof of each run, uploaded on 'Abonos de proveedores' and processed.
    for (const paid of [dollarRun, solesRun]) {
      await page.goto('/pagos/abonos/carga')
      await fillSupplierPayments(page, {
        order: String(paid.orderId),
        document: paid.document,
        amount: paid.amount,
        operation: `OP${paid.orderId}`,
      })
      await page.getByRole('button', { name: 'Procesar' }).click()
      await page.waitForURL(/\/pagos\/abonos(\?|$)/)
      const batches = page.getByRole('table', { name: 'Abonos de proveedores' })
      await expect
        .poll(
          async () => {
            await page.goto('/pagos/abonos')
            return (
              (await batches
                .getByRole('row')
                .filter({ hasText: `${paid.orderId}` })
                .first()
                .textContent()) ?? ''
            )
          },
          { timeout: 120_000, intervals: [1000, 2000, 3000] },
        )
        .toContain('PROCESADO')
    }

    // The factura: PAGADO in dollars, its IGV retention in soles at the payment date's rate.
    await page.goto(`/pagos/${factura.id}/detalle`)
    const amounts = page.getByRole('region', { name: 'Importes' })
    await expect(amounts).toContainText('S/ 134.17')
    await expect(amounts).toContainText('3.790')
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText('US$ 1,144.60')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The recibo: its fourth-category retention, paid its net in soles.
    await page.goto(`/pagos/${receiptId}/detalle`)
    const fees = page.getByRole('region', { name: 'Importes' })
    await expect(
      fees.getByText('Retención de cuarta categoría').locator('xpath=following-sibling::dd'),
    ).toHaveText('S/ 160.00')
    await expect(page.getByRole('region', { name: 'Pago' })).toContainText('S/ 1,840.00')

    // The factura's CRE, issued by the run's abono: the rate, the soles, and the day to send it by.
    await page.goto('/pagos/retenciones/comprobantes')
    const cre = page.getByRole('row').filter({ hasText: `01 ${factura.short} (USD, T.C. 3.790)` })
    await expect(cre).toHaveCount(1)
    await expect(cre).toContainText('S/ 134.17')
    await expect(cre).toContainText(/Enviar hasta el \d{2}\/\d{2}\/\d{4}|Enviado/)
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectFits(page)
  })
})
