import { addDays, contractEndDate, formatDate, isoFromDayMonthYear, todayInLima } from '@planillas/domain'
import type { Page } from '@playwright/test'
import { clickRowAction, expect, expectAccessible, openFromList, pickBySearch, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

/**
 * Demo employees without a contract (db/src/seed-contracts.ts leaves them so) and demo contracts
 * that are POR VENCER: each project (JavaScript on, off) works on its own, since both share one
 * system.
 */
const PEOPLE = {
  js: { newHire: 'Silvia Herrera Campos', toRenew: 'Rosa Angélica Condori Ccama' },
  nojs: { newHire: 'Elizabeth Vilca Mayta', toRenew: 'Carmen Rosa Díaz Gutiérrez' },
}

const saved = 'Se almacenó la información correctamente'
/** Chooses the employee by their surnames. */
const pickEmployee = (page: Page, name: string) =>
  pickBySearch(page, 'Colaborador', name.split(' ').slice(-2).join(' '), new RegExp(name))

const alertText =
  'Este colaborador ya tiene un contrato vigente. Finalice el contrato actual antes de registrar uno nuevo.'

/** Fills the contract details; without JavaScript 'Calcular' shows what the server computes. */
async function fillDetails(page: Page, javaScript: boolean, start: string) {
  await page.getByLabel('Duración del Contrato').selectOption({ label: '3 meses' })
  await page.getByLabel('Fecha de Inicio').fill(formatDate(start))
  for (const label of ['Empresa', 'Área', 'Cargo']) await page.getByLabel(label).selectOption({ index: 1 })
  await page.getByLabel('Sueldo Base (S/)').fill('2500')
  await page.getByLabel('Asignación familiar').check()
  // The end date's help says how it comes: by itself with JavaScript, with 'Calcular' without.
  await expect(page.getByLabel('Fecha de fin')).toHaveAccessibleDescription(
    javaScript ? /se calcula sola/ : /pulse «Calcular» para verla/,
  )
  if (!javaScript) await page.getByRole('button', { name: 'Calcular' }).click()
}

/** Confirms a status change: a dialog with JavaScript, the confirmation page without. */
async function confirmStatus(page: Page, javaScript: boolean, reason?: string) {
  const scope = javaScript ? page.getByRole('dialog', { name: 'Cambiar estado' }) : page
  await expect(scope.getByText('¿Está seguro que desea cambiar el estado?')).toBeVisible()
  if (reason) await scope.getByLabel(/Motivo/).fill(reason)
  await scope.getByRole('button', { name: 'Aceptar' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')
}

async function searchList(page: Page, term: string) {
  await page.goto('/contratos')
  await page.getByRole('searchbox').fill(term)
  await page.getByRole('button', { name: 'Buscar' }).click()
}

test.describe('Contratos', () => {
  test('create a contract, see its end date, refuse a second one, finish it', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const who = PEOPLE[javaScriptEnabled ? 'js' : 'nojs'].newHire
    const start = addDays(todayInLima(), -20)
    await signIn('rrhh')
    await page.getByRole('link', { name: 'Contratos', exact: true }).first().click()
    await expect(page.getByRole('heading', { name: 'Contratos', exact: true })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nuevo contrato' })).toBeVisible()
    await expect(page.getByText('Información del Colaborador')).toBeVisible()
    await expect(page.getByText('Detalles del Contrato')).toBeVisible()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(
      page.getByTestId('field-error').filter({ hasText: 'Colaborador es requerido' }),
    ).toBeVisible()
    await expect(
      page.getByTestId('field-error').filter({ hasText: 'Sueldo Base es requerido' }),
    ).toBeVisible()

    await pickEmployee(page, who)
    await fillDetails(page, javaScriptEnabled, start)
    await expect(page.getByLabel('Fecha de fin')).toHaveValue(formatDate(contractEndDate(start, 2)))
    await expect(page.getByLabel('Sueldo Total')).toHaveValue('S/ 2,613.00')
    await expect(page.getByLabel('Nombres y apellidos')).toHaveValue(who)
    await expect(page.getByLabel('Tipo de documento')).toHaveValue('DNI')
    await expect(page.getByRole('alert').filter({ hasText: alertText })).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText(saved)
    await expect(page).toHaveURL(/\/contratos\/\d+\/editar$/)
    await expect(page.getByRole('heading', { name: 'Editar contrato' })).toBeVisible()
    // The new contract is not 'another current contract' of its own employee.
    await expect(page.getByRole('alert').filter({ hasText: alertText })).toHaveCount(0)
    await expect(page.getByLabel('N° de contrato')).toHaveValue(/^CT-\d{4}-\d{6}$/)
    const contractNumber = await page.getByLabel('N° de contrato').inputValue()

    // While it is current, the employee's form shows its company, area and position, fixed.
    await openFromList(page, '/colaboradores', who, 'Editar')
    await expect(page.getByRole('heading', { name: 'Editar colaborador' })).toBeVisible()
    for (const label of ['Empresa', 'Área', 'Cargo']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('readonly', '')
      await expect(page.getByLabel(label, { exact: true })).not.toHaveValue('')
    }
    await expect(page.getByText(`los fija el contrato vigente ${contractNumber}`)).toBeVisible()
    await page.getByLabel('Dirección').fill('Jr. Las Begonias 120, San Isidro')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText(saved)

    // A second contract for the same employee: the alert, and saving is refused with it.
    await page.goto('/contratos/crear')
    await pickEmployee(page, who)
    await fillDetails(page, javaScriptEnabled, addDays(todayInLima(), 5))
    await expect(page.getByRole('alert').filter({ hasText: alertText })).toBeVisible()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error').filter({ hasText: alertText })).toBeVisible()

    // The list shows it VIGENTE with its pay in soles; finish it.
    await searchList(page, who)
    const row = page.getByRole('row', { name: new RegExp(who) })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('S/ 2,500.00')).toBeVisible()
    await expect(row.getByText('S/ 2,613.00')).toBeVisible()
    await expect(row.getByText('3 meses')).toBeVisible()
    await expect(row.getByText(formatDate(start))).toBeVisible()
    await expect(row.getByText('VIGENTE')).toBeVisible()
    await expect(row.getByRole('link', { name: 'Renovar' })).toHaveCount(0)
    // A dismissal without a reason: the app's Spanish message, not the browser's bubble; nothing changes.
    await clickRowAction(row, 'Despedir')
    const scope = javaScriptEnabled ? page.getByRole('dialog', { name: 'Cambiar estado' }) : page
    await scope.getByRole('button', { name: 'Aceptar' }).click()
    await expect(
      scope.getByTestId('field-error').filter({ hasText: 'El motivo del despido es requerido' }),
    ).toBeVisible()
    if (javaScriptEnabled) await scope.getByRole('button', { name: 'Cancelar' }).click()
    else await page.getByRole('link', { name: 'Cancelar' }).click()
    await expect(page.getByRole('row', { name: new RegExp(who) }).getByText('VIGENTE')).toBeVisible()
    await clickRowAction(row, 'Finalizar')
    await confirmStatus(page, javaScriptEnabled, 'Término por mutuo acuerdo')
    await expect(page.getByRole('row', { name: new RegExp(who) }).getByText('FINALIZADO')).toBeVisible()
    await expect(
      page.getByRole('row', { name: new RegExp(who) }).getByRole('link', { name: 'Finalizar' }),
    ).toHaveCount(0)

    // Its details tell how it ended.
    await page
      .getByRole('row', { name: new RegExp(who) })
      .getByRole('link', { name: 'Ver datos' })
      .click()
    await expect(page.getByRole('heading', { name: 'Datos del contrato' })).toBeVisible()
    await expect(page.getByText('Término por mutuo acuerdo')).toBeVisible()
    await expectAccessible(page)
  })

  test('renew a contract that is POR VENCER', async ({ page, signIn, javaScriptEnabled }) => {
    const who = PEOPLE[javaScriptEnabled ? 'js' : 'nojs'].toRenew
    await signIn('admin')
    await searchList(page, who)
    const row = page.getByRole('row', { name: new RegExp(who) })
    await expect(row.getByText('POR VENCER')).toBeVisible()
    const oldNumber = (await row.getByRole('cell').first().textContent())?.trim() ?? ''
    await clickRowAction(row, 'Renovar')
    await expect(page.getByRole('heading', { name: 'Nuevo contrato' })).toBeVisible()
    await expect(page.getByText(`Renovación del contrato ${oldNumber}`)).toBeVisible()
    await expect(page.getByLabel(/^Colaborador/)).toHaveValue(new RegExp(who))
    await expect(page.getByRole('alert').filter({ hasText: alertText })).toHaveCount(0)
    await page.getByLabel('Duración del Contrato').selectOption({ label: '6 meses' })
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Calcular' }).click()
    const start = isoFromDayMonthYear(await page.getByLabel('Fecha de Inicio').inputValue())
    await expect(page.getByLabel('Fecha de fin')).toHaveValue(formatDate(contractEndDate(start, 3)))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText(saved)

    await searchList(page, who)
    await expect(page.getByRole('row', { name: new RegExp(`${oldNumber}.*FINALIZADO`) })).toHaveCount(1)
    const renewed = page.getByRole('row', { name: new RegExp(who) }).filter({ hasText: 'VIGENTE' })
    await expect(renewed).toHaveCount(1)
    await expect(renewed.getByText(formatDate(start))).toBeVisible()
    await expect(renewed.getByText('6 meses')).toBeVisible()
  })

  test('filter by status with a chip, and download what is listed', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/contratos')
    await page.getByText('Filtrar').click()
    await page.getByLabel('Estado').selectOption({ label: 'POR VENCER' })
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Estado: POR VENCER')).toBeVisible()
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') })
    const statuses = await rows.getByText(/^(VIGENTE|POR VENCER|FINALIZADO|DESPEDIDO)$/).allTextContents()
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set(['POR VENCER']))
    const total = Number(
      (await page.getByText(/Mostrando .* de \d+/).textContent())?.match(/de ([\d,]+)/)?.[1],
    )
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const sheet = await readDownloadedSheet(await download)
    expect(sheet[0].slice(0, 4)).toEqual([
      'N° de contrato',
      'Tipo de documento',
      'Número de documento',
      'Colaborador',
    ])
    expect(sheet.length - 1).toBe(total)
    expect(sheet.slice(1).every((r) => r[13] === 'POR VENCER')).toBe(true)
    await page.getByRole('link', { name: 'Quitar filtro Estado: POR VENCER' }).click()
    await expect(page.getByText('Estado: POR VENCER')).toHaveCount(0)
  })
})
