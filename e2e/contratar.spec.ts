import { dayMonthYear, todayInLima } from '@planillas/domain'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, listRow, openCard, test } from './fixtures'

/** 'Contratar' registers the applicant as an employee with a contract, in one form. */

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
/** A DNI no demo record holds (the demo data use other ranges). */
const freshDni = () => `6${String(Date.now()).slice(-5)}${Math.floor(Math.random() * 90 + 10)}`

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** The applicant's vacancy's 'Contratados', read on its details page ('Ver vacante'). */
async function hiredOfVacancy(page: Page, applicantId: number, code: string) {
  await page.goto(`/reclutamiento/postulantes/${applicantId}/detalle`)
  await page.getByRole('link', { name: 'Ver vacante' }).click()
  const item = page
    .getByRole('region', { name: `Vacante ${code}` })
    .locator('div', { has: page.locator('dt', { hasText: /^Contratados$/ }) })
  return Number(await item.locator('dd').textContent())
}

/** The page is no wider than the window. */
async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
}

/** Registers an applicant to a vacancy through its form; returns the applicant's id. */
async function registerApplicant(page: Page, dni: string, surname: string, vacancy: string) {
  await page.goto('/reclutamiento/postulantes/crear')
  await page.getByLabel('Número de documento').fill(dni)
  await page.getByLabel('Nombres').fill('Elena')
  await page.getByLabel('Apellidos').fill(surname)
  await page.getByLabel('Correo electrónico').fill('elena.contratada@correo.pe')
  await page.getByLabel('Celular').fill('912345678')
  await page.getByLabel('Vacante').selectOption({ label: vacancy })
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page).toHaveURL(/\/reclutamiento\/postulantes\/\d+\/editar$/)
  return Number(/postulantes\/(\d+)\//.exec(page.url())?.[1])
}

async function chooseDistrict(page: Page, js: boolean) {
  if (js) {
    await page.getByRole('combobox', { name: /^Ubigeo \(distrito\)/ }).fill('Miraflores')
    await page.getByRole('option', { name: 'MIRAFLORES — LIMA / LIMA', exact: true }).click()
  } else {
    await page.getByRole('searchbox', { name: 'Buscar ubigeo (distrito)' }).fill('Miraflores')
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page
      .getByRole('combobox', { name: /^Ubigeo \(distrito\)/ })
      .selectOption({ label: 'MIRAFLORES — LIMA / LIMA' })
  }
}

/** The rest of the hiring form: what the applicant does not hold (birth, address, bank, contract). */
async function completeHireForm(page: Page, js: boolean) {
  await page.getByLabel('Fecha de nacimiento').fill('05/03/1995')
  await page.getByLabel('Sexo').selectOption({ label: 'Femenino' })
  await page.getByLabel('Dirección').fill('Av. Larco 345')
  await chooseDistrict(page, js)
  await page.getByLabel('Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
  await page.getByLabel('Número de cuenta').fill('1917654321098')
  await page.getByLabel('Duración del Contrato').selectOption({ label: '6 meses' })
  await page.getByLabel('Fecha de Inicio').fill(dayMonthYear(todayInLima()))
  const company = page.getByLabel('Empresa')
  if (!(await company.inputValue())) await company.selectOption({ index: 1 })
}

test.describe('Contratar', () => {
  for (const size of VIEWPORTS) {
    test(`hire an applicant at ${size.width}: employee and contract exist and link back`, async ({
      page,
      signIn,
      javaScriptEnabled: js,
    }) => {
      await page.setViewportSize(size)
      await signIn('rrhh')
      const dni = freshDni()
      const surname = `Contratada ${suffix()}`
      const id = await registerApplicant(page, dni, surname, 'VAC-2026-003 — Almacenero (Almacén)')

      const hiredBefore = await hiredOfVacancy(page, id, 'VAC-2026-003')
      await page.goto(`/reclutamiento/postulantes/${id}/detalle`)
      const details = page.getByRole('region', { name: `Elena ${surname}` })
      await expect(details.getByText('Sin contratar')).toBeVisible()
      await expectNoOverflow(page)
      await page.getByRole('link', { name: 'Contratar', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Contratar postulante' })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/reclutamiento/postulantes/${id}/contratar$`))
      // Prefilled from the applicant and the vacancy.
      const personal = page.getByRole('group', { name: 'Datos personales' })
      await expect(personal.getByLabel('Número de documento')).toHaveValue(dni)
      await expect(page.getByLabel('Nombres')).toHaveValue('Elena')
      await expect(page.getByLabel('Apellidos')).toHaveValue(surname)
      await expect(page.getByLabel('Celular')).toHaveValue('912345678')
      await expect(page.getByLabel('Área')).toHaveValue(/\d+/)
      await expect(page.getByLabel('Cargo').locator('option:checked')).toHaveText('Almacenero')
      await expectAccessible(page)

      await completeHireForm(page, js)
      await expectNoOverflow(page)
      if (size.width === 390)
        await page.screenshot({ path: `/tmp/contratar-form-390-${js ? 'js' : 'nojs'}.png`, fullPage: true })
      else
        await page.screenshot({ path: `/tmp/contratar-form-1280-${js ? 'js' : 'nojs'}.png`, fullPage: true })
      // Without the salary it is refused, beside the field, keeping what was typed.
      await page.getByRole('button', { name: 'Contratar', exact: true }).click()
      await expect(
        page.getByTestId('field-error').filter({ hasText: 'Sueldo Base es requerido' }),
      ).toBeVisible()
      await expect(page.getByLabel('Dirección')).toHaveValue('Av. Larco 345')
      await page.getByLabel('Sueldo Base (S/)').fill('1800.50')
      await page.getByRole('button', { name: 'Contratar', exact: true }).click()

      await expect(page.getByTestId('toast')).toHaveText(
        'Postulante contratado: se registraron el colaborador y su contrato',
      )
      await expect(page).toHaveURL(new RegExp(`/reclutamiento/postulantes/${id}/detalle$`))
      await expect(details.getByText('Contratado', { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Contratar', exact: true })).toHaveCount(0)
      await page.screenshot({
        path: `/tmp/contratar-detalle-${size.width}-${js ? 'js' : 'nojs'}.png`,
        fullPage: true,
      })
      await expectAccessible(page)

      // The contract exists, for this employee, with the vacancy's position.
      const contractLink = details.getByRole('link', { name: /^Contrato / })
      const contractNumber = ((await contractLink.textContent()) ?? '').replace('Contrato ', '')
      expect(contractNumber).toMatch(/^CT-\d{4}-\d+$/)
      await contractLink.click()
      await expect(page.getByRole('heading', { name: 'Datos del contrato' })).toBeVisible()
      await expect(page.getByText(`Elena ${surname}`).first()).toBeVisible()
      await expect(page.getByText('Almacenero').first()).toBeVisible()
      await expect(page.getByText('S/ 1,800.50').first()).toBeVisible()

      // The employee exists, with the applicant's document, active under that contract.
      await page.goto(`/reclutamiento/postulantes/${id}/detalle`)
      await details.getByRole('link', { name: 'Ver colaborador' }).click()
      await expect(page.getByRole('heading', { name: 'Datos del colaborador' })).toBeVisible()
      await expect(page.getByText(dni).first()).toBeVisible()
      await expect(page.getByText('Av. Larco 345')).toBeVisible()
      // Its history: the contract of the hire; no payroll lines or payments yet.
      const contractsPart = page.getByRole('region', { name: 'Historial de contratos (1)' })
      await expect(contractsPart.getByText(contractNumber).filter({ visible: true })).toHaveCount(1)
      await expect(page.getByRole('region', { name: 'Líneas de planilla (0)' })).toContainText(
        'El colaborador no figura en ninguna planilla.',
      )
      await expect(page.getByRole('region', { name: 'Abonos recibidos (0)' })).toContainText(
        'El colaborador no ha recibido abonos.',
      )
      await expectNoOverflow(page)
      await page.screenshot({
        path: `/tmp/contratar-colaborador-${size.width}-${js ? 'js' : 'nojs'}.png`,
        fullPage: true,
      })
      // On a phone the contract is a card: its 'Detalle' opens to the rest and its link.
      await openCard(listRow(page, 'Contratos del colaborador', contractNumber))
      await contractsPart.getByRole('link', { name: 'Ver datos' }).click()
      await expect(page.getByRole('heading', { name: 'Datos del contrato' })).toBeVisible()
      await expect(page.getByText(`Elena ${surname}`).first()).toBeVisible()

      // The vacancy counts its hired applicant.
      expect(await hiredOfVacancy(page, id, 'VAC-2026-003')).toBe(hiredBefore + 1)

      // Hired once: the form is not offered again.
      await page.goto(`/reclutamiento/postulantes/${id}/contratar`)
      await expect(page).toHaveURL(new RegExp(`/reclutamiento/postulantes/${id}/detalle$`))
    })
  }

  test("a document whose employee has a current contract is refused with the contract's message", async ({
    page,
    signIn,
    javaScriptEnabled: js,
  }) => {
    await signIn('rrhh')
    const dni = freshDni()
    const surname = `Repetida ${suffix()}`
    const first = await registerApplicant(page, dni, surname, 'VAC-2026-003 — Almacenero (Almacén)')
    await page.goto(`/reclutamiento/postulantes/${first}/contratar`)
    await completeHireForm(page, js)
    await page.getByLabel('Sueldo Base (S/)').fill('1500')
    await page.getByRole('button', { name: 'Contratar', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/reclutamiento/postulantes/${first}/detalle$`))

    // The same person applied to another vacancy: hiring them again is refused, nothing changes.
    const second = await registerApplicant(
      page,
      dni,
      surname,
      'VAC-2026-001 — Analista de Planillas (Recursos Humanos)',
    )
    await page.goto(`/reclutamiento/postulantes/${second}/contratar`)
    await completeHireForm(page, js)
    await page.getByLabel('Sueldo Base (S/)').fill('2500')
    await page.getByRole('button', { name: 'Contratar', exact: true }).click()
    await expect(
      page.getByTestId('field-error').filter({
        hasText:
          'Este colaborador ya tiene un contrato vigente. Finalice el contrato actual antes de registrar uno nuevo.',
      }),
    ).toBeVisible()
    await expect(page.getByLabel('Sueldo Base (S/)')).toHaveValue('2500')
    await page.goto(`/reclutamiento/postulantes/${second}/detalle`)
    await expect(page.getByText('Sin contratar')).toBeVisible()
  })
})
