import { addDays, MESSAGES, todayInLima } from '@planillas/domain'
import { expect, expectAccessible, test } from './fixtures'

/** The demo's REGISTRADO factura issued 35 days ago (db/src/seed-payments.ts). */
const VOUCHER = 'F001-00001021'
const issued = addDays(todayInLima(), -35)
/** Its issue month and the month after it, as AAAAMM, written out here. */
const ISSUE_MONTH = `${issued.slice(0, 4)}${issued.slice(5, 7)}`
const NEXT_MONTH =
  issued.slice(5, 7) === '12'
    ? `${Number(issued.slice(0, 4)) + 1}01`
    : `${issued.slice(0, 4)}${String(Number(issued.slice(5, 7)) + 1).padStart(2, '0')}`
const BEFORE_ISSUE =
  issued.slice(5, 7) === '01' ? `${Number(issued.slice(0, 4)) - 1}12` : `${Number(ISSUE_MONTH) - 1}`

test.describe("'Periodo de registro' of a voucher", () => {
  test('rrhh changes it before approval: a month before the issue is refused in Spanish, a later one is kept', async ({
    page,
    signIn,
  }) => {
    await signIn('rrhh')
    await page.goto(`/pagos?search=${encodeURIComponent(VOUCHER)}`)
    await page
      .getByRole('row', { name: new RegExp(VOUCHER) })
      .getByRole('link', { name: 'Ver detalle' })
      .click()
    const card = page.getByRole('region', { name: 'Registro de Compras' })
    await expect(card).toContainText('Periodo de registro')
    await card.getByRole('link', { name: 'Cambiar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/periodo$/)
    await expectAccessible(page)

    const field = page.getByRole('textbox', { name: 'Periodo de registro' })
    await field.fill(BEFORE_ISSUE)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      `Periodo de registro no puede ser anterior al mes de emisión (${ISSUE_MONTH})`,
    )
    await expect(field).toHaveValue(BEFORE_ISSUE)

    await field.fill(NEXT_MONTH)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle$/)
    await expect(page.getByTestId('toast')).toHaveText(MESSAGES.saved)
    await expect(page.getByRole('region', { name: 'Registro de Compras' })).toContainText(
      new RegExp(`Periodo de registro\\s*${NEXT_MONTH}`),
    )
  })
})
