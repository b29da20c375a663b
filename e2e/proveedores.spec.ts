import { buildCci, rucCheckDigit } from '@planillas/domain'
import type { Locator, Page } from '@playwright/test'
import {
  cardField,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  listRow,
  openCard,
  pickBySearch,
  test,
} from './fixtures'
import { readDownloadedSheet } from './xlsx'

/**
 * 'Proveedores': register a supplier (a bad RUC first), find it in the list, open its
 * data, come back to the list as it was, edit it, suspend it, filter and download the list. At 1280
 * and 390 px, with JavaScript and without (the config's two projects).
 */
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** Transportes Huamán S.A.C., of the demo data (db/src/seed-payments.ts). */
const DEMO_RUC = `2055501234${rucCheckDigit('2055501234')}`

const javaScript = () => test.info().project.use.javaScriptEnabled !== false

/** A RUC nobody registered: 20, eight digits of the clock, its check digit. */
function freshRuc() {
  const stem = `20${String(Date.now()).slice(-8)}`
  return `${stem}${rucCheckDigit(stem)}`
}

/** The supplier's row (a card on a phone, opened so its other columns and actions show). */
async function rowOf(page: Page, ruc: string): Promise<Locator> {
  const row = listRow(page, 'Proveedores', ruc)
  await openCard(row)
  return row
}

const field = (page: Page, label: string) => page.getByLabel(label)

for (const size of SIZES) {
  const wide = size.width >= 1024
  test.describe(`Proveedores a ${size.width} px`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.setViewportSize(size)
      await signIn('rrhh')
    })

    test('register (a bad RUC first), find, open, edit, suspend, filter and download', async ({ page }) => {
      const tag = `${size.width} ${javaScript() ? 'js' : 'nojs'} ${Date.now().toString(36)}`
      const name = `Proveedor E2E ${tag} S.A.C.`
      const account = `19${String(Date.now()).slice(-10)}`
      const cci = buildCci('002', '191', account)

      await page.goto('/proveedores')
      await expect(page.getByRole('heading', { name: 'Proveedores', level: 1 })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectAccessible(page)

      // A RUC whose check digit is wrong: the message beside it, everything typed kept.
      await page.getByRole('link', { name: 'Agregar' }).click()
      await expect(page.getByRole('heading', { name: 'Nuevo proveedor' })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectAccessible(page)
      await field(page, 'R.U.C.').fill('20131312956')
      await field(page, 'Razón social').fill(name)
      await field(page, 'Domicilio fiscal').fill('Av. Argentina 2450, Cercado de Lima')
      await field(page, 'Contacto').fill('Julia Paredes')
      await field(page, 'Autorizador').fill('Carlos Medina')
      await field(page, 'Pagador').fill('Tesorería')
      await field(page, 'Teléfono').fill('014567890')
      await field(page, 'Celular').fill('987654321')
      await field(page, 'Correo electrónico').fill('pagos@proveedor-e2e.pe')
      await field(page, 'Tipo de proveedor').selectOption({ label: 'SERVICIOS' })
      await field(page, 'Tipo de gestión contable').selectOption({ label: 'GASTO' })
      await field(page, 'Línea de gasto').selectOption({ label: 'Transporte y fletes' })
      await field(page, 'Agente de retención').check()
      await field(page, 'Número de documento').fill('20131312956')
      await field(page, 'Titular de la cuenta').fill(name)
      await field(page, 'Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
      await field(page, 'Número de cuenta').fill(account)
      await field(page, 'Tipo de cuenta').selectOption({ label: 'CORRIENTE' })
      await page.getByLabel(/^CCI/).fill(cci)
      await field(page, 'Cuenta de detracciones').fill('00012345678')
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(field(page, 'R.U.C.')).toHaveAccessibleDescription(
        'RUC inválido: el dígito verificador no corresponde',
      )
      await expect(field(page, 'R.U.C.')).toHaveValue('20131312956')
      await expect(field(page, 'Razón social')).toHaveValue(name)
      await expect(field(page, 'Número de cuenta')).toHaveValue(account)
      await expect(page.getByLabel(/^CCI/)).toHaveValue(cci)
      await expect(field(page, 'Tipo de proveedor')).toHaveValue('2')
      await expect(field(page, 'Agente de retención')).toBeChecked()
      await expect(page).toHaveURL(/\/proveedores\/crear$/)

      // A demo supplier's RUC: the API's refusal beside the field, everything typed kept.
      await field(page, 'R.U.C.').fill(DEMO_RUC)
      await field(page, 'Número de documento').fill(DEMO_RUC)
      // With JavaScript the RUC look-up says so as the 11th digit is typed.
      if (javaScript())
        await expect(
          page.getByRole('alert').filter({ hasText: 'Ya existe un proveedor registrado con el mismo RUC' }),
        ).toBeVisible()
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(field(page, 'R.U.C.')).toHaveAccessibleDescription(
        'Ya existe un proveedor registrado con el mismo RUC',
      )
      await expect(field(page, 'Razón social')).toHaveValue(name)
      await expect(page.getByLabel(/^CCI/)).toHaveValue(cci)

      // The RUC corrected (and the district chosen): saved, and on its edit form.
      const ruc = freshRuc()
      await field(page, 'R.U.C.').fill(ruc)
      await field(page, 'Número de documento').fill(ruc)
      await pickBySearch(page, 'Ubigeo', 'Miraflores', /^MIRAFLORES — LIMA \/ LIMA$/)
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await expect(page).toHaveURL(/\/proveedores\/\d+$/)
      await expect(page.getByRole('heading', { name: 'Editar proveedor' })).toBeVisible()
      await expect(field(page, 'R.U.C.')).toHaveAttribute('readonly', '')
      await expect(field(page, 'R.U.C.')).toHaveValue(ruc)

      // Found in the list by its RUC.
      await page.goto('/proveedores')
      await page.getByRole('searchbox').fill(ruc)
      await page.getByRole('button', { name: 'Buscar' }).click()
      await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()
      const listUrl = page.url()
      let row = await rowOf(page, ruc)
      await expect(row.getByText(name)).toBeVisible()
      await expect(row.getByText('SERVICIOS', { exact: true })).toBeVisible()
      await expect(row.getByText('00012345678')).toBeVisible()
      await expectNoHorizontalOverflow(page)

      // Its data, then 'Volver' to the list as it was (its search).
      await row.getByRole('link', { name: 'Ver datos' }).click()
      await expect(page).toHaveURL(/\/proveedores\/\d+\/detalle\?desde=/)
      await expect(page.getByRole('heading', { name: 'Datos del proveedor' })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await expectAccessible(page)
      const personal = page.getByRole('region', { name: 'Datos personales' })
      const bank = page.getByRole('region', { name: 'Datos bancarios' })
      for (const value of [ruc, name, 'MIRAFLORES / LIMA / LIMA', 'SERVICIOS', 'Transporte y fletes'])
        await expect(personal.getByText(value, { exact: true })).toBeVisible()
      await expect(
        personal.getByText('Agente de retención').locator('xpath=following-sibling::dd'),
      ).toHaveText('SÍ')
      for (const value of ['RUC', 'Banco de Crédito del Perú', account, 'CORRIENTE', cci, '00012345678'])
        await expect(bank.getByText(value, { exact: true })).toBeVisible()
      await page.getByRole('link', { name: 'Volver' }).click()
      await expect(page).toHaveURL(listUrl)

      // Edit from the list: a field changed, the form's 'Volver' back to the same list.
      row = await rowOf(page, ruc)
      await row.getByRole('link', { name: 'Editar' }).click()
      await expect(page.getByRole('heading', { name: 'Editar proveedor' })).toBeVisible()
      await expect(field(page, 'Razón social')).toHaveValue(name)
      await expect(field(page, 'Línea de gasto')).toHaveValue(/\d+/)
      await field(page, 'Contacto').fill('Julia Paredes Rojas')
      await field(page, 'Agente de percepción').check()
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await expect(field(page, 'Contacto')).toHaveValue('Julia Paredes Rojas')
      await expect(field(page, 'Agente de percepción')).toBeChecked()
      await page.goto(`${page.url().replace(/\/proveedores\/(\d+)$/, '/proveedores/$1/detalle')}`)
      await expect(
        page
          .getByRole('region', { name: 'Datos personales' })
          .getByText('Julia Paredes Rojas', { exact: true }),
      ).toBeVisible()

      // Suspended from its row: a dialog with JavaScript, the confirmation page without.
      await page.goto(listUrl)
      row = await rowOf(page, ruc)
      await row.getByRole('link', { name: 'Suspender' }).click()
      if (javaScript()) {
        await page
          .getByRole('dialog', { name: 'Cambiar estado' })
          .getByRole('button', { name: 'Aceptar' })
          .click()
      } else {
        await expect(page.getByRole('heading', { name: 'Cambiar estado' })).toBeVisible()
        await page.getByRole('button', { name: 'Aceptar' }).click()
      }
      await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')

      // Filtered by estado and tipo (its search kept), with the chips of both.
      await page.getByText('Filtrar').click()
      await page.getByLabel('Estado').selectOption({ label: 'SUSPENDIDO' })
      await page.getByLabel('Tipo de proveedor').selectOption({ label: 'SERVICIOS' })
      await page.getByRole('button', { name: 'Aplicar' }).click()
      await expect(page.getByText('Estado: SUSPENDIDO')).toBeVisible()
      await expect(page.getByText('Tipo: SERVICIOS')).toBeVisible()
      await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()
      row = await rowOf(page, ruc)
      await expect(row.getByText('SUSPENDIDO', { exact: true })).toBeVisible()
      await expect(row.getByRole('link', { name: 'Activar' })).toBeVisible()

      // The download carries the same filter: this supplier, every column.
      const downloadPromise = page.waitForEvent('download')
      await page.getByRole('link', { name: 'Descargar' }).click()
      const sheet = await readDownloadedSheet(await downloadPromise)
      expect(sheet).toHaveLength(2)
      const [header, line] = sheet
      expect(header.slice(0, 3)).toEqual(['Código', 'R.U.C.', 'Razón social'])
      expect(Object.fromEntries(header.map((column, i) => [column, line[i]]))).toMatchObject({
        'R.U.C.': ruc,
        'Razón social': name,
        Ubigeo: 'MIRAFLORES / LIMA / LIMA',
        Contacto: 'Julia Paredes Rojas',
        'Tipo de proveedor': 'SERVICIOS',
        'Línea de gasto': 'Transporte y fletes',
        Banco: 'Banco de Crédito del Perú',
        CCI: cci,
        'Cuenta de detracciones': '00012345678',
        'Agente de retención': 'SÍ',
        'Agente de percepción': 'SÍ',
        'Buen contribuyente': 'NO',
        Estado: 'SUSPENDIDO',
      })
    })

    test('the list of the demo suppliers: search by razón social, cards on a phone', async ({ page }) => {
      await page.goto('/proveedores?search=Transportes')
      await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()
      const row = await rowOf(page, 'Transportes Huamán')
      await expect(row.getByText('Transportes Huamán S.A.C.')).toBeVisible()
      if (!wide) {
        // On a phone the RUC and the name head the card; the rest opens under them.
        for (const label of ['Tipo', 'Banco', 'Cuenta de detracciones', 'Estado']) {
          const cell = cardField(row, label)
          await expect(cell).toBeVisible()
          const box = await cell.boundingBox()
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width)
        }
      }
      await expectNoHorizontalOverflow(page)
    })
  })
}

test('the read-only user sees the list and the data, with no Agregar, Editar or Suspender', async ({
  page,
  signIn,
}) => {
  await signIn('lector')
  await page.goto('/proveedores')
  await expect(page.getByRole('heading', { name: 'Proveedores', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Agregar' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Descargar' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Suspender' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Ver datos' }).first().click()
  await expect(page.getByRole('heading', { name: 'Datos del proveedor' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0)
  // The form itself is refused.
  const response = await page.goto('/proveedores/crear')
  expect(response?.status()).toBe(403)
})
