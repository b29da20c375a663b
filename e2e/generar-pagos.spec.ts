import { dayMonthYear, todayInLima } from '@planillas/domain'
import { cardToggle, expect, expectAccessible, test } from './fixtures'
import { downloadRunFiles } from './vouchers'

/** The demo's APROBADO voucher of the first company, under SPOT 037: S/ 1,180.00, S/ 142.00 detracción. */
const VOUCHER = 'E001-00000450'

test.describe('Generar pagos', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a refusal keeps the choice; the run pays the net, both files download; a second run needs the confirmation; annulled it frees the voucher', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('admin')
    await page.goto('/pagos/generar')
    await expect(page.getByRole('heading', { level: 1, name: 'Generar pagos' })).toBeVisible()
    await expectAccessible(page)

    // Its detracción is not deposited: the form warns (not blocks), naming it, its amount and due day.
    const warning = page.getByRole('region', { name: 'Deposite la detracción antes o el mismo día del pago' })
    await expect(warning).toContainText(
      new RegExp(`${VOUCHER} \\(.+\\): detracción S/ 142\\.00, vence el \\d{2}/\\d{2}/\\d{4}`),
    )

    // Without a debit account: the Spanish message, the voucher still ticked, nothing generated.
    const voucher = page.getByRole('checkbox', { name: new RegExp(VOUCHER) })
    await voucher.check()
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByRole('alert')).toContainText('Cuenta de cargo es requerida')
    await expect(voucher).toBeChecked()
    // The address stays the page's: the form posts to the route itself, not to `?index`.
    await expect(page).toHaveURL(/\/pagos\/generar$/)
    // The ticked voucher is named again, as this run would pay it.
    await expect(warning).toContainText('Esta orden paga comprobantes con la detracción por depositar')
    await expect(warning).toContainText(`${VOUCHER} (`)

    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    // The typed reference is kept by a refusal too (an unreadable payment date here).
    await page.getByLabel('Fecha de pago').fill('31/02/2026')
    await page.getByLabel('Referencia').fill(`Proveedores e2e ${javaScriptEnabled ? 'JS' : 'HTML'}`)
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expect(page).toHaveURL(/\/pagos\/generar$/)
    await expect(page.getByLabel('Referencia')).toHaveValue(
      `Proveedores e2e ${javaScriptEnabled ? 'JS' : 'HTML'}`,
    )
    await expect(page.getByLabel('Fecha de pago')).toHaveValue('31/02/2026')
    await expect(voucher).toBeChecked()
    await page.getByLabel('Fecha de pago').fill(dayMonthYear(todayInLima()))
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByTestId('toast')).toContainText('generada: 1 proveedor, 1 comprobante')

    const runs = page.getByRole('table', { name: 'Órdenes de pago a proveedores' })
    const run = runs.getByRole('row').nth(1)
    await expect(run).toContainText('GENERADO')
    await expect(run).toContainText('S/ 1,038.00')
    await expect(run).toContainText('S/ 142.00')

    // The CCI Excel pays the supplier its net; the BN file deposits the detracción.
    expect(await downloadRunFiles(page, run, 14_200)).toBe(1038)

    // Sent to the bank: a second run for it is refused until the clerk confirms.
    await page.getByRole('checkbox', { name: new RegExp(VOUCHER) }).check()
    await page.getByLabel('Cuenta de cargo').selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Generar orden de pago' }).click()
    await expect(page.getByRole('alert')).toContainText(`El comprobante ${VOUCHER} ya se envió al banco`)
    await expect(page.locator('label', { hasText: VOUCHER })).toContainText('En la orden')
    await expect(page.getByRole('checkbox', { name: /Confirmo que esta orden reemplaza/ })).toBeVisible()

    // Annulled with a reason: the voucher is free again.
    await page.goto('/pagos/generar')
    const open = runs.getByRole('row').nth(1)
    await open.getByRole('link', { name: 'Anular' }).click()
    if (javaScriptEnabled) {
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Motivo').fill('El banco no recibió el archivo')
      await dialog.getByRole('button', { name: 'Anular orden' }).click()
    } else {
      await page.getByLabel('Motivo').fill('El banco no recibió el archivo')
      await page.getByRole('button', { name: 'Anular orden' }).click()
    }
    await expect(page.getByTestId('toast')).toContainText('anulada: sus comprobantes quedan libres')
    await expect(runs.getByRole('row').nth(1)).toContainText('ANULADO')
    await expect(page.locator('label', { hasText: VOUCHER })).not.toContainText('En la orden')
  })

  test('a phone shows the vouchers and the runs as cards; 1280 px a table', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn('admin')
    await page.goto('/pagos/generar')
    await expect(page.getByRole('checkbox', { name: new RegExp(VOUCHER) })).toBeVisible()
    // On a phone each run is a card: no column headers, its 'Detalle' opens the rest.
    const runs = page.getByRole('table', { name: 'Órdenes de pago a proveedores' })
    await expect(runs.getByRole('columnheader')).toHaveCount(0)
    await expect(cardToggle(runs.getByRole('row').first())).toBeVisible()
    await page.screenshot({ path: '/tmp/generar-pagos-390.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(runs.getByRole('columnheader', { name: 'Estado' })).toBeVisible()
    await expect(cardToggle(runs.getByRole('row').nth(1))).toBeHidden()
    await page.screenshot({ path: '/tmp/generar-pagos-1280.png', fullPage: true })
  })
})
