import { buildCci, rucCheckDigit } from '@planillas/domain'
import { expect, expectAccessible, expectNoHorizontalOverflow, signIn, test } from './fixtures'

/**
 * A supplier registered with a CCI another supplier already holds (a known fraud pattern): the form
 * warns naming who holds it, keeps what was typed and saves only with the tick; the account stays
 * 'Por confirmar' until tesorería (another person, with proveedores_aprobar) confirms it. At 1280 and
 * 390 px, with JavaScript and without (the config's two projects).
 */
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** Transportes Huamán S.A.C.'s CCI, of the demo data (db/src/seed-payments.ts, its first supplier). */
const DEMO_CCI = buildCci('002', '193', '1930000000')

function freshRuc(offset: number) {
  const stem = `20${String(Date.now() + offset).slice(-8)}`
  return `${stem}${rucCheckDigit(stem)}`
}

for (const [i, size] of SIZES.entries()) {
  test(`a shared CCI is warned, ticked and confirmed by a second person at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    await signIn(page, 'rrhh')
    const ruc = freshRuc(i)
    const name = `Proveedor Compartido ${size.width} ${Date.now().toString(36)} S.A.C.`
    await page.goto('/proveedores/crear')
    const field = (label: string) => page.getByLabel(label)
    await field('R.U.C.').fill(ruc)
    await field('Razón social').fill(name)
    await field('Domicilio fiscal').fill('Av. Colonial 1500, Lima')
    await field('Tipo de proveedor').selectOption({ label: 'SERVICIOS' })
    await field('Tipo de gestión contable').selectOption({ label: 'GASTO' })
    await field('Número de documento').fill(ruc)
    await field('Titular de la cuenta').fill(name)
    await field('Banco').selectOption({ value: '002' })
    await field('Número de cuenta').fill(`19${String(Date.now()).slice(-10)}`)
    await field('Tipo de cuenta').selectOption({ label: 'CORRIENTE' })
    await page.getByLabel(/^CCI/).fill(DEMO_CCI)
    await page.getByRole('button', { name: 'Guardar' }).click()

    // Refused: the warning names the demo supplier beside the tick; everything typed is kept.
    const tick = page.getByLabel('Registrar la cuenta compartida')
    await expect(tick).toBeVisible()
    await expect(tick).toHaveAccessibleDescription(
      /La cuenta o el CCI ya es de el proveedor PR-\d{4} Transportes Huamán S\.A\.C\./,
    )
    await expect(page).toHaveURL(/\/proveedores\/crear$/)
    await expect(field('Razón social')).toHaveValue(name)
    await expect(page.getByLabel(/^CCI/)).toHaveValue(DEMO_CCI)
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page)

    await tick.check()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page.getByText('Cuenta compartida: por confirmar.')).toBeVisible()
    const detail = page.url().replace(/\/proveedores\/(\d+)$/, '/proveedores/$1/detalle')

    // The clerk who saved it is not offered the confirmation.
    await page.goto(detail)
    const bank = page.getByRole('region', { name: 'Datos bancarios' })
    await expect(
      bank.getByText(/^Por confirmar · también es de el proveedor PR-\d{4} Transportes Huamán/),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirmar cuenta compartida' })).toHaveCount(0)

    // Tesorería confirms it.
    await page.context().clearCookies()
    await signIn(page, 'tesoreria')
    await page.goto(detail)
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Confirmar cuenta compartida' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se confirmó la cuenta compartida del proveedor')
    await expect(bank.getByText(/^Confirmada · .*confirmada por tesoreria@planillas\.pe/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirmar cuenta compartida' })).toHaveCount(0)
  })
}
