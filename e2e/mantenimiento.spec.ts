import { rucCheckDigit } from '@planillas/domain'
import { confirmStatusChange, expect, expectAccessible, openFromList, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test.describe('Mantenimiento', () => {
  test('áreas: create, edit, search, filter, page, change status and download', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('admin')
    await page.getByRole('link', { name: 'Áreas', exact: true }).first().click()
    await expect(page.getByRole('heading', { name: 'Áreas' })).toBeVisible()
    await expectAccessible(page)

    // Create: an empty description is refused beside the field, then saved and moved to the edit route.
    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nueva área' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText('Descripción es requerida')
    await expect(page.getByLabel('Descripción')).toBeFocused()
    const name = unique('Área E2E')
    await page.getByLabel('Descripción').fill(name)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page).toHaveURL(/\/areas\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Editar área' })).toBeVisible()

    // Edit, then find it by search.
    await page.getByLabel('Descripción').fill(`${name} editada`)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await page.getByRole('link', { name: 'Volver' }).click()
    await page.getByRole('searchbox').fill(`${name} editada`)
    await page.getByRole('button', { name: 'Buscar' }).click()
    const row = page.getByRole('row', { name: new RegExp(`${name} editada`) })
    await expect(row).toHaveCount(1)
    await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()

    // Suspend it, then filter by status with a removable chip.
    await row.getByRole('link', { name: 'Suspender' }).click()
    await confirmStatusChange(page, javaScriptEnabled)
    await expect(
      page.getByRole('row', { name: new RegExp(`${name} editada`) }).getByText('SUSPENDIDO'),
    ).toBeVisible()
    await page.getByRole('searchbox').fill('')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await page.getByText('Filtrar').click()
    await page.getByLabel('Estado').selectOption({ label: 'SUSPENDIDO' })
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Estado: SUSPENDIDO')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(`${name} editada`) })).toHaveCount(1)
    await expect(page.getByRole('row', { name: /Administración/ })).toHaveCount(0)
    await page.getByRole('link', { name: 'Quitar filtro Estado: SUSPENDIDO' }).click()
    await expect(page.getByText('Estado: SUSPENDIDO')).toHaveCount(0)

    // Paging: the seed has more than ten areas.
    await page.getByRole('link', { name: 'Página 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page')

    // The download has one row per area in the list.
    await page.goto('/areas')
    const total = Number(
      (await page.getByText(/Mostrando .* de \d+/).textContent())?.match(/de ([\d,]+)/)?.[1].replace(',', ''),
    )
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const rows = await readDownloadedSheet(await downloadPromise)
    expect(rows[0]).toEqual(['Código', 'Descripción', 'Estado', 'Fecha de creación'])
    expect(rows.length - 1).toBe(total)
  })

  test('empresas: invalid and duplicate RUC, create, details', async ({ page, signIn }) => {
    await signIn('rrhh')
    await page.goto('/empresas')
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nueva empresa' })).toBeVisible()
    await page.getByLabel('R.U.C.').fill('20131312956')
    await page.getByLabel('Razón social').fill('Empresa de Prueba S.A.C.')
    await page.getByLabel('Dirección fiscal').fill('Av. Arequipa 1234, Lince')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByText('RUC inválido: el dígito verificador no corresponde')).toBeVisible()

    // A RUC of a demo company.
    await page.getByLabel('R.U.C.').fill(`2060123456${rucCheckDigit('2060123456')}`)
    await page.getByRole('button', { name: 'Guardar' }).click()
    // The server's refusal beside the field (with JavaScript the look-up may say so first: wait for the server).
    await expect(
      page
        .getByTestId('field-error')
        .filter({ hasText: 'Ya existe una empresa registrada con el mismo RUC' }),
    ).toBeVisible()

    const stem = `20${String(Date.now()).slice(-8)}`
    const ruc = `${stem}${rucCheckDigit(stem)}`
    await page.getByLabel('R.U.C.').fill(ruc)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page.getByRole('heading', { name: 'Editar empresa' })).toBeVisible()
    await expect(page.getByLabel('R.U.C.')).toHaveAttribute('readonly', '')

    await openFromList(page, '/empresas', ruc, 'Ver datos')
    await expect(page.getByRole('heading', { name: 'Datos de la empresa' })).toBeVisible()
    await expect(page.getByText('Av. Arequipa 1234, Lince')).toBeVisible()
    await expect(page.getByText('---')).toBeVisible()
    await expectAccessible(page)

    // 'Agregar cuenta': refused with the API's own messages, nothing added; then added.
    const account = `19${String(Date.now()).slice(-10)}`
    await page.locator('select[name="bankCode"]').selectOption('002')
    await page.locator('input[name="account"]').fill('123')
    await page.locator('input[name="interAccount"]').fill('00212345678901234567')
    await page.getByRole('button', { name: 'Agregar cuenta' }).click()
    const refused = page.getByRole('alert').filter({ hasText: 'Número de cuenta' })
    await expect(refused).toContainText('Número de cuenta solo admite dígitos (de 6 a 20)')
    await expect(refused).toContainText('El CCI debe tener 20 dígitos y dígitos de control válidos')
    await expect(page.getByRole('cell', { name: '123', exact: true })).toHaveCount(0)
    await page.locator('select[name="bankCode"]').selectOption('002')
    await page.locator('input[name="account"]').fill(account)
    await page.locator('input[name="interAccount"]').fill('')
    await page.getByRole('button', { name: 'Agregar cuenta' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Cuenta registrada correctamente')
    await expect(page.getByRole('cell', { name: account, exact: true })).toBeVisible()
  })

  test('cargos: create and no download button', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/cargos')
    await expect(page.getByRole('link', { name: 'Descargar' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nuevo cargo' })).toBeVisible()
    const name = unique('Cargo E2E')
    await page.getByLabel('Descripción').fill(name)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('heading', { name: 'Editar cargo' })).toBeVisible()
    await page.goto(`/cargos?search=${encodeURIComponent(name)}`)
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1)
  })

  test('the read-only user sees lists but cannot reach a form', async ({ page, signIn }) => {
    await signIn('lector')
    await page.goto('/areas')
    await expect(page.getByRole('heading', { name: 'Áreas' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Agregar' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0)
    const response = await page.goto('/areas/crear')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible()
    expect((await page.goto('/estado/areas/1?status=2'))?.status()).toBe(403)
  })

  test("a status page for Object's own members or a huge id is a 404, not a server fault", async ({
    page,
    signIn,
  }) => {
    await signIn('admin')
    for (const path of [
      '/estado/__proto__/1',
      '/estado/__proto__/1?status=2',
      '/estado/constructor/1?status=2',
      '/estado/toString/1?status=2',
      '/estado/areas/2147483648?status=2',
      '/areas/2147483648',
      '/empresas/2147483648/detalle',
      '/colaboradores/2147483648/detalle',
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404)
      await expect(page.getByText('Ocurrió un error')).toHaveCount(0)
    }
  })
})

test.describe('Auditoría', () => {
  test('shows the changes just made with their actor, filters them and downloads', async ({
    page,
    signIn,
  }) => {
    await signIn('admin')
    const name = unique('Auditada')
    await page.goto('/cargos/crear')
    await page.getByLabel('Descripción').fill(name)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByRole('heading', { name: 'Editar cargo' })).toBeVisible()

    await page.getByRole('link', { name: 'Auditoría' }).first().click()
    await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('searchbox').fill(name)
    await page.getByRole('button', { name: 'Buscar' }).click()
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('Creación')).toBeVisible()
    await expect(row.getByRole('cell', { name: 'admin', exact: true })).toBeVisible()

    await page.getByText('Filtrar').click()
    await page.getByLabel('Acción').selectOption({ label: 'Inicio de sesión' })
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
    await expect(page.getByText('Acción: Inicio de sesión')).toBeVisible()

    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const rows = await readDownloadedSheet(await downloadPromise)
    expect(rows[0]).toEqual(['Acción', 'Fecha y hora', 'Usuario', 'Descripción'])
  })

  test('is closed to the HR clerk and read-only for the download', async ({ page, signIn }) => {
    await signIn('rrhh')
    await expect(page.getByRole('link', { name: 'Auditoría' })).toHaveCount(0)
    expect((await page.goto('/auditoria'))?.status()).toBe(403)
  })
})
