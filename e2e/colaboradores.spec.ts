import { createServer, type Server } from 'node:http'
import { buildCci } from '@planillas/domain'
import type { Page } from '@playwright/test'
import {
  expect,
  expectAccessible,
  openFromList,
  pickFilterOption,
  signIn as signInAs,
  test,
} from './fixtures'
import { readDownloadedSheet } from './xlsx'

/**
 * A local stand-in for the external DNI provider (RENIEC style). The system under test reads
 * DNI_LOOKUP_URL=http://127.0.0.1:<E2E_PORT_BASE + 3>/dni at start; this answers any DNI starting
 * with 7 with names derived from it.
 */
const providerPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 3
const PEOPLE: Record<string, { nombres: string; apellidoPaterno: string; apellidoMaterno: string }> = {
  js: { nombres: 'LUCÍA ISABEL', apellidoPaterno: 'PAREDES', apellidoMaterno: 'QUISPE' },
  nojs: { nombres: 'MARCO ANTONIO', apellidoPaterno: 'TICONA', apellidoMaterno: 'MAMANI' },
}
let provider: Server | undefined

test.beforeAll(async () => {
  const server = createServer((req, res) => {
    const dni = (req.url ?? '').split('/').pop() ?? ''
    const person = dni.startsWith('71') ? PEOPLE.js : dni.startsWith('72') ? PEOPLE.nojs : null
    res.writeHead(person ? 200 : 404, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(person ?? {}))
  })
  await new Promise<void>((resolve) => {
    server.once('error', () => resolve()) // another worker already serves it
    server.listen(providerPort, '127.0.0.1', () => {
      provider = server
      resolve()
    })
  })
})
test.afterAll(() => provider?.close())

/** A fresh DNI for this run: 71… with JavaScript, 72… without (the provider knows both). */
const freshDni = (js: boolean) => `${js ? 71 : 72}${String(Date.now()).slice(-6)}`

async function chooseDistrict(page: Page, js: boolean, term: string, option: string) {
  if (js) {
    await page.getByRole('combobox', { name: /^Ubigeo \(distrito\)/ }).fill(term)
    await page.getByRole('option', { name: option }).click()
  } else {
    await page.getByRole('searchbox', { name: 'Buscar ubigeo (distrito)' }).fill(term)
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.getByRole('combobox', { name: /^Ubigeo \(distrito\)/ }).selectOption({ label: option })
  }
}

/** The personal section (the bank section repeats its document as read-only copies). */
const personal = (page: Page) => page.getByRole('group', { name: 'Datos personales' })

const totalOf = async (page: Page) =>
  Number(
    (await page.getByText(/Mostrando .* de [\d,]+/).textContent())
      ?.match(/de ([\d,]+)/)?.[1]
      .replace(',', ''),
  )

test.describe('Colaboradores', () => {
  test('create with the DNI look-up, field rules, then edit', async ({
    page,
    signIn,
    javaScriptEnabled: js,
  }) => {
    await signIn('rrhh')
    await page.getByRole('link', { name: 'Colaboradores' }).first().click()
    await expect(page.getByRole('heading', { name: 'Colaboradores', exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nuevo colaborador' })).toBeVisible()
    await expectAccessible(page)

    // The DNI look-up fills names and surnames: on the 8th digit with JavaScript, 'Buscar' without.
    const dni = freshDni(js)
    const person = js ? PEOPLE.js : PEOPLE.nojs
    await personal(page).getByLabel('Número de documento').fill(dni)
    if (!js) await page.getByRole('button', { name: 'Buscar DNI' }).click()
    await expect(page.getByLabel('Nombres')).toHaveValue(person.nombres)
    await expect(page.getByLabel('Apellidos')).toHaveValue(
      `${person.apellidoPaterno} ${person.apellidoMaterno}`,
    )
    await expect(page.getByLabel('Titular de la cuenta')).toHaveValue(
      `${person.nombres} ${person.apellidoPaterno} ${person.apellidoMaterno}`,
    )

    // Every other field, with four bad values.
    await page.getByLabel('Fecha de nacimiento').fill('17/08/1992')
    await page.getByLabel('Sexo').selectOption({ label: js ? 'Femenino' : 'Masculino' })
    await page.getByLabel('Dirección').fill('Calle Santa Marta 214, Cercado')
    await chooseDistrict(page, js, 'Miraflores', 'MIRAFLORES — AREQUIPA / AREQUIPA')
    await page.getByLabel('Celular').fill('98765432')
    await page.getByLabel('Correo electrónico').fill('lucia.paredes@')
    await page.getByLabel('Teléfono de emergencia').fill('812345678')
    await page.getByLabel('Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
    await page.getByLabel('Número de cuenta').fill('1917654321098')
    await page.getByLabel('CCI', { exact: true }).fill('00212345678901234567')
    await page.getByRole('button', { name: 'Guardar' }).click()
    const errors = page.getByTestId('field-error')
    await expect(errors.filter({ hasText: 'Ingresa un celular válido de 9 dígitos' })).toBeVisible()
    await expect(errors.filter({ hasText: 'Ingresa un correo electrónico válido' })).toBeVisible()
    await expect(errors.filter({ hasText: 'Teléfono de emergencia debe empezar con 9' })).toBeVisible()
    await expect(errors.filter({ hasText: 'Número de CCI inválido' })).toBeVisible()
    await expect(errors).toHaveCount(4)
    await expect(page.getByLabel('Celular')).toBeFocused()
    await page.getByLabel('Celular').fill('812345678')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(errors.filter({ hasText: 'Celular debe empezar con 9' })).toBeVisible()

    // Corrected, it saves and moves to the edit route.
    await page.getByLabel('Celular').fill('987654321')
    await page.getByLabel('Correo electrónico').fill('lucia.paredes@example.com')
    await page.getByLabel('Teléfono de emergencia').fill('912345678')
    await page.getByLabel('CCI', { exact: true }).fill(buildCci('002', '191', '7654321098'))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page).toHaveURL(/\/colaboradores\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Editar colaborador' })).toBeVisible()
    await expect(personal(page).getByLabel('Número de documento')).toHaveValue(dni)
    // The saved birth date reads as it was typed, not as the API stores it (1992-08-17).
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('17/08/1992')
    await expectAccessible(page)

    // The same document again is refused beside the field.
    await page.goto('/colaboradores/crear')
    await personal(page).getByLabel('Número de documento').fill(dni)
    if (!js) await page.getByRole('button', { name: 'Buscar DNI' }).click()
    await expect(
      page.getByTestId('lookup-note').filter({ hasText: 'Ya existe un colaborador registrado' }),
    ).toBeVisible()

    // Found by search, with its district.
    await page.goto(`/colaboradores?search=${dni}`)
    const row = page.getByRole('row', { name: new RegExp(dni) })
    await expect(row).toHaveCount(1)
    await row.getByRole('link', { name: 'Ver datos' }).click()
    await expect(page.getByRole('heading', { name: 'Datos del colaborador' })).toBeVisible()
    await expect(page.getByText('MIRAFLORES — AREQUIPA / AREQUIPA')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Datos personales' }).getByText('Perú', { exact: true }),
    ).toBeVisible()
  })

  test('a DNI not on file clears the names the previous look-up filled', async ({
    page,
    signIn,
    javaScriptEnabled: js,
  }) => {
    await signIn('rrhh')
    await page.goto('/colaboradores/crear')
    const person = js ? PEOPLE.js : PEOPLE.nojs
    const lookUp = async (dni: string) => {
      await personal(page).getByLabel('Número de documento').fill(dni)
      if (!js) await page.getByRole('button', { name: 'Buscar DNI' }).click()
    }
    await lookUp(freshDni(js))
    await expect(page.getByLabel('Nombres')).toHaveValue(person.nombres)
    await expect(page.getByLabel('Titular de la cuenta')).not.toHaveValue('')

    // The provider knows no DNI starting with 8: the other person's names must not stay.
    await lookUp('80000001')
    await expect(
      page.getByTestId('lookup-note').filter({ hasText: 'No se encontraron datos para el DNI ingresado' }),
    ).toBeVisible()
    await expect(page.getByLabel('Nombres')).toHaveValue('')
    await expect(page.getByLabel('Apellidos')).toHaveValue('')
    await expect(page.getByLabel('Titular de la cuenta')).toHaveValue('')

    // Found again, then the DNI changed and saved straight away: nothing is stored under it.
    await lookUp(freshDni(js))
    await expect(page.getByLabel('Nombres')).toHaveValue(person.nombres)
    await personal(page).getByLabel('Número de documento').fill('80000002')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error').filter({ hasText: 'Nombres son requeridos' })).toBeVisible()
    await expect(page.getByLabel('Nombres')).toHaveValue('')
    await expect(page).toHaveURL(/\/colaboradores\/crear$/)
  })

  test('filter by area and company, remove a chip, open the details', async ({ page, signIn }) => {
    await signIn('rrhh')
    await page.goto('/colaboradores')
    await expectAccessible(page)
    await page.getByText('Filtrar').click()
    await pickFilterOption(page, 'Área', 'operaciones', 'Operaciones')
    await page.getByLabel('Empresa').selectOption({ label: 'Textiles San Martín E.I.R.L.' })
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Área: Operaciones')).toBeVisible()
    await expect(page.getByText('Empresa: Textiles San Martín E.I.R.L.')).toBeVisible()
    const rows = page.locator('tbody tr')
    await expect(rows.first()).toBeVisible()
    const filtered = await rows.count()
    for (const row of await rows.all()) {
      await expect(row.getByRole('cell', { name: 'Operaciones', exact: true })).toBeVisible()
      await expect(row.getByRole('cell', { name: 'Textiles San Martín E.I.R.L.' })).toBeVisible()
    }

    // Without the area chip: every employee of the company, in any area.
    await page.getByRole('link', { name: 'Quitar filtro Área: Operaciones' }).click()
    await expect(page.getByText('Área: Operaciones')).toHaveCount(0)
    await expect(page.getByText('Empresa: Textiles San Martín E.I.R.L.')).toBeVisible()
    await expect.poll(() => rows.count()).toBeGreaterThan(filtered)
    await expect(page.getByRole('cell', { name: 'Textiles San Martín E.I.R.L.' })).toHaveCount(
      await rows.count(),
    )
    await expect(page.getByRole('cell', { name: 'Operaciones', exact: true })).toHaveCount(filtered)

    await rows.first().getByRole('link', { name: 'Ver datos' }).click()
    // The link carries the list as it was ('desde'), for Volver.
    await expect(page).toHaveURL(/\/colaboradores\/\d+\/detalle(\?desde=[^#]*)?$/)
    await expect(page.getByRole('heading', { name: 'Datos del colaborador' })).toBeVisible()
    for (const section of ['Datos personales', 'Datos de contacto', 'Datos bancarios']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible()
    }
    await expect(page.getByText('Textiles San Martín E.I.R.L.')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Volver' }).click()
    await expect(page.getByRole('heading', { name: 'Colaboradores', exact: true })).toBeVisible()
  })

  test('confirm the bank data and see who confirmed them', async ({
    page,
    signIn,
    javaScriptEnabled: js,
  }) => {
    await signIn('rrhh')
    // Demo employees whose bank data nobody has confirmed yet (one per run).
    const surname = js ? 'Huamán Flores' : 'Condori Ccama'
    await openFromList(page, '/colaboradores', surname, 'Editar')
    await expect(page.getByRole('heading', { name: 'Editar colaborador' })).toBeVisible()
    await expect(page.getByLabel('Confirmado por')).toHaveValue('---')
    await page.getByRole('switch', { name: 'Datos bancarios confirmados' }).check()
    if (js)
      await expect(page.getByLabel('Confirmado por')).toHaveValue(
        'rrhh@planillas.pe (se registrará al guardar)',
      )
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page.getByLabel('Confirmado por')).toHaveValue(/^rrhh@planillas\.pe \(\d{2}\/\d{2}\/\d{4}/)
    await expect(page.getByRole('switch', { name: 'Datos bancarios confirmados' })).toBeChecked()
    await page.goto(page.url().replace(/\/(\d+)$/, '/$1/detalle'))
    await expect(page.getByText(/^rrhh@planillas\.pe \(/)).toBeVisible()
  })

  test('four eyes: a changed account waits for another user to confirm it', async ({
    page,
    signIn,
    browser,
    baseURL,
    javaScriptEnabled: js,
  }) => {
    await signIn('rrhh')
    // Demo employees nobody else touches (one per run).
    await openFromList(page, '/colaboradores', js ? 'Inga Yupanqui' : 'Navarro Benites', 'Editar')
    await expect(page.getByRole('heading', { name: 'Editar colaborador' })).toBeVisible()
    const editUrl = page.url()
    const confirmed = (p: Page) => p.getByRole('switch', { name: 'Datos bancarios confirmados' })
    // A new BCP account and its own CCI (the office, then the number), saved with the switch on.
    const account = `191${String(Date.now()).slice(-10)}`
    await page.getByLabel('Banco').selectOption({ label: 'Banco de Crédito del Perú (BCP)' })
    await page.getByLabel('Número de cuenta').fill(account)
    await page.getByLabel('CCI', { exact: true }).fill(buildCci('002', '191', account.slice(3)))
    await confirmed(page).check()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page.getByLabel('Modificado por')).toHaveValue(/^rrhh@planillas\.pe \(\d{2}\/\d{2}\/\d{4}/)
    await expect(page.getByLabel('Confirmado por')).toHaveValue(
      'Pendiente: otro usuario debe confirmar los datos bancarios',
    )
    await expect(confirmed(page)).not.toBeChecked()

    // Who changed it cannot confirm it.
    await confirmed(page).check()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(
      page.getByTestId('field-error').filter({
        hasText: 'Usted registró o modificó estos datos bancarios: debe confirmarlos otro usuario',
      }),
    ).toBeVisible()

    // Another user confirms it; the details name both.
    const other = await browser.newContext({ baseURL, javaScriptEnabled: js })
    try {
      const admin = await other.newPage()
      await signInAs(admin, 'admin')
      await admin.goto(editUrl)
      await confirmed(admin).check()
      await admin.getByRole('button', { name: 'Guardar' }).click()
      await expect(admin.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await expect(admin.getByLabel('Confirmado por')).toHaveValue(/^admin@planillas\.pe \(/)
      await admin.goto(editUrl.replace(/\/(\d+)(\?.*)?$/, '/$1/detalle'))
      await expect(admin.getByText(/^admin@planillas\.pe \(/)).toBeVisible()
      await expect(admin.getByText(/^rrhh@planillas\.pe \(/)).toBeVisible()
    } finally {
      await other.close()
    }
  })

  test('download the filtered list: one row per employee, with labels', async ({ page, signIn }) => {
    await signIn('rrhh')
    await page.goto('/colaboradores?companyId=1')
    const total = await totalOf(page)
    expect(total).toBeGreaterThan(0)
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const sheet = await readDownloadedSheet(await downloadPromise)
    expect(sheet[0].slice(0, 9)).toEqual([
      'Código',
      'Tipo de documento',
      'Número de documento',
      'Nombres',
      'Apellidos',
      'Empresa',
      'Área',
      'Cargo',
      'Estado',
    ])
    expect(sheet.length - 1).toBe(total)
    expect(new Set(sheet.slice(1).map((r) => r[5]))).toEqual(new Set(['Agroindustrial del Norte S.A.C.']))
    expect(sheet[1][1]).toBe('DNI')
  })
})
