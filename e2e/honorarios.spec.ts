import { readFile } from 'node:fs/promises'
import { addDays, formatDate, periodLabel, rucCheckDigit, todayInLima } from '@planillas/domain'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, pickBySearch, test } from './fixtures'
import { authorizeVoucher, expectFits, saveVoucher, signInAs } from './vouchers'

/**
 * Recibos por honorarios (docs/decisions/tax-rules.md, 'Cuarta categoría'): a natural person's
 * suspension certificate added and removed on 'Datos del proveedor', a recibo of S/ 2,000.00
 * approved with S/ 160.00 of fourth-category retention and paid its net, then listed on
 * 'Retenciones de cuarta categoría' with PLAME's .ps4 and .4ta files downloaded and read back. With
 * JavaScript and without (the config's two projects); the screen also at 390 px.
 */

const today = todayInLima()
const period = today.slice(0, 7).replace('-', '')

/** A natural person (RUC 10…) registered through the form; answers its id. */
async function createNaturalPerson(page: Page, ruc: string, name: string): Promise<number> {
  await page.goto('/proveedores/crear')
  await page.getByLabel('R.U.C.').fill(ruc)
  await page.getByLabel('Razón social').fill(name)
  await page.getByLabel('Domicilio fiscal').fill('Jr. Huallaga 320, Cercado de Lima')
  await page.getByLabel('Tipo de proveedor').selectOption({ label: 'SERVICIOS' })
  await page.getByLabel('Tipo de gestión contable').selectOption({ label: 'GASTO' })
  await page.getByLabel('Número de documento').fill(ruc)
  await page.getByLabel('Titular de la cuenta').fill(name)
  await page.getByLabel('Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
  await page.getByLabel('Número de cuenta').fill(`19${ruc.slice(-11)}`)
  await page.getByLabel('Tipo de cuenta').selectOption({ label: 'AHORROS' })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
  await expect(page).toHaveURL(/\/proveedores\/\d+$/)
  return Number(/\/proveedores\/(\d+)$/.exec(page.url())?.[1])
}

test.describe('Recibos por honorarios', () => {
  test.describe.configure({ timeout: 240_000 })

  test('a suspension certificate on the supplier; S/ 2,000.00 paid S/ 1,840.00; the month listed and its PLAME files', async ({
    page,
    javaScriptEnabled,
  }) => {
    const tag = `${javaScriptEnabled === false ? 'N' : 'J'}${Date.now().toString(36).toUpperCase()}`
    const stem = `10${String(Date.now()).slice(-8)}`
    const ruc = `${stem}${rucCheckDigit(stem)}`
    const name = `Quispe Mamani Rosa ${tag}`
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInAs(page, 'rrhh')
    const supplierId = await createNaturalPerson(page, ruc, name)

    // 'Datos del proveedor': the certificates' section, one added then removed.
    await page.goto(`/proveedores/${supplierId}/detalle`)
    const section = page.getByRole('group', { name: 'Constancias de suspensión de cuarta categoría' })
    await expect(
      section.getByText('El proveedor no tiene constancias de suspensión registradas.'),
    ).toBeVisible()
    await section.getByLabel('Número de constancia').fill(`C-${tag}`)
    await section.getByLabel('Fecha de otorgamiento').fill(formatDate(addDays(today, 1)))
    await section.getByRole('button', { name: 'Agregar constancia' }).click()
    await expect(section.getByLabel('Fecha de otorgamiento')).toHaveAccessibleDescription(
      /La fecha de otorgamiento no puede ser posterior a hoy/,
    )
    await section.getByLabel('Fecha de otorgamiento').fill(formatDate(today))
    await section.getByRole('button', { name: 'Agregar constancia' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Constancia de suspensión registrada')
    const table = page.getByRole('table', { name: 'Constancias de suspensión' })
    await expect(table.getByRole('row').filter({ hasText: `C-${tag}` })).toContainText(
      `31/12/${today.slice(0, 4)}`,
    )
    await expectAccessible(page)
    await table.getByRole('button', { name: `Eliminar la constancia C-${tag}` }).click()
    await expect(page.getByTestId('toast')).toHaveText('Constancia de suspensión eliminada')
    await expect(page.getByText('El proveedor no tiene constancias de suspensión registradas.')).toBeVisible()

    // A recibo por honorarios of S/ 2,000.00, registered and authorized by the HR clerk.
    const number = String((Date.now() % 9_000_000) + (javaScriptEnabled === false ? 1 : 2))
    await page.goto('/pagos/registrar')
    await page.getByLabel('Empresa').selectOption({ index: 1 })
    const companyId = await page.getByLabel('Empresa').inputValue()
    await page.getByLabel('Tipo de comprobante').selectOption('02')
    await pickBySearch(page, 'Proveedor', ruc, new RegExp(tag))
    await page.getByLabel('Serie').fill('E001')
    await page.getByLabel('Número').fill(number)
    await page.getByLabel('Fecha de emisión').fill(formatDate(today))
    await page.getByLabel('Fecha de vencimiento').fill(formatDate(addDays(today, 15)))
    await page.getByLabel('Base imponible').fill('2000.00')
    await page.getByLabel('IGV').fill('0.00')
    await page.getByLabel('Total').fill('2000.00')
    await page.getByLabel('Descripción').fill('Asesoría contable')
    await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
    const id = await saveVoucher(page, 'E001', number)
    await authorizeVoucher(page, id)

    // Approved by tesorería: the dialog shows the S/ 160.00 and the net; then paid S/ 1,840.00.
    await signInAs(page, 'tesoreria')
    await page.goto(`/pagos/${id}/aprobar`)
    const summary = page.getByRole('definition').filter({ hasText: 'S/ 160.00' })
    await expect(summary).toHaveCount(1)
    await expect(page.getByText('S/ 1,840.00')).toBeVisible()
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await page.goto(`/pagos/${id}/pagar`)
    await expect(page.getByLabel('Monto pagado (S/)')).toHaveValue('1840.00')
    await page.getByRole('button', { name: 'Marcar como pagado' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const amounts = page.getByRole('region', { name: 'Importes' })
    await expect(
      amounts.getByText('Retención de cuarta categoría').locator('xpath=following-sibling::dd'),
    ).toHaveText('S/ 160.00')
    await expect(amounts.getByText('Neto a pagar').locator('xpath=following-sibling::dd')).toHaveText(
      'S/ 1,840.00',
    )

    // 'Registro de retenciones' leads to the month's fourth-category retentions.
    await page.goto('/pagos/retenciones')
    await page.getByRole('link', { name: 'Retenciones de cuarta categoría' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Retenciones de cuarta categoría' }),
    ).toBeVisible()
    await page.getByLabel('Empresa').selectOption(companyId)
    await page.getByLabel('Periodo de pago').selectOption({ label: periodLabel(period) })
    await page.getByRole('button', { name: 'Consultar' }).click()
    const listed = page.getByRole('table', {
      name: `Recibos por honorarios pagados en ${periodLabel(period)}`,
    })
    const row = listed.getByRole('row').filter({ hasText: ruc })
    await expect(row).toContainText(`E001-${number.padStart(8, '0')}`)
    await expect(row).toContainText('S/ 2,000.00')
    await expect(row).toContainText('S/ 160.00')
    await expect(row).toContainText('S/ 1,840.00')
    await expectAccessible(page)

    const download = async (kind: 'ps4' | '4ta') => {
      const waiting = page.waitForEvent('download')
      await page.getByRole('link', { name: new RegExp(`^Descargar 0601${period}\\d{11}\\.${kind}$`) }).click()
      const file = await waiting
      expect(file.suggestedFilename()).toMatch(new RegExp(`^0601${period}\\d{11}\\.${kind}$`))
      return (await readFile((await file.path()) as string)).toString('latin1')
    }
    const ps4 = await download('ps4')
    expect(ps4.endsWith('\r\n')).toBe(true)
    expect(ps4.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const ps4Line = ps4.split('\r\n').find((l) => l.split('|')[1] === ruc)
    expect(ps4Line?.split('|')).toEqual(['06', ruc, 'QUISPE', 'MAMANI', `ROSA ${tag}`, '1', '0', ''])
    const fourth = await download('4ta')
    expect(fourth.endsWith('\r\n')).toBe(true)
    expect(fourth.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const line = fourth.split('\r\n').find((l) => l.split('|')[1] === ruc)
    expect(line?.split('|')).toEqual([
      '06',
      ruc,
      'R',
      'E001',
      number,
      '2000.00',
      formatDate(today),
      formatDate(today),
      '1',
      '3',
      '',
      '',
    ])

    // On a phone the screen fits.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Retenciones de cuarta categoría' }),
    ).toBeVisible()
    await expectFits(page)
  })
})
