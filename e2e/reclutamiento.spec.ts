import { expect, expectAccessible, pickBySearch, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
const randomDni = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999))
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

test.describe('Reclutamiento', () => {
  test('vacantes: refused and saved form, sanitised details, search, details with applicants and download', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    await signIn('admin')
    await page.goto('/reclutamiento/vacantes')
    await expect(page.getByRole('heading', { name: 'Vacantes' })).toBeVisible()
    await expect(page.getByRole('row', { name: /VAC-2026-001/ })).toHaveCount(1)
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Agregar' }).click()
    await expect(page.getByRole('heading', { name: 'Nueva vacante' })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Guardar' }).click()
    const errors = page.getByTestId('field-error')
    await expect(errors).toContainText([
      'Código de vacante es requerido',
      'Rol es requerido',
      'Área es requerida',
      'Años de experiencia es requerido',
      'Colaborador es requerido',
      'Detalle de la vacante es requerido',
    ])
    await expect(page.getByLabel('Código de Vacante')).toBeFocused()

    const code = `E2E-${suffix()}`
    await page.getByLabel('Código de Vacante').fill(code)
    await page.getByLabel(/^Rol/).selectOption({ label: 'Chofer' })
    await page.getByLabel(/^Área/).selectOption({ label: 'Logística' })
    await page.getByLabel('Años de experiencia mínima requerida').fill('dos')
    await pickBySearch(page, 'Solicitado por', 'Quispe Mamani', /María Elena Quispe Mamani/)
    // HTML typed by hand: in the textarea without JavaScript, in the editor's HTML view with it.
    if (javaScriptEnabled) await page.getByRole('button', { name: 'Ver y editar el HTML' }).click()
    await page
      .getByLabel('Detalle de la vacante')
      .fill('<p>Licencia <strong>A-IIb</strong></p><script>window.hacked = 1</script>')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(errors).toHaveText('Años de experiencia debe ser un valor numérico')
    await page.getByLabel('Años de experiencia mínima requerida').fill('2')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page).toHaveURL(/\/reclutamiento\/vacantes\/\d+\/editar$/)
    await expect(page.getByRole('heading', { name: 'Editar vacante' })).toBeVisible()
    if (javaScriptEnabled) {
      // The visual editor shows it formatted; centring it there is kept as the allowed style.
      const editor = page.getByRole('textbox', { name: 'Detalle de la vacante' })
      await expect(editor.locator('strong')).toHaveText('A-IIb')
      await page.getByRole('button', { name: 'Pantalla completa' }).click()
      await expect(page.getByRole('button', { name: 'Pantalla completa' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      await page.keyboard.press('Escape')
      await expect(page.getByRole('button', { name: 'Pantalla completa' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await editor.click()
      await page.keyboard.press('ControlOrMeta+A')
      await page.getByRole('button', { name: 'Centrar' }).click()
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
      await page.getByRole('button', { name: 'Ver y editar el HTML' }).click()
      await expect(page.getByLabel('Detalle de la vacante')).toHaveValue(
        /^<p style="text-align:\s*center;?">Licencia <strong>A-IIb<\/strong><\/p>$/,
      )
    } else {
      await expect(page.getByLabel('Detalle de la vacante')).toHaveValue(
        '<p>Licencia <strong>A-IIb</strong></p>',
      )
    }
    // The requester chosen before the refused save is the one saved.
    const requester = page.getByLabel(/^Solicitado por/)
    if (javaScriptEnabled) await expect(requester).toHaveValue('María Elena Quispe Mamani')
    else await expect(requester.locator('option:checked')).toHaveText('María Elena Quispe Mamani')

    await page.goto('/reclutamiento/vacantes')
    await page.getByRole('searchbox').fill(code)
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(new RegExp(`search=${code}`))
    const row = page.getByRole('row', { name: new RegExp(code) })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('ACTIVO')).toBeVisible()

    // Search by an applicant's name finds the vacancy; its details list the real applicants.
    await page.getByRole('searchbox').fill('Carla Ramos')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/search=Carla/)
    await expect(page.getByRole('row', { name: /VAC-2026-001/ })).toHaveCount(1)
    await page
      .getByRole('row', { name: /VAC-2026-001/ })
      .getByRole('link', { name: 'Ver datos' })
      .click()
    await expect(page.getByRole('heading', { name: 'Datos de la vacante' })).toBeVisible()
    await expect(page.getByRole('row', { name: /Carla Ramos Díaz/ })).toHaveCount(1)
    await expect(page.getByText('Excel avanzado')).toBeVisible()
    await expectAccessible(page)

    await page.goto('/reclutamiento/vacantes?status=1')
    await expect(page.getByText('Estado: ACTIVO')).toBeVisible()
    const total = Number(
      (await page.getByText(/Mostrando .* de \d+/).textContent())?.match(/de ([\d,]+)/)?.[1].replace(',', ''),
    )
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Descargar' }).click()
    const rows = await readDownloadedSheet(await downloadPromise)
    expect(rows[0][0]).toBe('Código de vacante')
    expect(rows.length - 1).toBe(total)
  })

  test('postulantes: CV checked by content, saved with its CV, Ver CV on the vacancy, filters', async ({
    page,
    signIn,
  }) => {
    await signIn('rrhh')
    await page.goto('/reclutamiento/postulantes')
    await expect(page.getByRole('heading', { name: 'Postulantes' })).toBeVisible()
    await expectAccessible(page)

    await page.getByText('Filtrar').click()
    await page.getByLabel('Vacaciones pendientes').selectOption({ label: 'Sí' })
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Vacaciones pendientes: Sí')).toBeVisible()
    await expect(page.getByRole('row', { name: /Carla Ramos Díaz/ })).toHaveCount(1)
    await expect(page.getByRole('row', { name: /Pedro Salazar/ })).toHaveCount(0)

    await page.goto('/reclutamiento/postulantes/crear')
    await expect(page.getByRole('heading', { name: 'Nuevo postulante' })).toBeVisible()
    await expectAccessible(page)
    const dni = randomDni()
    const surname = `Prueba ${suffix()}`
    await page.getByLabel('Número de documento').fill(dni)
    await page.getByLabel('Nombres').fill('Elena')
    await page.getByLabel('Apellidos').fill(surname)
    await page.getByLabel('Correo electrónico').fill('elena@correo.pe')
    await page.getByLabel('Celular').fill('912345678')
    await page.getByLabel('Vacante').selectOption({ label: 'VAC-2026-003 — Almacenero (Almacén)' })
    await page
      .getByLabel(/^CV/)
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ no es pdf') })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('field-error')).toHaveText(
      'El contenido del CV no corresponde a un archivo .pdf, .doc o .docx',
    )

    await page
      .getByLabel(/^CV/)
      .setInputFiles({ name: 'cv elena.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Se almacenó la información correctamente')
    await expect(page).toHaveURL(/\/reclutamiento\/postulantes\/\d+\/editar$/)
    await expect(page.getByRole('link', { name: 'cv elena.pdf' })).toBeVisible()

    await page.goto('/reclutamiento/postulantes')
    await page.getByRole('searchbox').fill(dni)
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(new RegExp(`search=${dni}`))
    await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible()
    const row = page.getByRole('row', { name: new RegExp(surname) })
    await expect(row).toHaveCount(1)
    await row.getByRole('link', { name: 'Ver datos' }).click()
    await expect(page.getByRole('heading', { name: 'Datos del postulante' })).toBeVisible()
    await page.getByRole('link', { name: 'Ver vacante' }).click()
    await expect(page.getByRole('heading', { name: 'Datos de la vacante' })).toBeVisible()
    const applicantRow = page.getByRole('row', { name: new RegExp(surname) })
    const downloadPromise = page.waitForEvent('download')
    await applicantRow.getByRole('link', { name: 'Ver CV' }).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toBe('cv elena.pdf')
  })
})
